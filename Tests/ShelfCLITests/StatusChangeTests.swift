import Foundation
import ShelfTestSupport
import Testing

/// `start`, `finish`, `abandon` and `move`: files and session folders move together, and only
/// `started`/`finished` lines change, only when empty.
struct StatusChangeTests {
    let today = ExampleLibrary.today

    @Test func startMovesToReadingAndSetsStarted() throws {
        let library = try ExampleLibrary()
        expectRun(try library.shelf("start", "circe"), stdout: "to-read/circe.md → reading/circe.md\n")
        // `started` goes after `added`, its canonical predecessor, and before the custom key.
        #expect(try library.changes() == """
            diff --git a/to-read/circe.md b/reading/circe.md
            rename from to-read/circe.md
            rename to reading/circe.md
            --- a/to-read/circe.md
            +++ b/reading/circe.md
            @@ -9,5 +9,6 @@ publisher: Little, Brown and Company
             language: en
             tags: [mythology, retelling]
             added: 2026-05-10
            +started: \(today)
             recommended_by: Mum
             ---

            """)
        expectRun(try library.shelf("start", "circe"), stdout: "circe is already in reading; nothing changed\n")
    }

    @Test func finishWithRatingMovesTheSessionsToo() throws {
        let library = try ExampleLibrary()
        expectRun(try library.shelf("finish", "cloud", "--rating", "4.5"), stdout: "reading/cloud-atlas.md → finished/cloud-atlas.md\n")
        #expect(try library.changes() == """
            diff --git a/reading/cloud-atlas.md b/finished/cloud-atlas.md
            rename from reading/cloud-atlas.md
            rename to finished/cloud-atlas.md
            --- a/reading/cloud-atlas.md
            +++ b/finished/cloud-atlas.md
            @@ -7,6 +7,8 @@ pages: 509
             publisher: Random House
             language: en
             tags: [fiction, literary]
            +rating: 4.5
             added: 2026-06-01
             started: 2026-11-08
            +finished: \(today)
             ---
            diff --git a/reading/cloud-atlas/2026-11-08.md b/finished/cloud-atlas/2026-11-08.md
            rename from reading/cloud-atlas/2026-11-08.md
            rename to finished/cloud-atlas/2026-11-08.md
            diff --git a/reading/cloud-atlas/2026-11-16.md b/finished/cloud-atlas/2026-11-16.md
            rename from reading/cloud-atlas/2026-11-16.md
            rename to finished/cloud-atlas/2026-11-16.md

            """)
        #expect(!library.exists("reading/cloud-atlas"))
    }

    @Test func finishKeepsDatesThatAreSetAndRatesAFinishedBook() throws {
        let library = try ExampleLibrary()
        expectRun(try library.shelf("finish", "dune"), stdout: "dune is already in finished; nothing changed\n")
        #expect(try library.status() == "")
        expectRun(try library.shelf("finish", "dune", "--rating", "4"),
                  stdout: "dune is already in finished; updated finished/sci-fi/dune.md\n")
        #expect(try library.changes() == """
            diff --git a/finished/sci-fi/dune.md b/finished/sci-fi/dune.md
            --- a/finished/sci-fi/dune.md
            +++ b/finished/sci-fi/dune.md
            @@ -9,7 +9,7 @@ language: en
             series: Dune
             series_index: 1
             tags: [sci-fi, classic]
            -rating: 5
            +rating: 4
             added: 2023-12-26
             started: 2024-01-02
             finished: 2024-02-11

            """)
    }

    @Test(arguments: ["0", "5.5", "3.3"])
    func finishRefusesARatingThatIsNotAHalf(rating: String) throws {
        let library = try ExampleLibrary()
        // Refused by ShelfKit when written, as `set rating=` is, so the status is 1, not a usage error's 2.
        expectRun(try library.shelf("finish", "cloud", "--rating", rating), status: 1, stderr: """
            shelf: finished/cloud-atlas.md: rating should be between 0.5 and 5 in steps of 0.5, found "\(rating)"

            """)
        #expect(try library.status() == "")
    }

    @Test func abandonMovesBookAndSessionsAndSetsStopped() throws {
        let library = try ExampleLibrary()
        expectRun(try library.shelf("abandon", "the-fall-of-hyperion", "--date", "yesterday"),
                  stdout: "reading/the-fall-of-hyperion.md → abandoned/the-fall-of-hyperion.md\nstopped at page 251 of 517 (48%)\n")
        #expect(try library.status() == """
            R  reading/the-fall-of-hyperion.md -> abandoned/the-fall-of-hyperion.md
            R  reading/the-fall-of-hyperion/2026-10-20.md -> abandoned/the-fall-of-hyperion/2026-10-20.md
            R  reading/the-fall-of-hyperion/2026-10-26.md -> abandoned/the-fall-of-hyperion/2026-10-26.md
            R  reading/the-fall-of-hyperion/2026-11-02.md -> abandoned/the-fall-of-hyperion/2026-11-02.md
            R  reading/the-fall-of-hyperion/2026-11-14.md -> abandoned/the-fall-of-hyperion/2026-11-14.md

            """)
        let changes = try library.changes()
        // The lines the move adds: the day the book was put down, after `started`, and the page
        // its sessions reached.
        let lines = changes.split(separator: "\n")
        #expect(lines.filter { $0.hasPrefix("+") && !$0.hasPrefix("+++") } == ["+stopped: \(ExampleLibrary.yesterday)", "+stopped_page: 251"],
                "\(changes)")
        #expect(!lines.contains { $0.hasPrefix("-") && !$0.hasPrefix("---") })
        #expect(changes.contains("\n started: 2026-10-20\n+stopped: "))
    }

    /// A wrong finish put back among the books to read keeps its date, which counts nowhere
    /// there: the book begun later has sessions after it, and `check` finds nothing.
    @Test func aFinishMovedBackToTheBooksToReadContradictsNoLaterSession() throws {
        let library = try ExampleLibrary()
        expectRun(try library.shelf("finish", "circe", "--date", "yesterday"), stdout: "to-read/circe.md → finished/circe.md\n")
        expectRun(try library.shelf("move", "circe", "to-read"), stdout: "finished/circe.md → to-read/circe.md\n")
        #expect(try library.read("to-read/circe.md").contains("\nfinished: \(ExampleLibrary.yesterday)\n"))
        #expect(try library.shelf("log", "circe", "--pages", "10", "--minutes", "15").status == 0)
        expectRun(try library.shelf("check"), stderr: "shelf: no problems in 47 books\n")
        // Finished now, it takes the day it happens.
        expectRun(try library.shelf("finish", "circe"), stdout: "reading/circe.md → finished/circe.md\n")
        #expect(try library.read("finished/circe.md").contains("\nfinished: \(ExampleLibrary.today)\n"))
        expectRun(try library.shelf("check"), stderr: "shelf: no problems in 47 books\n")
    }

    @Test func moveToAFolderKeepsSetDates() throws {
        let library = try ExampleLibrary()
        // Dune already has `started`; going back to reading takes the finish back.
        expectRun(try library.shelf("move", "dune", "reading", "--folder", "reread"),
                  stdout: "finished/sci-fi/dune.md → reading/reread/dune.md\n")
        let status = try library.status()
        #expect(status.hasPrefix("R  finished/sci-fi/dune.md -> reading/reread/dune.md\n"))
        #expect(status.split(separator: "\n").count == 7)
        #expect(status.split(separator: "\n").allSatisfy { $0.hasPrefix("R  finished/sci-fi/dune") })
        // The finish is taken back: its day goes, and nothing else changes.
        let changes = try library.changes()
        #expect(changes.contains("\n-finished: 2024-02-11\n") && !changes.contains("\n+f") && !changes.contains("\n+s"), "\(changes)")
    }

    @Test func moveOutOfAFolderRemovesTheFolderLeftEmpty() throws {
        let library = try ExampleLibrary()
        expectRun(try library.shelf("move", "clean-code", "to-read", "--folder", ""),
                  stdout: "abandoned/tech/clean-code.md → to-read/clean-code.md\n")
        #expect(try library.status() == "R  abandoned/tech/clean-code.md -> to-read/clean-code.md\n")
        #expect(!library.exists("abandoned/tech"))
        #expect(library.exists("abandoned"))
    }

    @Test func moveToAnUnknownStatus() throws {
        let library = try ExampleLibrary()
        expectRun(try library.shelf("move", "dune", "wishlist"), status: 1, stderr: """
            shelf: unknown status "wishlist"; the statuses are to-read, reading, finished, abandoned (set in .shelf/config.yaml)

            """)
        #expect(try library.status() == "")
    }
}
