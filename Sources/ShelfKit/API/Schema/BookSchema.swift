/// The book's schema: every field a book's front matter can hold, once, in canonical order.
///
/// The order is that of new files, of JSON records and CSV columns, and where an update places
/// a key it adds. Adding a field is one entry here, a property of ``Book`` and its tests: reading,
/// writing, ``Book/setting(_:to:)``, validation, `Codable`, the index and queries follow.
///
/// ```swift
/// BookSchema.field(forKey: "series_index")?.valueType   // .number
/// ```
package enum BookSchema {
    /// The fields, in canonical order.
    package static let fields: [BookField] = [
        BookField(required: "title", { $0.title }, { $0.title = $1 }, searchWeight: 10),
        BookField("subtitle", { $0.subtitle }, { $0.subtitle = $1 }, searchWeight: 4),
        BookField(list: "authors", { $0.authors }, { $0.authors = $1 }, queryNames: ["author", "authors"], alternativeKeys: ["author"], searchWeight: 6),
        BookField("isbn", { $0.isbn }, { $0.isbn = $1 }, rule: .isbn),
        BookField("published", { $0.published }, { $0.published = $1 }),
        BookField("pages", { $0.pages }, { $0.pages = $1 }, rule: .notNegative),
        BookField("duration", { $0.duration }, { $0.duration = $1 }, rule: .duration),
        BookField("locations", { $0.locations }, { $0.locations = $1 }, rule: .positive),
        BookField("publisher", { $0.publisher }, { $0.publisher = $1 }),
        BookField("language", { $0.language }, { $0.language = $1 }),
        BookField("series", { $0.series }, { $0.series = $1 }, searchWeight: 4),
        BookField("series_index", { $0.seriesIndex }, { $0.seriesIndex = $1 }),
        BookField(list: "tags", { $0.tags }, { $0.tags = $1 }, queryNames: ["tag", "tags"], searchWeight: 4),
        BookField("rating", { $0.rating }, { $0.rating = $1 }, rule: .rating),
        BookField("added", { $0.added }, { $0.added = $1 }),
        BookField("started", { $0.started }, { $0.started = $1 }),
        BookField("finished", { $0.finished }, { $0.finished = $1 }),
        BookField("stopped", { $0.stopped }, { $0.stopped = $1 }),
        BookField("stopped_page", { $0.stoppedPage }, { $0.stoppedPage = $1 }, rule: .positive),
        BookField("next", { $0.next }, { $0.next = $1 }, rule: .positive),
        BookField("cover", { $0.cover }, { $0.cover = $1 }),
    ]

    /// The keys of ``fields``, in order.
    package static let keys = fields.map(\.key)

    /// The fields full-text search reads, in order; the body comes after them.
    static let searchedFields = fields.filter { $0.searchWeight != nil }

    private static let byKey = Dictionary(uniqueKeysWithValues: fields.map { ($0.key, $0) })

    /// The field whose key is `key`; `nil` for a custom key.
    package static func field(forKey key: String) -> BookField? {
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
