/// One field of a book, declared once in ``BookSchema/fields``: its key in the file, the keys a
/// file may hold it under instead, its type and rule, and its names in Swift, JSON, queries and
/// the index.
///
/// Reading and writing files, ``Book/setting(_:to:)``, validation, `Codable`, the index's `books`
/// and `book_facts` columns, query field names and kinds, and the CLI's JSON and CSV output all
/// take the field from here, so a new field is one entry of ``BookSchema/fields`` and its tests.
package final class BookField: Sendable {
    /// The key in a file, and in `shelf set`, JSON records and CSV headers: `stopped_page`.
    package let key: String
    /// Other keys a file may hold the field under, read when ``key`` holds no value: `author`
    /// for `authors`, as Obsidian's book plugins write it. An edit of the field goes to the key
    /// the file has. This is where a library's own key names (`date_read` for `finished`) map.
    package let alternativeKeys: [String]
    /// How a value is read, stored and compared.
    package let valueType: BookValueType
    /// Whether every book has a value (`title`): a file without one is not a book.
    package let isRequired: Bool
    /// The ``Book`` property, also the key of ``Book``'s `Codable` form: `seriesIndex`.
    package let propertyName: String
    /// The names a query uses for the field, the first the one it is shown by: `author`, `authors`.
    package let queryNames: [String]
    /// The column of the index's `books` table that holds the value.
    package let indexColumn: String
    /// How much a search match in the field counts against one in the body (1), or `nil` for a
    /// field full-text search does not read.
    package let searchWeight: Double?
    /// What a value of the right type must also satisfy.
    let rule: BookValueRule?

    /// The book's value, `nil` when the file should not have the key.
    let get: @Sendable (Book) -> BookValue?
    /// Sets the book's property; `nil` empties it.
    let set: @Sendable (inout Book, BookValue?) -> Void
    /// Sets the property in the first book to the second book's (an update applies the keys a
    /// caller changed onto the book as the file holds it now).
    let copy: @Sendable (inout Book, Book) -> Void

    private init(
        key: String, valueType: BookValueType, isRequired: Bool, propertyName: String?, queryNames: [String]?,
        alternativeKeys: [String], rule: BookValueRule?, searchWeight: Double?,
        get: @escaping @Sendable (Book) -> BookValue?, set: @escaping @Sendable (inout Book, BookValue?) -> Void
    ) {
        self.key = key
        self.alternativeKeys = alternativeKeys
        self.valueType = valueType
        self.isRequired = isRequired
        self.propertyName = propertyName ?? Self.camelCase(key)
        self.queryNames = queryNames ?? [key]
        self.indexColumn = key
        self.rule = rule
        self.searchWeight = searchWeight
        self.get = get
        self.set = set
        // Every value a property holds has a `BookValue` that sets it back as it was.
        self.copy = { book, source in set(&book, get(source)) }
    }

    // The accessors are closures rather than key paths: a key path is applied through the Swift
    // runtime (`swift_getAtKeyPath`), which was a tenth of the time to build an index.

    /// A field that a book may leave out: `subtitle`, `pages`, `finished`.
    convenience init<Value: BookFieldValue>(_ key: String, _ get: @escaping @Sendable (Book) -> Value?,
                                _ set: @escaping @Sendable (inout Book, Value?) -> Void,
                                rule: BookValueRule? = nil, propertyName: String? = nil, queryNames: [String]? = nil,
                                alternativeKeys: [String] = [], searchWeight: Double? = nil) {
        self.init(key: key, valueType: Value.valueType, isRequired: false, propertyName: propertyName,
                  queryNames: queryNames, alternativeKeys: alternativeKeys, rule: rule, searchWeight: searchWeight,
                  get: { get($0)?.bookValue }, set: { book, value in set(&book, value.flatMap { Value(bookValue: $0) }) })
    }

    /// Text every book has: `title`. An empty one is refused.
    convenience init(required key: String, _ get: @escaping @Sendable (Book) -> String, _ set: @escaping @Sendable (inout Book, String) -> Void,
         searchWeight: Double? = nil) {
        self.init(key: key, valueType: .text, isRequired: true, propertyName: nil, queryNames: nil,
                  alternativeKeys: [], rule: nil, searchWeight: searchWeight, get: { .text(get($0)) },
                  set: { book, value in set(&book, value.flatMap { String(bookValue: $0) } ?? "") })
    }

    /// A list of text, empty when the file has none: `authors`, `tags`.
    convenience init(list key: String, _ get: @escaping @Sendable (Book) -> [String], _ set: @escaping @Sendable (inout Book, [String]) -> Void,
         queryNames: [String]? = nil, alternativeKeys: [String] = [], searchWeight: Double? = nil) {
        self.init(key: key, valueType: .textList, isRequired: false, propertyName: nil,
                  queryNames: queryNames, alternativeKeys: alternativeKeys, rule: nil, searchWeight: searchWeight,
                  get: { book in let items = get(book); return items.isEmpty ? nil : .textList(items) },
                  set: { book, value in if case .textList(let items)? = value { set(&book, items) } else { set(&book, []) } })
    }

    /// The key's value in a book as front matter, `nil` when the file should not have the key.
    func value(_ book: Book) -> YAMLValue? {
        get(book)?.yamlValue
    }

    /// The field's text as full-text search reads it: list items joined by spaces, `""` for none.
    func searchText(of book: Book) -> String {
        searchText(of: get(book))
    }

    /// The same text from the field's value alone: the index fills the full-text table from
    /// its columns without building each book.
    func searchText(of value: BookValue?) -> String {
        switch value {
        case .textList(let items)?: items.joined(separator: " ")
        case let value?: value.messageText
        case nil: ""
        }
    }

    /// The name queries show the field by.
    var queryName: String { queryNames.first ?? key }

    /// The key that holds the field in `document`: an alternative key when it has a value and
    /// ``key`` has none (absent, or empty as in vaults made from Goodreads exports: `authors:`).
    func fileKey(in document: FrontMatterDocument) -> String {
        guard !alternativeKeys.isEmpty, !Self.holdsValue(document[key]) else { return key }
        return alternativeKeys.first { Self.holdsValue(document[$0]) } ?? key
    }

    /// Whether `node` holds something: not null, not empty text, not an empty list. Read from
    /// the node as written rather than its resolved value, which typed every item of a list.
    private static func holdsValue(_ node: YAMLNode?) -> Bool {
        guard let node else { return false }
        switch node {
        // Only a string can have empty text without being null (`''`).
        case .scalar(let scalar): return !scalar.isNull && !scalar.text.isEmpty
        case .sequence(let sequence): return !sequence.items.isEmpty
        case .mapping: return true
        }
    }

    /// `stopped_page` → `stoppedPage`.
    private static func camelCase(_ key: String) -> String {
        let words = key.split(separator: "_")
        guard let first = words.first else { return key }
        return String(first) + words.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }
}

