import Foundation
@testable import ShelfKit
import ShelfTestSupport
import Testing

/// `check()` on hand-written broken files, with the exact messages a person sees.
struct CheckTests {
    @Test func reportsEveryProblemWithItsLocation() async throws {
        let root = try TemporaryFolder.make(with: [
            ".shelf/config.yaml": "statuses: [to-read, reading, finished, abandoned]\n",
            "finished/good.md": "---\ntitle: Good\nisbn: 0-441-17271-7\nrating: 4.5\n---\n",
            "finished/bad-yaml.md": "---\ntitle: Bad\ntitle: Twice\n---\n",
            "finished/unclosed.md": "---\ntitle: Open\n",
            "finished/no-title.md": "---\nauthors: [Someone]\n---\n",
            "finished/empty-title.md": "---\ntitle: \"\"\n---\n",
            "finished/bad-date.md": "---\ntitle: Bad Date\nfinished: 2024-02-30\n---\n",
            "finished/bad-rating.md": "---\ntitle: Bad Rating\nrating: 4.2\n---\n",
            "finished/big-rating.md": "---\ntitle: Big Rating\nrating: 6\n---\n",
            "finished/bad-isbn.md": "---\ntitle: Bad ISBN\nisbn: \"9780441172718\"\n---\n",
            "finished/short-isbn.md": "---\ntitle: Short ISBN\nisbn: 12345\n---\n",
            "finished/bad-pages.md": "---\ntitle: Pages\npages: many\nrating: 11\n---\n",
            "finished/good/not-a-date.md": "---\nfrom: 1\n---\n",
            "finished/good/2024-01-02.md": "---\nfrom: 50\nto: 20\n---\n",
            "finished/good/2024-01-03.md": "---\nminutes: lots\n---\n",
            "finished/orphan/2024-01-01.md": "---\nfrom: 1\nto: 2\n---\n",
            "loose.md": "---\nnot: a book\n---\n",
            "notes/ideas.md": "---\n[not yaml\n",
        ])
        defer { try? FileManager.default.removeItem(atPath: root) }
        let invalidUTF8 = Data("---\ntitle: Caf".utf8) + Data([0xE9]) + Data("\n---\n".utf8)
        try invalidUTF8.write(to: URL(fileURLWithPath: root + "/finished/latin1.md"))
        let library = try FileLibrary(root: root)
        let problems = try await library.check().map(\.description)
        #expect(problems == [
            "finished/bad-date.md:3:11: finished should be a date (YYYY-MM-DD), found \"2024-02-30\"",
            "finished/bad-isbn.md:3:7: isbn has a wrong check digit, found \"9780441172718\"",
            "finished/bad-pages.md:3:8: pages should be a whole number, found \"many\"",
            "finished/bad-pages.md:4:9: rating should be between 0.5 and 5 in steps of 0.5, found \"11\"",
            "finished/bad-rating.md:3:9: rating should be between 0.5 and 5 in steps of 0.5, found \"4.2\"",
            "finished/bad-yaml.md:3:1: duplicate key \"title\" (first on line 2)",
            "finished/big-rating.md:3:9: rating should be between 0.5 and 5 in steps of 0.5, found \"6\"",
            "finished/empty-title.md:2:8: title is empty; every book needs a title",
            "finished/good/2024-01-02.md:3:5: to is below from (50), found \"20\"",
            "finished/good/2024-01-03.md:2:10: minutes should be a whole number, found \"lots\"",
            "finished/good/not-a-date.md: session file name is not a date; name it YYYY-MM-DD-HHMM.md or YYYY-MM-DD.md",
            "finished/latin1.md:2:11: invalid UTF-8: the file must be saved as UTF-8 text",
            "finished/no-title.md:1:1: title is missing; every book needs a title",
            "finished/orphan/: session folder without a book: finished/orphan.md does not exist",
            "finished/short-isbn.md:3:7: isbn should have 10 or 13 digits, not 5, found \"12345\"",
            "finished/unclosed.md:1:1: front matter is not closed: the opening --- has no closing --- line",
        ])
    }

    @Test func brokenConfigurationIsAnError() throws {
        let root = try TemporaryFolder.make(with: [".shelf/config.yaml": "statuses: [to-read, to-read]\ngoal: many\n"])
        defer { try? FileManager.default.removeItem(atPath: root) }
        #expect(throws: ShelfError.invalidValue(path: ".shelf/config.yaml", key: "goal", value: "many",
                                                reason: "should be a whole number", at: SourceLocation(line: 2, column: 7))) {
            try FileLibrary(root: root)
        }
        #expect(throws: ShelfError.invalidValue(path: ".shelf/config.yaml", key: "statuses", value: "to-read, to-read",
                                                reason: "lists a status twice", at: SourceLocation(line: 1, column: 1))) {
            try LibraryConfiguration(yaml: Array("statuses: [to-read, to-read]\n".utf8))
        }
        let custom = try LibraryConfiguration(yaml: Array("statuses: [wishlist, reading, finished]\ngoal: 12\n".utf8))
        #expect(custom.statuses == ["wishlist", "reading", "finished"] && custom.goal == 12)
    }

    @Test func exampleLibraryIsClean() async throws {
        let root = try Self.copyOfExampleLibrary()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let library = try FileLibrary(root: root + "/library")
        #expect(library.configuration.goal == 24)
        #expect(try await library.check() == [])
        let books = try await library.books()
        var counts: [Status: Int] = [:]
        for book in books { counts[book.status, default: 0] += 1 }
        #expect(counts == [.toRead: 13, .reading: 5, .finished: 24, .abandoned: 5])
        let dune = try await library.book("dune")
        #expect(dune.path == "finished/sci-fi/dune.md" && dune.extra == [.init("format", .string("paperback"))])
        let sessions = try await library.sessions(of: "dune")
        #expect(sessions.count == 6 && sessions.compactMap(\.to).max() == 412)
        #expect(ReadingSession.pagesRead(sessions).reduce(0, +) == 412, "a book read to its last page read all its pages")
        let wind = try await library.sessions(of: "the-name-of-the-wind")
        #expect(wind.map { "\($0.day)-\($0.sequence)" } == ["2026-10-01-1", "2026-10-03-1", "2026-10-03-2", "2026-10-11-1"])
        #expect(try await library.update(dune) == dune)
    }

    /// `booksWithProgress` reads every session once; it must give each book what its own
    /// sessions give, without the index, with an index that reads the listed books' session
    /// files itself and with one that keeps every session, and tell apart two books sharing
    /// a slug.
    @Test(arguments: ["files", "index", "index reading every session", "index keeping sessions"])
    func booksWithProgressGiveEachBookItsOwn(reading: String) async throws {
        let root = try Self.copyOfExampleLibrary()
        defer { try? FileManager.default.removeItem(atPath: root) }
        // A second "dune" in another status, with a session of its own, and a broken session.
        try FileManager.default.createDirectory(atPath: root + "/library/to-read/dune", withIntermediateDirectories: true)
        try Data("---\ntitle: Dune (second copy)\npages: 100\n---\n".utf8).write(to: URL(fileURLWithPath: root + "/library/to-read/dune.md"))
        try Data("---\nto: 10\n---\n".utf8).write(to: URL(fileURLWithPath: root + "/library/to-read/dune/2026-11-01.md"))
        try Data("---\nfrom: [\n---\n".utf8).write(to: URL(fileURLWithPath: root + "/library/reading/cloud-atlas/2026-11-20.md"))
        let library = try FileLibrary(root: root + "/library", index: IndexOptions(isEnabled: reading != "files"))
        if reading == "index keeping sessions" { _ = try await library.refreshIndex(sessions: true) }
        // Past this many listed books, the index reads every session rather than the listed ones.
        if reading == "index reading every session" { await library.setSessionsReadDirectlyLimit(0) }
        let listing = try await library.booksWithProgress(matching: try Query(parsing: "", today: day("2026-11-22")),
                                                          sortedBy: [], limit: nil)
        let listed = listing.items
        // Besides the two books sharing a slug, the broken session of a listed book.
        let problems = listing.problems.map(\.path)
        #expect(problems.contains("reading/cloud-atlas/2026-11-20.md") && problems.contains("to-read/dune.md"))
        #expect(listed.map(\.book) == (try await library.books()))
        // The broken session is left out of its book's progress.
        #expect(listed.first { $0.book.id.rawValue == "cloud-atlas" }?.progress.sessions == 2)
        var withSessions = 0
        // sessions(of:) refuses a slug two books share and a broken session file, so those
        // books are checked apart.
        for row in listed where !["dune", "cloud-atlas"].contains(row.book.id.rawValue) {
            let (book, progress) = (row.book, row.progress)
            let own = ReadingProgress(try await library.sessions(of: book.id))
            #expect(progress == own, "\(book.path)")
            if own.sessions > 0 { withSessions += 1 }
        }
        #expect(withSessions > 5)
        let copies = listed.filter { $0.book.id.rawValue == "dune" }
        #expect(copies.map(\.book.path).sorted() == ["finished/sci-fi/dune.md", "to-read/dune.md"])
        for (book, progress) in copies.map({ ($0.book, $0.progress) }) {
            #expect(progress.sessions == (book.path == "to-read/dune.md" ? 1 : 6))
        }
        // Only the listed books' broken sessions are named.
        let finished = try await library.booksWithProgress(
            matching: try Query(parsing: "status:finished", today: day("2026-11-22")), sortedBy: [], limit: nil)
        #expect(!finished.problems.map(\.path).contains("reading/cloud-atlas/2026-11-20.md"))
        if reading != "files" {
            let keeps = try await library.refreshedIndex(sessions: false)?.0.keepsSessions()
            #expect(keeps == (reading != "index"))
        }
    }

    /// A temporary folder holding a copy of `example-library` as `library`.
    private static func copyOfExampleLibrary() throws -> String {
        let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("example-library")
        let root = try TemporaryFolder.make()
        try FileManager.default.copyItem(atPath: source.path, toPath: root + "/library")
        return root
    }
}
