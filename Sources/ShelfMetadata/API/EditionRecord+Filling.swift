public import ShelfKit

/// One key a fetch fills or replaces, as the diff before the write shows it.
public struct MetadataChange: Sendable, Hashable {
    /// The book's key: `publisher`.
    public var key: String
    /// The value the book has, `nil` when it lacks the key.
    public var old: String?
    /// The value it gets.
    public var new: String

    /// A change of `key` from `old` to `new`.
    public init(key: String, old: String?, new: String) {
        self.key = key
        self.old = old
        self.new = new
    }
}

/// A book with what a record adds to it, before anything is written.
public struct FilledBook: Sendable, Hashable {
    /// The book as it would be written (the cover apart, which is a file of its own).
    public var book: Book
    /// The keys that change, in the library's key order.
    public var changes: [MetadataChange]
    /// Whether the book takes the record's cover: it has no `cover`, or `cover` was asked to be
    /// replaced, and the record has one.
    public var takesCover: Bool
}

extension EditionRecord {
    /// The keys a record fills, in the library's order.
    public static let fillableKeys = ["title", "subtitle", "authors", "isbn", "published", "pages", "publisher", "language", "cover"]

    /// `book` with this record's values in the keys it lacks, and in the keys of `replacing`
    /// whatever it has: what the person wrote is never replaced unless they ask, key by key.
    /// The edition's id is recorded under `idKey` (`openlibrary: OL7353617M`) when the book
    /// has none, so that a later fetch reads the same edition.
    public func filling(_ book: Book, replacing: Set<String> = [], idKey: String) -> FilledBook {
        var filled = book
        var changes: [MetadataChange] = []
        func take<Value: Equatable>(_ key: String, _ path: WritableKeyPath<Book, Value?>, _ value: Value?, _ text: (Value) -> String) {
            guard let value, filled[keyPath: path] == nil || (replacing.contains(key) && filled[keyPath: path] != value) else { return }
            changes.append(MetadataChange(key: key, old: filled[keyPath: path].map(text), new: text(value)))
            filled[keyPath: path] = value
        }
        if replacing.contains("title"), title != book.title {
            changes.append(MetadataChange(key: "title", old: book.title, new: title))
            filled.title = title
        }
        take("subtitle", \.subtitle, subtitle) { $0 }
        if !authors.isEmpty, book.authors.isEmpty || (replacing.contains("authors") && book.authors != authors) {
            changes.append(MetadataChange(key: "authors", old: book.authors.isEmpty ? nil : book.authors.joined(separator: ", "),
                                          new: authors.joined(separator: ", ")))
            filled.authors = authors
        }
        take("isbn", \.isbn, isbn) { $0 }
        take("published", \.published, published) { $0.description }
        take("pages", \.pages, pages) { String($0) }
        take("publisher", \.publisher, publisher) { $0 }
        take("language", \.language, language) { $0 }
        let recorded = book.extra(idKey)
        if recorded == nil || (replacing.contains(idKey) && recorded != .string(id)) {
            changes.append(MetadataChange(key: idKey, old: recorded.map { "\($0)" }, new: id))
            filled.extra.removeAll { $0.key == idKey }
            filled.extra.append(YAMLValue.Entry(idKey, .string(id)))
        }
        let takesCover = hasCover && (book.cover == nil || replacing.contains("cover"))
        return FilledBook(book: filled, changes: changes, takesCover: takesCover)
    }
}

extension EditionRecord {
    /// Whether the source has a cover for this edition, by id or by address.
    public var hasCover: Bool { coverID != nil || coverAddress != nil }
}
