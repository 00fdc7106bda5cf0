import Foundation
@testable import ShelfKit
@testable import ShelfInterchange
import Testing

/// `shelf export --format goodreads` then `shelf import goodreads` into a new library gives the
/// same book files, byte for byte, for everything the Goodreads format holds.
struct GoodreadsRoundTripTests {
    /// Books as an import writes them: every field the Goodreads format holds.
    static let books: [(book: Book, status: Status)] = [
        // Only an ISBN-10: Goodreads writes it in `ISBN` and leaves `ISBN13` empty.
        (Book(id: "charlie-and-the-great-glass-elevator", title: "Charlie and the Great Glass Elevator",
              authors: ["Roald Dahl"], isbn: "0141371366", published: .year(1972), pages: 192,
              publisher: "Puffin Books", rating: 3, added: Day(year: 2020, month: 1, day: 21),
              finished: Day(year: 2020, month: 2, day: 2), extra: [.init("goodreads_id", .int(44_436_754))]),
         .finished),
        // Two books of one title: the one whose file is `never-let-me-go.md` is added second.
        (Book(id: "never-let-me-go-2", title: "Never Let Me Go", authors: ["Kazuo Ishiguro"], isbn: "9781400078776",
              published: .year(2005), pages: 288, publisher: "Vintage Books", tags: ["literary-fiction"],
              added: Day(year: 2021, month: 7, day: 10),
              extra: [.init("goodreads_id", .int(6334)), .init("format", .string("Paperback")),
                      .init("edition_published", .int(2010))]),
         .toRead),
        (Book(id: "never-let-me-go", title: "Never Let Me Go", authors: ["J.J. McAvoy"], isbn: "9781641970549",
              published: .year(2018), pages: 244, publisher: "NYLA", added: Day(year: 2020, month: 7, day: 13),
              extra: [.init("goodreads_id", .int(41_032_477)), .init("format", .string("Kindle Edition"))]),
         .toRead),
        // A review with bold, italics, a link, a line break and a paragraph, and private notes.
        (Book(id: "dune", title: "Dune", authors: ["Frank Herbert"], isbn: "9780441172719", published: .year(1965),
              pages: 604, publisher: "Ace Books", series: "Dune", seriesIndex: 1, tags: ["sci-fi", "classics"],
              rating: 5, added: Day(year: 2023, month: 12, day: 26), finished: Day(year: 2024, month: 2, day: 11),
              extra: [.init("goodreads_id", .int(234_225)), .init("format", .string("Paperback")),
                      .init("edition_published", .int(1990)), .init("owned", .bool(true)), .init("read_count", .int(3))],
              body: ImportBody.text(
                  review: "A **slow** start, then *the* ecology & [a map](https://example.org/dune?a=1&b=2).\\\n"
                      + "Second line, \\<not a tag>.\n\nAnother paragraph: \\*not italics\\*.",
                  notes: "Lent to Sam.\nBack in March.")),
         .finished),
        // Published before the common era; a custom exclusive shelf; read once, and owned.
        (Book(id: "the-iliad", title: "The Iliad", authors: ["Homer", "Robert Fagles"], isbn: "9780140275360",
              published: .year(-750), pages: 683, publisher: "Penguin Classics", tags: ["classics"],
              added: Day(year: 2019, month: 5, day: 1),
              extra: [.init("goodreads_id", .int(1371)), .init("format", .string("Paperback")),
                      .init("edition_published", .int(1998)), .init("owned", .bool(true)), .init("read_count", .int(1)),
                      .init("goodreads_shelf", .string("owned-not-read"))]),
         .toRead),
        // Identifiers an import keeps beside `isbn`: an ASIN alone, and a malformed ISBN-13 beside
        // a valid ISBN-10; each goes back to a column the import reads it from.
        (Book(id: "kindle-only", title: "Kindle Only", authors: ["C"], added: Day(year: 2024, month: 1, day: 1),
              extra: [.init("asin", .string("B00085PI0E"))]),
         .toRead),
        (Book(id: "bad-check-digit", title: "Bad Check Digit", authors: ["D"], isbn: "0765326353",
              added: Day(year: 2024, month: 1, day: 1), extra: [.init("isbn_invalid", .string("978152939268"))]),
         .toRead),
        (Book(id: "piranesi", title: "Piranesi", authors: ["Susanna Clarke"], isbn: "9781635575637",
              published: .year(2020), rating: 4, added: Day(year: 2024, month: 3, day: 1)),
         .reading),
    ]

