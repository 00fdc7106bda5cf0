import Foundation
@testable import ShelfKit
@testable import ShelfInterchange
import ShelfTestSupport
import Testing

/// Importing the StoryGraph fixture.
struct StoryGraphImportTests {
    static let fixture = "storygraph_export.csv"

    static let expectedFiles: [(path: String, text: String)] = [
        ("finished/the-way-of-kings.md", """
            ---
            title: The Way of Kings
            authors: [Brandon Sanderson]
            isbn: "9780765326355"
            tags: [fantasy]
            rating: 5
            added: 2023-01-02
            started: 2024-11-01
            finished: 2024-12-20
            format: hardcover
            moods: [adventurous, emotional]
            pace: medium
            owned: true
            read_count: 2
            reads: [{started: 2023-02-01, finished: 2023-03-14}]
            ---

            """),
        ("finished/children-of-time.md", """
            ---
            title: Children of Time
            authors: [Adrian Tchaikovsky]
            tags: [sci-fi]
            rating: 4.5
            added: 2022-05-01
            started: 2022-05-10
            finished: 2022-05-30
            asin: B00ZVA3XL6
            format: digital
            moods: [adventurous, challenging, mysterious]
            pace: medium
            storygraph_rating: 4.25
            ---

            ## Review

            Spiders. Spiders!

            """),
        ("reading/the-name-of-the-wind.md", """
            ---
            title: The Name of the Wind
            authors: [Patrick Rothfuss]
            isbn: "9780756404741"
            tags: [fantasy]
            added: 2026-09-25
            started: 2026-10-01
            format: paperback
            moods: [adventurous]
            pace: medium
            owned: true
            paused: true
            ---

            """),
        ("abandoned/the-midnight-library.md", """
            ---
            title: The Midnight Library
            authors: [Matt Haig]
            isbn: "9780525559474"
            tags: [fiction]
            rating: 2
            added: 2021-01-10
            format: hardcover
            moods: [hopeful, reflective]
            pace: fast
            storygraph_rating: 1.75
            reads: [{started: 2021-01-12, finished: 2021-01-20}]
            ---

            ## Review

            Too neat for me.

            """),
        ("finished/the-hobbit.md", """
            ---
            title: The Hobbit
            authors: [J.R.R. Tolkien]
            isbn: "9780618260300"
            tags: [fantasy, classics]
            rating: 5
            added: 2015-01-01
            started: 2024-12-22
            finished: 2024-12-28
            format: hardcover
            moods: [adventurous, lighthearted]
            pace: medium
            owned: true
            read_count: 3
            reads: [{started: 2015-01-02, finished: 2015-01-20}, {started: 2019-12-20, finished: 2019-12-31}]
            ---

            ## Review

            Every December, apparently.

            """),
        ("finished/the-three-body-problem.md", """
            ---
            title: The Three-Body Problem
            authors: [Cixin Liu]
            isbn: "9780765382030"
            tags: [sci-fi, translated]
            rating: 3.5
            added: 2024-06-15
            started: 2024-06-20
            finished: 2024-07-07
            format: paperback
            contributors: [Ken Liu (Translator)]
            moods: [challenging, mysterious]
            pace: slow
            storygraph_rating: 3.25
            ---

            ## Review

            Big ideas, flat people.

            """),
    ]

