import Foundation
import ShelfTestSupport
import Testing

/// What a reader cannot do by accident to a finished book or a running session.
struct SessionSafetyTests {
    /// A session after the day a book was finished contradicts it: `log` and `read` refuse and
    /// point to `start`, which begins a new read.
    @Test func aFinishedBookTakesNoSessionAfterItsFinish() throws {
        let library = try ExampleLibrary()
        let message = "shelf: dune was finished on 2024-02-11, before the session's day, \(ExampleLibrary.today); "
            + "to read it again, begin a new read with `shelf start dune`\n"
        expectRun(try library.shelf("log", "dune", "--minutes", "5"), status: 1, stderr: message)
        expectRun(try library.shelf("read", "dune", "--start"), status: 1, stderr: message)
        #expect(try library.status() == "")
        // Backdated into the read, a session is still welcome.
        let backdated = try library.shelf("log", "dune", "--minutes", "5", "--date", "2024-02-10", "--at", "20:00")
        #expect(backdated.status == 0, "\(backdated)")
    }

    /// The running session is filed under the book's slug: renaming the book would orphan it.
    @Test func aBookIsNotRenamedWhileItsSessionRuns() throws {
        let library = try ExampleLibrary()
        let started = try library.shelf("read", "cloud", "--start")
        #expect(started.status == 0, "\(started)")
        let renamed = try library.shelf("move", "cloud", "--slug", "cloud-atlas-mitchell")
        #expect(renamed.status == 1 && renamed.stderr.hasPrefix("shelf: a reading session of cloud-atlas is running"), "\(renamed)")
        #expect(try library.shelf("read", "--cancel").status == 0)
        expectRun(try library.shelf("move", "cloud", "--slug", "cloud-atlas-mitchell"),
                  stdout: "reading/cloud-atlas.md → reading/cloud-atlas-mitchell.md\n")
    }

    /// Two sessions over the same pages, as two devices logging one sitting make: `check` says
    /// the pages between are counted twice.
    @Test func overlappingSessionsAreReported() throws {
        let library = try ExampleLibrary()
        let today = ExampleLibrary.today
        #expect(try library.shelf("log", "cloud", "--to", "120", "--at", "08:00", environment: ExampleLibrary.lateToday).status == 0)
        try library.write("reading/cloud-atlas/\(today)-0900.md", "---\nfrom: 100\nto: 130\n---\n")
        let check = try library.shelf("check")
        #expect(check.status == 1)
        #expect(check.stdout == "reading/cloud-atlas/\(today)-0900.md:2:7: from is below page 120, reached on \(today), "
            + "so pages 100–120 are counted twice; correct one of the two sessions, found \"100\"\n", "\(check)")
    }
}