    @Test func exportThenImportGivesTheSameFiles() async throws {
        let original = try ImportFixtures.fileLibrary()
        // Written as a batch, which sets no date the books do not give: a book added to reading
        // one at a time gets `started`, which the Goodreads format has no column for.
        try await original.apply(LibraryBatch(additions: Self.books.map { NewBook($0.book, to: $0.status) }))
        let written = try await original.scan().books
        #expect(written.count == Self.books.count)

        let csv = try GoodreadsExport.csv(written, configuration: original.configuration)
        let copy = try ImportFixtures.fileLibrary()
        let importer = LibraryImporter(format: .goodreads)
        let rows = try importer.read(csv, path: "export.csv", configuration: copy.configuration)
        #expect(rows.skipped.isEmpty)
        #expect(rows.warnings.map(\.message) == [
            "ISBN13 is not a valid ISBN (should have 10 or 13 digits, not 12); kept as isbn_invalid, isbn is ISBN's 0765326353, found \"978152939268\"",
        ])
        let plan = try await importer.plan(rows, for: copy)
        try await copy.apply(plan.batch)

        let copied = try await copy.scan().books
        #expect(Set(copied.map(\.path)) == Set(written.map(\.path)))
        for book in written {
            let before = await ImportFixtures.file(book.path, in: original)
            let after = await ImportFixtures.file(book.path, in: copy)
            #expect(after == before, "\(book.path)")
        }
        // And the second export is the first.
        #expect(try GoodreadsExport.csv(copied, configuration: copy.configuration) == csv)
    }

    @Test func theExportWritesWhatGoodreadsWrites() throws {
        let dune = try #require(Self.books.first { $0.book.id == "dune" }?.book)
        let row = GoodreadsExport.row(for: dune, configuration: .default)
        let cell = { (column: String) in row[GoodreadsExport.header.firstIndex(of: column) ?? 0] }
        #expect(cell("My Review") == "A <b>slow</b> start, then <i>the</i> ecology &amp; "
            + "<a href=\"https://example.org/dune?a=1&amp;b=2\">a map</a>.<br/>Second line, &lt;not a tag&gt;."
            + "<br/><br/>Another paragraph: *not italics*.")
        #expect(cell("Private Notes") == "Lent to Sam.\nBack in March.")
        #expect(cell("Read Count") == "3")
        #expect(cell("Owned Copies") == "1")

        let elevator = try #require(Self.books.first?.book)
        let isbns = GoodreadsExport.row(for: elevator, configuration: .default)[5...6]
        #expect(Array(isbns) == ["=\"0141371366\"", "=\"\""])
        #expect(GoodreadsExport.identifierColumns(Book(title: "", isbn: "9780441172719")) == ("0441172717", "9780441172719"))
        #expect(GoodreadsExport.identifierColumns(Book(title: "", isbn: "9791234567896")) == ("", "9791234567896"))
        #expect(GoodreadsExport.identifierColumns(Book(title: "")) == ("", ""))
    }

    @Test func rowsComeInTheOrderThatGivesEachBookItsSlugAgain() {
        let slugs = ["x-10", "x-2-2", "catch-22", "x", "x-3", "x-2", "catch", "catch-22-2", "y-0", "-2"]
        let books = slugs.map { Book(id: BookID($0), path: "to-read/\($0).md", title: $0) }
        #expect(GoodreadsExport.inImportOrder(books).map(\.id.rawValue)
            == ["-2", "catch", "catch-22", "catch-22-2", "x", "x-2", "x-3", "x-10", "x-2-2", "y-0"])
    }
}

/// Reviews read from a Goodreads CSV as people have them.
struct GoodreadsReviewImportTests {
    static let header = "Book Id,Title,Author,ISBN,ISBN13,My Rating,Exclusive Shelf,My Review,Private Notes"

    @Test func angleBracketTextAndLineBreaksSurviveTheImport() async throws {
        let csv = Self.header + "\n"
            + "1,The Search for Philip K. Dick,Anne R. Dick,\"=\"\"\"\"\",\"=\"\"\"\"\",4,read,"
            + "\"PKD's descent into <insert your favorite derogatory term here> after.<br/>Next line.<br/><br/>New paragraph.\",\n"
        let library = ImportFixtures.memoryLibrary()
        let importer = LibraryImporter(format: .goodreads)
        let rows = try importer.read(csv, path: "goodreads.csv", configuration: library.configuration)
        try await library.apply(try await importer.plan(rows, for: library).batch)
        let book = try await library.book("the-search-for-philip-k-dick")
        #expect(book.body == """
            ## Review

            PKD's descent into \\<insert your favorite derogatory term here> after.\\
            Next line.

            New paragraph.

            """)
        let row = GoodreadsExport.row(for: book, configuration: library.configuration)
        #expect(row[GoodreadsExport.header.firstIndex(of: "My Review") ?? 0]
            == "PKD's descent into &lt;insert your favorite derogatory term here&gt; after.<br/>Next line.<br/><br/>New paragraph.")
    }
}