    @Test func importWritesTheExpectedFiles() async throws {
        for library in [ImportFixtures.memoryLibrary() as any LibraryCommands, try ImportFixtures.fileLibrary()] {
            let plan = try await ImportFixtures.importFile(Self.fixture, format: .storygraph, into: library)
            #expect(plan.summary == ImportSummary(added: 31, updated: 0, unchanged: 0, skipped: 2))
            #expect(plan.skipped.map { $0.description } == [
                "storygraph_export.csv:34:1: Title is empty; every book needs a title; row skipped",
                "storygraph_export.csv:35:9: Dates Read should be dates YYYY/MM/DD or ranges YYYY/MM/DD-YYYY/MM/DD separated by semicolons or commas, found \"2025/99/99\"; row skipped",
            ])
            for (path, text) in Self.expectedFiles {
                #expect(await ImportFixtures.file(path, in: library) == text, "\(path)")
            }
        }
    }

    @Test func reimportingChangesNothing() async throws {
        let library = try ImportFixtures.fileLibrary()
        try await ImportFixtures.importFile(Self.fixture, format: .storygraph, into: library)
        let again = try await ImportFixtures.importFile(Self.fixture, format: .storygraph, into: library)
        #expect(again.summary == ImportSummary(added: 0, updated: 0, unchanged: 31, skipped: 2))
    }

    @Test func ratingsRoundToTheNearestHalf() async throws {
        let importer = LibraryImporter(format: .storygraph)
        let rows = try importer.read(try ImportFixtures.text(Self.fixture), path: Self.fixture, configuration: .default)
        func rating(_ title: String) -> (Double?, YAMLValue?) {
            let book = rows.books.first { $0.book.title == title }?.book
            return (book?.rating, book?.extra("storygraph_rating"))
        }
        #expect(rating("Piranesi") == (5, .double(4.75)))
        #expect(rating("The Martian") == (4, .double(3.75)))
        #expect(rating("Sapiens: A Brief History of Humankind") == (3.5, nil))
        #expect(rating("Circe") == (nil, nil))
    }

    @Test func pausedAndDidNotFinishBecomeStatusesWhenAsked() async throws {
        let importer = LibraryImporter(format: .storygraph, options: ImportOptions(createsStatuses: true))
        let rows = try importer.read(try ImportFixtures.text(Self.fixture), path: Self.fixture, configuration: .default)
        let plan = importer.plan(rows, existing: [], configuration: .default)
        #expect(plan.newStatuses == [Status("did-not-finish"), Status("paused")])
        #expect(rows.books.first { $0.book.title == "Station Eleven" }?.book.extra("paused") == nil)

        let root = try TemporaryFolder.make()
        try await FileLibrary.create(at: root, today: { testToday }).apply(plan.batch)
        let library = try FileLibrary(root: root, today: { testToday })
        #expect(library.configuration.statuses.map(\.name) == ["to-read", "reading", "finished", "abandoned", "did-not-finish", "paused"])
        #expect(try await library.book("station-eleven").status == Status("paused"))
    }

    @Test func newStatusesAreWrittenInTheBatchOrNotAtAll() async throws {
        let options = ImportOptions(createsStatuses: true)
        let failing = ImportFixtures.memoryLibrary()
        await failing.failNextWrite(at: "paused/station-eleven.md")
        await #expect(throws: ShelfError.self) {
            try await ImportFixtures.importFile(Self.fixture, format: .storygraph, into: failing, options: options)
        }
        #expect(await failing.fileBytes(LibraryConfiguration.path) == nil, "no status is added when the batch fails")
        #expect(try await failing.scan().books.isEmpty)

        let root = try TemporaryFolder.make()
        let library = try FileLibrary.create(at: root, today: { testToday })
        try await ImportFixtures.importFile(Self.fixture, format: .storygraph, into: library, options: options)
        let listed = try await library.books(matching: "status:paused")
        #expect(listed.map(\.id).contains("station-eleven"), "the library that wrote the statuses lists their books")
        let reopened = try FileLibrary(root: root, today: { testToday })
        #expect(reopened.configuration.statuses.map(\.name) == ["to-read", "reading", "finished", "abandoned", "did-not-finish", "paused"])
        #expect(try await reopened.book("station-eleven").path == "paused/station-eleven.md")
    }

    @Test func anOlderExportWithAnISBNColumnReads() throws {
        let importer = LibraryImporter(format: .storygraph)
        let rows = try importer.read(try ImportFixtures.text("storygraph_export_isbn_header.csv"), path: "old.csv", configuration: .default)
        #expect(rows.books.map { $0.book.isbn } == ["9781635575637", "9780765326355", "9780593135204"])
    }

    @Test func storyGraphRowsUpdateBooksImportedFromGoodreads() async throws {
        let library = ImportFixtures.memoryLibrary()
        try await ImportFixtures.importFile(GoodreadsImportTests.fixture, format: .goodreads, into: library)
        let plan = try await ImportFixtures.importFile(Self.fixture, format: .storygraph, into: library)
        #expect(plan.summary.added + plan.summary.updated + plan.summary.unchanged == 31)
        #expect(plan.summary.added == 12)
        let kings = try await library.book("the-way-of-kings")
        #expect(kings.finished == Day(year: 2024, month: 12, day: 20))
        #expect(kings.series == "The Stormlight Archive")
    }
}
