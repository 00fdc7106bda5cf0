import Foundation
@testable import ShelfKit
@testable import ShelfInterchange
import ShelfTestSupport
import Testing

/// Importing the Goodreads fixture: the files written, the rows skipped, idempotence, batches.
struct GoodreadsImportTests {
    static let fixture = "goodreads_library_export.csv"

    static let expectedFiles: [(path: String, text: String)] = [
        ("finished/the-way-of-kings.md", """
            ---
            title: The Way of Kings
            authors: [Brandon Sanderson]
            isbn: "9780765326355"
            published: 2010
            pages: 1007
            publisher: Tor Books
            series: The Stormlight Archive
            series_index: 1
            tags: [fantasy, favorites]
            rating: 5
            added: 2023-01-02
            finished: 2023-03-14
            goodreads_id: 7235533
            format: Hardcover
            owned: true
            read_count: 2
            ---

            ## Review

            Epic in every sense.

            Kaladin's chapters carried me through the slow middle & the ending *earned* every page.

            """),
        ("finished/edgedancer.md", """
            ---
            title: Edgedancer
            authors: [Brandon Sanderson]
            isbn: "9781250166548"
            published: 2016
            pages: 272
            publisher: Tor Books
            series: The Stormlight Archive
            series_index: 2.5
            tags: [fantasy, novella]
            rating: 4
            added: 2023-05-21
            finished: 2023-06-01
            goodreads_id: 34703445
            format: Hardcover
            edition_published: 2017
            ---

            """),
        ("finished/dune.md", """
            ---
            title: Dune
            authors: [Frank Herbert]
            isbn: "9780441172719"
            published: 1965
            pages: 604
            publisher: Ace Books
            series: Dune
            series_index: 1
            tags: [sci-fi, classics]
            rating: 5
            added: 2023-12-26
            finished: 2024-02-11
            goodreads_id: 234225
            format: Paperback
            edition_published: 1990
            owned: true
            ---

            ## Review

            Slow first hundred pages, then I couldn't stop.\\
            The ecology is the real main character.

            ## Private notes

            Bought at the Strand, used.

            """),
        ("finished/the-fifth-season.md", """
            ---
            title: The Fifth Season
            authors: [N.K. Jemisin]
            isbn: "9780316229296"
            published: 2015
            pages: 468
            publisher: Orbit
            series: The Broken Earth
            series_index: 1
            tags: [fantasy, favorites]
            rating: 5
            added: 2022-08-01
            finished: 2022-08-19
            goodreads_id: 19161852
            format: Paperback
            ---

            ## Review

            The second-person chapters,
            the reveal — I gasped out loud.

            Read the trilogy.

            """),
        ("finished/neuromancer.md", """
            ---
            title: Neuromancer
            authors: [William Gibson]
            isbn: "9780441569595"
            published: 1984
            pages: 271
            publisher: Ace Books
            series: Sprawl
            series_index: 1
            tags: [sci-fi, cyberpunk]
            rating: 3
            added: 2019-08-02
            goodreads_id: 22328
            format: Mass Market Paperback
            edition_published: 2000
            ---

            """),
        ("abandoned/klara-and-the-sun.md", """
            ---
            title: Klara and the Sun
            authors: [Kazuo Ishiguro]
            isbn: "9780593318171"
            published: 2021
            pages: 303
            publisher: Knopf
            added: 2025-03-02
            goodreads_id: 54120408
            format: Hardcover
            ---

            ## Private notes

            Stopped at page 120; not for now.

            """),
        ("to-read/station-eleven.md", """
            ---
            title: Station Eleven
            authors: [Emily St. John Mandel]
            isbn: "9780385353304"
            published: 2014
            pages: 333
            publisher: Knopf
            added: 2024-12-01
            goodreads_id: 20170404
            format: Hardcover
            goodreads_shelf: on-hold
            ---

            """),
        ("finished/the-odyssey.md", """
            ---
            title: The Odyssey
            authors: [Homer, Robert Fagles, Bernard Knox]
            isbn: "9780140268867"
            published: -700
            pages: 541
            publisher: Penguin Classics
            tags: [classics]
            rating: 4
            added: 2018-03-01
            finished: 2018-05-05
            goodreads_id: 1381
            format: Paperback
            edition_published: 1999
            owned: true
            ---

            """),
        ("finished/cien-anos-de-soledad.md", """
            ---
            title: Cien años de soledad
            authors: [Gabriel García Márquez]
            published: 1967
            publisher: Debolsillo
            tags: [classics, spanish]
            rating: 5
            added: 2023-11-01
            finished: 2023-11-20
            goodreads_id: 320
            format: Kindle Edition
            edition_published: 2003
            ---

            """),
        ("finished/surely-youre-joking-mr-feynman-adventures-of-a-curious-character.md", """
            ---
            title: '"Surely You''re Joking, Mr. Feynman!": Adventures of a Curious Character'
            authors: [Richard P. Feynman, Ralph Leighton]
            isbn: "9780393316049"
            published: 1985
            pages: 350
            publisher: W. W. Norton & Company
            tags: [non-fiction, science]
            rating: 5
            added: 2014-03-01
            finished: 2014-04-01
            goodreads_id: 35
            format: Paperback
            edition_published: 1997
            ---

            ## Review

            Safecracking & bongo drums. "Cargo cult science" should be required reading.

            """),
    ]

