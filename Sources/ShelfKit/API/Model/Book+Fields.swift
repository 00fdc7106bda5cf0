/// A book as front matter keys and values, the way files, `shelf set` and JSON output see it.
extension Book {
    /// Every key the book's file has, in canonical order and then the custom keys in file order.
    package var fields: [YAMLValue.Entry] {
        bookFields + extra
    }

    /// The keys the book model owns that the book has, in canonical order, without the custom
    /// keys of ``extra``: output that must keep a custom `status` or `id` apart from shelf's
    /// own names takes the two separately.
    package var bookFields: [YAMLValue.Entry] {
        BookFormat.values(of: self).compactMap { pair in pair.value.map { YAMLValue.Entry(pair.key, $0) } }
    }

    /// The value of a front matter key, book field or custom, or `nil` when the book has none.
    public func value(forKey key: String) -> YAMLValue? {
        fields.first { $0.key == key }?.value
    }

    /// Sets a custom key in place, appends it after the others, or removes it for `nil`; no
    /// check, no typing: for values that already are what the key holds.
    package mutating func setExtra(_ key: String, _ value: YAMLValue?) {
        let index = extra.firstIndex { $0.key == key }
        switch (index, value) {
        case let (index?, value?): extra[index].value = value
        case let (index?, nil): extra.remove(at: index)
        case let (nil, value?): extra.append(.init(key, value))
        case (nil, nil): break
        }
    }

    /// The book with one key set (or removed, for `nil`), typed and checked by the same rules as
    /// reading a file: `rating` must be a number, `finished` a date, and so on. A book field is
    /// also reached by its alternative key (`author`) unless the book has a custom key of that name.
    ///
    /// - Throws: ``ShelfError/invalidValue(path:key:value:reason:at:)`` naming the key.
    package func setting(_ key: String, to value: YAMLValue?) throws(ShelfError) -> Book {
        guard !key.isEmpty else {
            throw .invalidValue(path: path, key: "key", value: "", reason: "must not be empty", at: nil)
        }
        var result = self
        guard let field = BookSchema.field(named: key, in: self) else {
            result.setExtra(key, value)
            return result
        }
        func invalid(_ reason: String) -> ShelfError {
            .invalidValue(path: path, key: field.key, value: value.map { $0.text ?? $0.description } ?? "", reason: reason,
                          at: nil)
        }
        guard let value else {
            if field.isRequired { throw invalid("cannot be removed; every book needs a \(field.key)") }
            field.set(&result, nil)
            return result
        }
        switch field.valueType.typed(value) {
        case .failure(let problem):
            throw invalid(problem.reason)
        case .success(let typed):
            if field.isRequired, typed?.messageText.allSatisfy(\.isWhitespace) ?? true {
                throw invalid("is empty; every book needs a \(field.key)")
            }
            field.set(&result, typed)
        }
        return result
    }
}
