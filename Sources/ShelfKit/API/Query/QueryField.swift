/// A field a query can name: one of the book's fields (``BookSchema/fields``), where its file is
/// (`status`, `folder`), a value computed from it and its sessions (`year`, `progress`), or a
/// custom front matter key. The built-in ones are declared in ``BookSchema/queryFields``.
package struct QueryField: Sendable, Hashable, CustomStringConvertible {
    /// The name used in queries and in the index: `author`, `stopped_page`, or a custom key as
    /// written in the files.
    package let name: String
    /// How the field's values compare.
    package let kind: Kind
    /// Whether this is a custom front matter key.
    package let isCustom: Bool
    /// Whether a book can have several values (`author`, `tag`).
    let isList: Bool
    /// Whether a value covers a span of days rather than one (`published: 1965`, the whole year).
    let coversDays: Bool
    /// Whether the field's value comes from the book's sessions, which a library must read.
    let needsSessions: Bool

    /// How a field's values compare.
    package enum Kind: Sendable, Hashable {
        /// Folded text: `:` contains, `=` equals, `<` `>` compare.
        case text
        /// Numbers: `:` and `=` equal, ranges and comparisons.
        case number
        /// Days: `:` matches by prefix (`2024`, `2024-03`), comparisons and ranges.
        case date
        /// Custom keys: text, or numbers and dates when the value given reads as one.
        case custom
    }

    init(name: String, kind: Kind, isList: Bool = false, coversDays: Bool = false, needsSessions: Bool = false) {
        self.name = name
        self.kind = kind
        self.isCustom = false
        self.isList = isList
        self.coversDays = coversDays
        self.needsSessions = needsSessions
    }

    private init(customKey: String) {
        name = customKey
        kind = .custom
        isCustom = true
        isList = false
        coversDays = false
        needsSessions = false
    }

    /// A custom front matter key, as written in the files.
    package static func custom(_ key: String) -> QueryField {
        QueryField(customKey: key)
    }

    /// Every built-in field, by each name a query may use for it, in lower case.
    static let named: [String: QueryField] = Dictionary(
        uniqueKeysWithValues: BookSchema.queryFields.flatMap { definition in definition.names.map { ($0, definition.field) } })

    /// The field a query names with `name`: a built-in one (case-insensitively), or a custom key.
    package init(name: String) {
        self = Self.named[name.lowercased()] ?? .custom(name)
    }

    /// `status`: the name of the book's status folder, which queries compare whole.
    static let status = QueryField(name: "status")

    /// The custom key, when this is one.
    package var customKey: String? { isCustom ? name : nil }

    package var description: String { name }

    /// The index's name for a custom key, apart from the built-in names whatever their case.
    var storageName: String {
        isCustom ? "x:" + name : name
    }

    /// The names a person can use, for suggestions.
    static var builtInNames: [String] {
        BookSchema.queryFields.map(\.field.name)
    }
}
