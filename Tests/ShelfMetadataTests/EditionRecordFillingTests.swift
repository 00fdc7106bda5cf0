import ShelfKit
import ShelfMetadata
import Testing

/// What a fetched edition changes in a book: only what it lacks, unless asked key by key.
struct EditionRecordFillingTests {
    static let record = EditionRecord(id: "OL26242482M", title: "Dune", subtitle: "40th Anniversary Edition", authors: ["Frank Herbert"],
                                      isbn: "9780441172719", published: .year(1965), pages: 535, publisher: "Ace Books",
                                      language: "en", coverID: 111)

    @Test func fillsOnlyTheKeysABookLacks() {
        let book = Book(title: "Dune (mine)", authors: ["F. Herbert"], isbn: "0441172717", pages: 412, cover: "https://example.org/dune.jpg")
        let filled = Self.record.filling(book, idKey: "openlibrary")
        #expect(filled.changes == [
            MetadataChange(key: "subtitle", old: nil, new: "40th Anniversary Edition"),
            MetadataChange(key: "published", old: nil, new: "1965"),
            MetadataChange(key: "publisher", old: nil, new: "Ace Books"),
            MetadataChange(key: "language", old: nil, new: "en"),
            MetadataChange(key: "openlibrary", old: nil, new: "OL26242482M"),
        ])
        #expect(filled.book.title == "Dune (mine)")
        #expect(filled.book.authors == ["F. Herbert"])
        #expect(filled.book.isbn == "0441172717")
        #expect(filled.book.pages == 412)
        #expect(filled.book.extra("openlibrary") == .string("OL26242482M"))
        #expect(!filled.takesCover)
    }

    @Test func replacesOnlyTheKeysAskedFor() {
        let book = Book(title: "Dune (mine)", authors: ["F. Herbert"], pages: 412, cover: "https://example.org/dune.jpg",
                        extra: [YAMLValue.Entry("openlibrary", .string("OL26242482M"))])
        let filled = Self.record.filling(book, replacing: ["pages", "cover", "title"], idKey: "openlibrary")
        #expect(filled.changes.map(\.key) == ["title", "subtitle", "isbn", "published", "pages", "publisher", "language"])
        #expect(filled.changes.first { $0.key == "pages" } == MetadataChange(key: "pages", old: "412", new: "535"))
        #expect(filled.book.authors == ["F. Herbert"])
        #expect(filled.takesCover)
    }

    @Test func aBookUpToDateHasNoChanges() {
        let filled = Self.record.filling(Book(title: "Dune"), idKey: "openlibrary")
        #expect(Self.record.filling(filled.book, idKey: "openlibrary").changes == [])
        #expect(filled.takesCover)
    }

    @Test func noCoverIsTakenFromARecordWithout() {
        var record = Self.record
        record.coverID = nil
        #expect(!record.filling(Book(title: "Dune"), idKey: "openlibrary").takesCover)
    }
}
