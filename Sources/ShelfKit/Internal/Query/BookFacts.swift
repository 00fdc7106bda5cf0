/// A book as queries see it: the values of each field, folded and typed, and its words.
///
/// The index stores exactly these values, and the in-memory evaluation computes them the same
/// way, so both answer a query alike.
struct BookFacts: Sendable {
    /// One value of a field: folded text, and the interval a number or date covers.
    struct Value: Sendable, Hashable {
        var text: String?
        var low: Double?
        var high: Double?

        static func text(_ text: String) -> Value { Value(text: TextFolding.fold(text), low: nil, high: nil) }
        static func number(_ number: Double) -> Value { Value(text: nil, low: number, high: number) }
        static func day(_ day: Day) -> Value { Value(text: nil, low: QueryDate.number(day), high: QueryDate.number(day)) }
    }

    /// The field values, keyed by ``QueryField/storageName``, built-in fields in the order of
    /// ``BookSchema/queryFields`` and then custom keys; without `progress`, only those of the
    /// book's own file (none that ``QueryField/needsSessions``), as the index stores them per book.
    static func values(of book: Book, progress: ReadingProgress?) -> [(field: String, value: Value)] {
        var result: [(field: String, value: Value)] = []
        for definition in BookSchema.queryFields {
            for value in definition.values(book, progress) { result.append((definition.field.storageName, value)) }
        }
        for entry in book.extra {
            for value in customValues(entry.value) { result.append((QueryField.custom(entry.key).storageName, value)) }
        }
        return result
    }

    /// A custom key's values: each item of a list, scalars as text, numbers and days also as intervals.
    static func customValues(_ value: YAMLValue) -> [Value] {
        switch value {
        case .null: []
        case .list(let items): items.flatMap { item -> [Value] in
            if case .list = item { return [.text(item.description)] }
            return customValues(item)
        }
        case .string(let text): [.text(text)]
        case .bool(let flag): [.text(flag ? "true" : "false")]
        case .int(let number): [Value(text: String(number), low: Double(number), high: Double(number))]
        case .double(let number): [Value(text: TextFolding.fold(number.description), low: number.isFinite ? number : nil,
                                         high: number.isFinite ? number : nil)]
        case .day(let day): [Value(text: day.description, low: QueryDate.number(day), high: QueryDate.number(day))]
        case .mapping: [.text(value.description)]
        }
    }

    /// The text columns full-text search reads, in the index's column order: the fields of
    /// ``BookSchema/searchedFields``, then the body.
    static func documentColumns(of book: Book) -> [String] {
        BookSchema.searchedFields.map { $0.searchText(of: book) } + [book.body]
    }

    /// The columns of a session's document: only the note, in the body's place.
    static func documentColumns(of session: ReadingSession) -> [String] {
        Array(repeating: "", count: BookSchema.searchedFields.count) + [session.note]
    }
}

extension QueryPredicate {
    /// Whether one value satisfies the predicate, as the index's SQL decides it: text by UTF-8
    /// bytes, numbers and dates by their intervals.
    func matches(_ value: BookFacts.Value) -> Bool {
        switch self {
        case .contains(let needle):
            guard let text = value.text else { return false }
            return needle.isEmpty || Self.bytes(text.utf8, contain: Array(needle.utf8))
        case .equals(let operand): return value.text.map { $0.utf8.elementsEqual(operand.utf8) } ?? false
        case .textLess(let operand): return value.text.map { Self.order($0, operand) < 0 } ?? false
        case .textLessOrEqual(let operand): return value.text.map { Self.order($0, operand) <= 0 } ?? false
        case .textGreater(let operand): return value.text.map { Self.order($0, operand) > 0 } ?? false
        case .textGreaterOrEqual(let operand): return value.text.map { Self.order($0, operand) >= 0 } ?? false
        case .within(let low, let high):
            guard let valueLow = value.low, let valueHigh = value.high else { return false }
            return (low.map { valueLow >= $0 } ?? true) && (high.map { valueHigh <= $0 } ?? true)
        case .after(let bound): return value.low.map { $0 > bound } ?? false
        case .notBefore(let bound): return value.low.map { $0 >= bound } ?? false
        case .before(let bound): return value.high.map { $0 < bound } ?? false
        case .notAfter(let bound): return value.high.map { $0 <= bound } ?? false
        }
    }

    /// `memcmp` order, SQLite's BINARY collation.
    private static func order(_ a: String, _ b: String) -> Int {
        var left = a.utf8.makeIterator(), right = b.utf8.makeIterator()
        while true {
            switch (left.next(), right.next()) {
            case (nil, nil): return 0
            case (nil, _): return -1
            case (_, nil): return 1
            case let (x?, y?): if x != y { return x < y ? -1 : 1 }
            }
        }
    }

    private static func bytes(_ haystack: String.UTF8View, contain needle: [UInt8]) -> Bool {
        let bytes = Array(haystack)
        guard bytes.count >= needle.count else { return false }
        for start in 0...(bytes.count - needle.count) where bytes[start] == needle[0] {
            if bytes[start..<(start + needle.count)].elementsEqual(needle) { return true }
        }
        return false
    }
}