/// A Swift type a book field holds, and the ``BookValueType`` it is read as.
protocol BookFieldValue: Sendable {
    static var valueType: BookValueType { get }
    init?(bookValue value: BookValue)
    var bookValue: BookValue { get }
}

extension String: BookFieldValue {
    static var valueType: BookValueType { .text }
    init?(bookValue value: BookValue) {
        guard case .text(let text) = value else { return nil }
        self = text
    }
    var bookValue: BookValue { .text(self) }
}

extension Int: BookFieldValue {
    static var valueType: BookValueType { .integer }
    init?(bookValue value: BookValue) {
        guard case .integer(let number) = value else { return nil }
        self = number
    }
    var bookValue: BookValue { .integer(self) }
}

extension Double: BookFieldValue {
    static var valueType: BookValueType { .number }
    init?(bookValue value: BookValue) {
        guard case .number(let number) = value else { return nil }
        self = number
    }
    var bookValue: BookValue { .number(self) }
}

extension Day: BookFieldValue {
    static var valueType: BookValueType { .day }
    init?(bookValue value: BookValue) {
        guard case .day(let day) = value else { return nil }
        self = day
    }
    var bookValue: BookValue { .day(self) }
}

extension Publication: BookFieldValue {
    static var valueType: BookValueType { .publication }
    init?(bookValue value: BookValue) {
        guard case .publication(let publication) = value else { return nil }
        self = publication
    }
    var bookValue: BookValue { .publication(self) }
}
