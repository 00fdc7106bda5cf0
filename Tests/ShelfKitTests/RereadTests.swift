@testable import ShelfKit
import ShelfTestSupport
import Testing

/// A re-read through the API: `start` keeps the read so far in `reads`, progress counts the new
/// read's sessions only, and the earlier read keeps its rating through an import's merge.
struct RereadAPITests {
    @Test(arguments: LibraryKind.allCases)
    func startingAFinishedBookBeginsANewRead(_ kind: LibraryKind) async throws {
        let test = try TestLibrary.make(kind)
        defer { test.remove() }
        try await test.write("""
            ---
            title: Dune
            pages: 412
            rating: 5  # the first time
            started: 2024-01-02
            finished: 2024-02-11
            ---
            Notes.\r\n
            """, to: "finished/dune.md")
        try await test.write("---\nfrom: 1\nto: 412\n---\n", to: "finished/dune/2024-02-11.md")
        let started = try await test.library.start("dune", on: day("2024-03-01"))
        #expect(started.status == .reading && started.started == day("2024-03-01") && started.finished == nil)
        #expect(started.earlierReads == [BookRead(started: day("2024-01-02"), finished: day("2024-02-11"), rating: 5)])
        #expect(await test.text("reading/dune.md") == """
            ---
            title: Dune
            pages: 412
            rating: 5  # the first time
            started: 2024-03-01
            reads: [{started: 2024-01-02, finished: 2024-02-11, rating: 5}]
            ---
            Notes.\r\n
            """)
        let session = try await test.library.log(ReadingSession(day: day("2024-03-02"), time: TimeOfDay(hour: 8, minute: 0), to: 40),
                                                 for: "dune")
        #expect(session.from == 1)
        let sessions = try await test.library.sessions(of: "dune")
        #expect(ReadingProgress(sessions, of: try await test.library.book("dune")).page == 40)
        let listed = try await test.library.booksWithProgress(matching: Query(parsing: "title:dune", today: testToday),
                                                               sortedBy: [], limit: nil)
        #expect(listed.items.map(\.progress.page) == [40])
        #expect(try await test.library.check().isEmpty)
        let finished = try await test.library.move("dune", to: .finished)
        #expect(finished.timesFinished(in: .default) == 2)
        #expect(finished.finishedDays(in: .default) == [day("2024-02-11"), testToday])
    }
}
