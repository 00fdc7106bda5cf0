/// A book as front matter keys and values, the way files, `shelf set` and JSON output see it.
extension Book {
    /// Every key the book's file has, in canonical order and then the custom keys in file order.
    public var fields: [YAMLValue.Entry] {
        bookFields + extra
    }

    /// The keys the book model owns that the book has, in canonical order, without the custom
    /// keys of ``extra``: output that must keep a custom `status` or `id` apart from shelf's
    /// own names takes the two separately.
    public var bookFields: [YAMLValue.Entry] {
        BookFormat.values(of: self).compactMap { pair in pair.value.map { YAMLValue.Entry(pair.key, $0) } }
    }

    /// The value of a front matter key, book field or custom, or `nil` when the book has none.
    public func value(forKey key: String) -> YAMLValue? {
        fields.first { $0.key == key }?.value
    }

    /// Sets a custom key in place, appends it after the others, or removes it for `nil`; no
    /// check, no typing: for values that already are what the key holds.
    mutating func setExtra(_ key: String, _ value: YAMLValue?) {
        let index = extra.firstIndex { $0.key == key }
        switch (index, value) {
        case let (index?, value?): extra[index].value = value
        case let (index?, nil): extra.remove(at: index)
        case let (nil, value?): extra.append(.init(key, value))
        case (nil, nil): break
        }
    }

    /// The book with one key set (or removed, for `nil`), typed and checked by the same rules as
    /// reading a file: `rating` must be a half between 0.5 and 5, `finished` a date, and so on.
    ///
    /// - Throws: ``ShelfError/invalidValue(path:key:value:reason:line:column:)`` naming the key.
    public func setting(_ key: String, to value: YAMLValue?) throws(ShelfError) -> Book {
        guard !key.isEmpty else {
            throw .invalidValue(path: path, key: "key", value: "", reason: "must not be empty", line: 0, column: 0)
        }
        // `author` is the authors unless the book has a key of that name of its own, as a file
        // with both `authors` and `author` has.
        let key = key == BookFormat.singularAuthorKey && !extra.contains { $0.key == key } ? "authors" : key
        var result = self
        guard let field = BookFormat.fields.first(where: { $0.key == key }) else {
            result.setExtra(key, value)
            return result
        }
        // A book key is typed by the rules of reading a file, from a scratch file that holds it
        // alone (and a title, which every book read needs). Only the key changes: the body and
        // every other value stay exactly as they are.
        var source = Book(title: "")
        if let value {
            let entries = key == "title" ? [YAMLValue.Entry(key, value)] : [.init("title", .string("-")), .init(key, value)]
            let document = try DocumentWriting.newFile(entries: entries, body: "", path: path)
            let location = BookLocation(status: status, folder: folder, slug: id.rawValue)
            let (book, errors) = BookFormat.read(document, at: location)
            for error in errors {
                // Positions point into the scratch file, not the person's: drop them.
                guard case .invalidValue(_, let errorKey, let value, let reason, _, _) = error else { throw error }
                if errorKey == key { throw .invalidValue(path: path, key: key, value: value, reason: reason, line: 0, column: 0) }
            }
            source = book
        } else if key == "title" {
            throw .invalidValue(path: path, key: key, value: "", reason: "cannot be removed; every book needs a title", line: 0, column: 0)
        }
        field.copy(&result, source)
        return result
    }
}