    @Test func importWritesTheExpectedFiles() async throws {
        for library in [ImportFixtures.memoryLibrary() as any LibraryCommands, try ImportFixtures.fileLibrary()] {
            let plan = try await ImportFixtures.importFile(Self.fixture, format: .goodreads, into: library)
            #expect(plan.summary == ImportSummary(added: 33, updated: 0, unchanged: 0, skipped: 2))
            for (path, text) in Self.expectedFiles {
                let written = await ImportFixtures.file(path, in: library)
                #expect(written == text, "\(path)")
            }
        }
    }

    @Test func skippedRowsAreReportedWithTheirLineAndColumn() async throws {
        let importer = LibraryImporter(format: .goodreads)
        let rows = try importer.read(try ImportFixtures.text(Self.fixture), path: Self.fixture, configuration: .default)
        #expect(rows.skipped.map { $0.description } == [
            "goodreads_library_export.csv:35:2: Title is empty; every book needs a title; row skipped",
            "goodreads_library_export.csv:36:15: Date Read should be a date (YYYY/MM/DD), found \"2016/13/45\"; row skipped",
        ])
        #expect(rows.books.count == 33)
        let fifth = try #require(rows.books.first { $0.book.title == "The Fifth Season" })
        #expect(fifth.line == 15)
        #expect(rows.books.first { $0.book.title == "The Name of the Wind" }?.line == 17)
    }

    @Test func shelvesMapToStatusesAndTags() async throws {
        let importer = LibraryImporter(format: .goodreads)
        let rows = try importer.read(try ImportFixtures.text(Self.fixture), path: Self.fixture, configuration: .default)
        func row(_ title: String) -> ImportedBook? { rows.books.first { $0.book.title == title } }
        #expect(row("Circe")?.status == .toRead)
        #expect(row("Circe")?.book.tags == ["mythology"])
        #expect(row("Gideon the Ninth")?.status == .reading)
        #expect(row("Klara and the Sun")?.status == .abandoned)
        #expect(row("Station Eleven")?.status == .toRead)
        #expect(row("Piranesi")?.book.rating == nil)
        #expect(row("Neuromancer")?.book.finished == nil)
        #expect(row("Good Omens: The Nice and Accurate Prophecies of Agnes Nutter, Witch")?.book.authors == ["Terry Pratchett", "Neil Gaiman"])
        #expect(row("The Left Hand of Darkness")?.book.authors == ["Ursula K. Le Guin"])
        #expect(row("The Lord of the Rings")?.book.series == "The Lord of the Rings")
        #expect(row("The Lord of the Rings")?.book.extra("series_range") == .string("1-3"))
        #expect(row("Dracula (Norton Critical Edition)")?.book.series == nil)
        #expect(row("Harry Potter and the Sorcerer's Stone")?.book.extra("read_count") == .int(3))
        #expect(row("The Final Empire")?.book.isbn == "9780765311788")
        #expect(row("The Casual Vacancy")?.book.isbn == nil)
    }

    @Test func reimportingChangesNothing() async throws {
        for library in [ImportFixtures.memoryLibrary() as any LibraryCommands, try ImportFixtures.fileLibrary()] {
            try await ImportFixtures.importFile(Self.fixture, format: .goodreads, into: library)
            let before = try await library.scan().books
            let again = try await ImportFixtures.importFile(Self.fixture, format: .goodreads, into: library)
            #expect(again.summary == ImportSummary(added: 0, updated: 0, unchanged: 33, skipped: 2))
            #expect(try await library.scan().books == before)
        }
    }

    @Test func theOlder31ColumnExportReadsTheSame() async throws {
        let importer = LibraryImporter(format: .goodreads)
        let old = try importer.read(try ImportFixtures.text("goodreads_library_export_31.csv"), path: "old.csv", configuration: .default)
        let current = try importer.read(try ImportFixtures.text(Self.fixture), path: Self.fixture, configuration: .default)
        #expect(old.skipped.isEmpty)
        #expect(old.books.count == 5)
        for book in old.books {
            let same = current.books.first { $0.book.title == book.book.title }
            #expect(same?.book == book.book)
            #expect(same?.status == book.status)
        }
    }

    @Test func aBookAlreadyThereIsUpdatedNotDuplicated() async throws {
        let library = ImportFixtures.memoryLibrary()
        try await library.add(Book(title: "Dune", authors: ["Frank Herbert"], isbn: "0441172717", tags: ["classic"]),
                              to: .toRead, in: "sci-fi")
        try await library.add(Book(title: "Circe", authors: ["Madeline Miller"], rating: nil), to: .toRead, in: "")
        let plan = try await ImportFixtures.importFile(Self.fixture, format: .goodreads, into: library)
        #expect(plan.summary == ImportSummary(added: 31, updated: 2, unchanged: 0, skipped: 2))
        let dune = try await library.book("dune")
        #expect(dune.status == .finished)
        #expect(dune.folder == "sci-fi")
        #expect(dune.isbn == "0441172717")
        #expect(dune.tags == ["classic", "sci-fi", "classics"])
        #expect(dune.finished == Day(year: 2024, month: 2, day: 11))
        #expect(try await library.scan().books.count == 33)
    }

    @Test func aFailedWriteLeavesTheLibraryUntouched() async throws {
        let library = ImportFixtures.memoryLibrary()
        await library.failNextWrite(at: "finished/fahrenheit-451.md")
        await #expect(throws: ShelfError.self) {
            try await ImportFixtures.importFile(Self.fixture, format: .goodreads, into: library)
        }
        #expect(try await library.scan().books.isEmpty)
    }

    @Test func statusesOfOtherNamesPlayTheirRoles() async throws {
        let names = [Status("want-to-read"), Status("currently-reading"), Status("read"), Status("closed")]
        let library = InMemoryLibrary(configuration: try LibraryConfiguration(statuses: names), today: { testToday })
        let rows = [["Title": "Dune", "Author": "Frank Herbert", "Exclusive Shelf": "read", "Date Read": "2024/02/11",
                     "Read Count": "1"],
                    ["Title": "Emma", "Author": "Jane Austen", "Exclusive Shelf": "currently-reading"]]
        try await InlineExport.importText(InlineExport.csv(.goodreads, rows), format: .goodreads, into: library)
        let books = try await library.scan().books
        let dune = try #require(books.first { $0.title == "Dune" })
        #expect(dune.path == "read/dune.md" && dune.finished == Day(year: 2024, month: 2, day: 11))
        #expect(dune.extra("read_count") == nil && dune.extra("reads") == nil, "one read of a finished book is the usual")
        #expect(books.first { $0.title == "Emma" }?.path == "currently-reading/emma.md")
        let csv = try GoodreadsExport.csv(books, configuration: library.configuration)
        #expect(csv.contains(",read,") && csv.contains(",currently-reading,"))
    }

    @Test func exportingAndImportingAgainGivesTheSameBooks() async throws {
        let original = try ImportFixtures.fileLibrary()
        try await ImportFixtures.importFile(Self.fixture, format: .goodreads, into: original)
        let books = try await original.scan().books
        let csv = try GoodreadsExport.csv(books, configuration: original.configuration)
        #expect(csv.hasPrefix(GoodreadsExport.header.joined(separator: ",") + "\n"))

        let copy = try ImportFixtures.fileLibrary()
        let importer = LibraryImporter(format: .goodreads)
        let rows = try importer.read(csv, path: "export.csv", configuration: copy.configuration)
        #expect(rows.skipped.isEmpty)
        let plan = try await importer.plan(rows, for: copy)
        try await copy.apply(plan.batch)
        let copied = try await copy.scan().books
        #expect(copied == books)
        for book in books {
            #expect(await ImportFixtures.file(book.path, in: copy) == (await ImportFixtures.file(book.path, in: original)))
        }
    }

    @Test(arguments: [
        ("The Way of Kings (The Stormlight Archive, #1)", "The Way of Kings", "The Stormlight Archive", 1.0),
        ("Edgedancer (The Stormlight Archive, #2.5)", "Edgedancer", "The Stormlight Archive", 2.5),
        ("Foo (Bar) (Baz Cycle, #12)", "Foo (Bar)", "Baz Cycle", 12.0),
    ])
    func seriesComesOutOfTheTitle(_ text: String, _ title: String, _ series: String, _ index: Double) {
        let parsed = SeriesTitle(parsing: text)
        #expect(parsed.title == title)
        #expect(parsed.series == series)
        #expect(parsed.index == index)
        #expect(SeriesTitle.goodreads(title: title, series: series, index: index) == text)
    }

    @Test(arguments: ["Dracula (Norton Critical Edition)",
                      "(Untitled, #1)", "Plain title", "Odd (Series, #)"])
    func parenthesesThatAreNotASeriesStay(_ text: String) {
        let parsed = SeriesTitle(parsing: text)
        #expect(parsed.title == text)
        #expect(parsed.series == nil)
    }

    @Test func reviewHTMLBecomesMarkdown() {
        #expect(ReviewText.markdown(fromHTML: "One.<br/><br/>Two &amp; <b>three</b>,<br />four <i>five</i> &#8212; &#x263A; &quot;q&quot; a < b")
            == "One.\n\nTwo & **three**,\\\nfour *five* — ☺ \"q\" a < b")
        #expect(ReviewText.markdown(fromHTML: "<p>First</p><p>Second <a href=\"https://x.org/?a=1&amp;b=2\">link</a></p>")
            == "First\n\nSecond [link](https://x.org/?a=1&b=2)")
        let markdown = "Line one & \\<two>\n\nLine *three*"
        #expect(ReviewText.markdown(fromHTML: ReviewText.html(fromMarkdown: markdown)) == markdown)
    }

    @Test func isbnsAreUnwrappedAndCompared() {
        #expect(ISBN.exported("=\"0441172717\"") == "0441172717")
        #expect(ISBN.exported("=\"\"") == nil)
        #expect(ISBN.thirteen("0441172717") == "9780441172719")
        #expect(ISBN.thirteen("059331817X") == "9780593318171")
        #expect(ISBN.ten("9780593318171") == "059331817X")
        #expect(ISBN.ten("9791234567896") == nil)
        #expect(ISBN.isASIN("B00ZVA3XL6"))
        #expect(!ISBN.isASIN("0441172717"))
    }

    @Test func aFileThatIsNotAGoodreadsExportIsRefused() throws {
        let importer = LibraryImporter(format: .goodreads)
        #expect(throws: ShelfError.exportOfAnotherService(path: "sg.csv", line: 1, service: "StoryGraph", serviceID: "storygraph",
                                                          expected: "Goodreads", columns: ["Authors", "Read Status"])) {
            try importer.read(try ImportFixtures.text("storygraph_export.csv"), path: "sg.csv", configuration: .default)
        }
    }
}
