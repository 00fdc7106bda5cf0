import Foundation
import ShelfTestSupport
import Testing

/// Reading a finished book again: `start` begins a new read, the earlier one stays in `reads`
/// with its sessions, progress starts again, and every read counts in its own year.
struct RereadTests {
    @Test func startOnAFinishedBookBeginsANewRead() throws {
        let library = try ExampleLibrary()
        // Without a new read, a session after the finish contradicts the book.
        expectRun(try library.shelf("log", "dune", "--to", "30"), status: 1, stderr: """
            shelf: dune was finished on 2024-02-11, before the session's day, \(ExampleLibrary.today); \
            to read it again, begin a new read with `shelf start dune`

            """)
        expectRun(try library.shelf("start", "dune", "--date", "2026-11-01"), stdout: "finished/sci-fi/dune.md → reading/sci-fi/dune.md\n",
                  stderr: "shelf: dune: a new read, started 2026-11-01; the earlier read is kept in reads\n")
        let changes = try library.changes()
        #expect(changes.contains("""
             added: 2023-12-26
            -started: 2024-01-02
            -finished: 2024-02-11
            +started: 2026-11-01
             cover: https://covers.openlibrary.org/b/isbn/9780441172719-L.jpg
             format: paperback
            +reads: [{started: 2024-01-02, finished: 2024-02-11, rating: 5}]
             ---

            """), "\(changes)")
        // The earlier read's six sessions moved with the book, untouched.
        let original = try String(contentsOfFile: PackageFolder.exampleLibrary.path + "/finished/sci-fi/dune/2024-01-02.md", encoding: .utf8)
        #expect(try library.read("reading/sci-fi/dune/2024-01-02.md") == original)
        expectRun(try library.shelf("log", "dune", "--to", "50", "--date", "2026-11-02", "--at", "20:00"),
                  stdout: "reading/sci-fi/dune/2026-11-02-2000-nxpc.md: page 50 of 412 (12%)\n")
        #expect(try library.read("reading/sci-fi/dune/2026-11-02-2000-nxpc.md") == "---\nfrom: 1\nto: 50\n---\n")
        for index in ["", "--no-index"] {
            let arguments = ["list", "title:dune", "--format", "{progress}% {read}"] + (index.isEmpty ? [] : [index])
            expectRun(try library.shelf(arguments), stdout: "12% 50\n")
        }
        #expect(try library.shelf("show", "dune").stdout.contains("progress: 50/412 (12%) · 50 pages read"))
        expectRun(try library.shelf("finish", "dune", "--date", "2026-11-20"), stdout: "reading/sci-fi/dune.md → finished/sci-fi/dune.md\n")
        expectRun(try library.shelf("check"), stderr: "shelf: no problems in 47 books\n")
    }

    @Test func everyReadCountsInItsOwnYearAndQueriesFindRereads() throws {
        let library = try ExampleLibrary()
        let stats = { (year: String) throws -> Int in
            Self.finished(try library.shelf("stats", "--year", year, "--format", "json").stdout)
        }
        let (before2024, before2026) = (try stats("2024"), try stats("2026"))
        #expect(try library.shelf("start", "dune", "--date", "2026-11-01").status == 0)
        #expect(try library.shelf("finish", "dune", "--date", "2026-11-20").status == 0)
        for index in [[], ["--no-index"]] {
            expectRun(try library.shelf(["list", "reads>1", "--format", "{title}"] + index), stdout: "Dune\n")
            expectRun(try library.shelf(["list", "reads:2", "author:herbert", "--format", "{title}"] + index), stdout: "Dune\n")
        }
        // The 2024 read still counts in 2024, and the new one in 2026.
        #expect(try stats("2024") == before2024 && before2024 > 0)
        #expect(try stats("2026") == before2026 + 1)
    }

    /// A book put down is picked up again where it stopped: only its place changes.
    @Test func startOnAnAbandonedBookPicksItUpAgain() throws {
        let library = try ExampleLibrary()
        let before = try library.read("abandoned/infinite-jest.md")
        expectRun(try library.shelf("start", "infinite-jest"), stdout: "abandoned/infinite-jest.md → reading/infinite-jest.md\n",
                  stderr: "shelf: infinite-jest: picked up again where it was put down; "
                    + "`shelf start infinite-jest --again` would have begun a new read\n")
        #expect(try library.read("reading/infinite-jest.md") == before)
        #expect(try library.shelf("check").status == 0)
    }

    @Test func startAgainOnAnAbandonedBookKeepsTheDayItWasPutDown() throws {
        let library = try ExampleLibrary()
        let before = try library.read("abandoned/infinite-jest.md")
        expectRun(try library.shelf("start", "infinite-jest", "--date", "2026-11-03", "--again"),
                  stdout: "abandoned/infinite-jest.md → reading/infinite-jest.md\n",
                  stderr: "shelf: infinite-jest: a new read, started 2026-11-03; the earlier read is kept in reads\n")
        let after = try library.read("reading/infinite-jest.md")
        #expect(after.contains("started: 2026-11-03\n") && !after.contains("stopped:"), "\(after)")
        #expect(after.contains("\nreads: [{started: 2025-07-01, rating: 2}]\n---\n"), "\(before)\n\(after)")
        let progress = try library.shelf("list", "title:infinite", "--format", "{progress}")
        #expect(progress.stdout == "\n" || progress.stdout == "0\n", "\(progress)")
        #expect(try library.shelf("check").status == 0)
    }

    private static func finished(_ json: String) -> Int {
        guard let data = json.data(using: .utf8),
              let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { return -1 }
        return object["books_finished"] as? Int ?? -1
    }
}
