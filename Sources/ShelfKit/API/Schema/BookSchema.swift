/// The book's schema: every field a book's front matter can hold, once, in canonical order.
///
/// The order is that of new files, of JSON records and CSV columns, and where an update places
/// a key it adds. Adding a field is one entry here, a property of ``Book`` and its tests: reading,
/// writing, ``Book/setting(_:to:)``, validation, `Codable`, the index and queries follow.
///
/// ```swift
/// BookSchema.field(forKey: "series_index")?.valueType   // .number
/// ```
public enum BookSchema {
    /// The fields, in canonical order.
    public static let fields: [BookField] = [
        BookField(required: "title", \.title, searchWeight: 10),
        BookField("subtitle", \.subtitle, searchWeight: 4),
        BookField("authors", \.authors, queryNames: ["author", "authors"], alternativeKeys: ["author"], searchWeight: 6),
        BookField("isbn", \.isbn, rule: .isbn),
        BookField("published", \.published),
        BookField("pages", \.pages, rule: .notNegative),
        BookField("duration", \.duration, rule: .duration),
        BookField("locations", \.locations, rule: .positive),
        BookField("publisher", \.publisher),
        BookField("language", \.language),
        BookField("series", \.series, searchWeight: 4),
        BookField("series_index", \.seriesIndex),
        BookField("tags", \.tags, queryNames: ["tag", "tags"], searchWeight: 4),
        BookField("rating", \.rating, rule: .rating),
        BookField("added", \.added),
        BookField("started", \.started),
        BookField("finished", \.finished),
        BookField("stopped", \.stopped),
        BookField("stopped_page", \.stoppedPage, rule: .positive),
        BookField("next", \.next, rule: .positive),
        BookField("cover", \.cover),
    ]

    /// The keys of ``fields``, in order.
    public static let keys = fields.map(\.key)

    /// The fields full-text search reads, in order; the body comes after them.
    static let searchedFields = fields.filter { $0.searchWeight != nil }

    private static let byKey = Dictionary(uniqueKeysWithValues: fields.map { ($0.key, $0) })

    /// The field whose key is `key`; `nil` for a custom key.
    public static func field(forKey key: String) -> BookField? {
        byKey[key]
    }

    /// The field `key` names in `book`: its own key, or an alternative key (`author`) unless the
    /// book has a custom key of that name, as a file with both `authors` and `author` has.
    static func field(named key: String, in book: Book) -> BookField? {
        if let field = byKey[key] { return field }
        guard !book.extra.contains(where: { $0.key == key }) else { return nil }
        return fields.first { $0.alternativeKeys.contains(key) }
    }
}
