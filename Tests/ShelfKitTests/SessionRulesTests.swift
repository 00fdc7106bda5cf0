@testable import ShelfKit
import ShelfTestSupport
import Testing

/// The sessions the API refuses, as `shelf log` does: the rules live in ShelfKit.
struct SessionRulesTests {
    @Test(arguments: LibraryKind.allCases)
    func impossibleSessionsAreRefusedAndWriteNothing(_ kind: LibraryKind) async throws {
        let test = try TestLibrary.make(kind)
        defer { test.remove() }
        try await test.library.add(Book(id: "circe", title: "Circe", pages: 100), to: .reading, in: "")
        try await test.library.log(ReadingSession(day: day("2024-03-01"), from: 1, to: 40), for: "circe")
        try await test.library.log(ReadingSession(day: day("2024-03-10"), from: 60, to: 80), for: "circe")
        func refused(_ session: ReadingSession, _ problem: SessionProblem) async {
            await expectError(.impossibleSession(bookID: "circe", day: session.day, problem: problem)) {
                try await test.library.log(session, for: "circe")
            }
        }
        await refused(ReadingSession(day: day("2024-03-11"), to: 120), .pastLastPage(page: 120, pages: 100))
        await refused(ReadingSession(day: day("2024-03-11"), pages: 30), .pastLastPage(page: 110, pages: 100))
        await refused(ReadingSession(day: day("2024-03-16"), to: 90), .inTheFuture(today: testToday))
        await refused(ReadingSession(day: day("2024-03-11"), pages: 0, note: " \n"), .empty)
        await refused(ReadingSession(day: day("2024-03-11"), to: 80), .empty)
        await refused(ReadingSession(day: day("2024-03-11"), minutes: 1441), .tooManyMinutes(1441))
        await refused(ReadingSession(day: day("2024-03-05"), to: 70), .pastLaterSession(page: 70, laterDay: day("2024-03-10"), laterPage: 60))
        #expect(try await test.library.sessions(of: "circe").count == 2)

        // A backdated session that fits between the others, one on the last page read with a
        // note, and a page count corrected in the same write, are logged.
        let between = try await test.library.log(ReadingSession(day: day("2024-03-05"), to: 60), for: "circe")
        #expect(between.from == 41)
        try await test.library.log(ReadingSession(day: day("2024-03-11"), to: 80, note: "Reread the ending."), for: "circe")
        let past = try await test.library.log(ReadingSession(day: day("2024-03-12"), to: 120), for: "circe", pagesTotal: 130)
        #expect(past.from == 81)
        #expect(try await test.library.book("circe").pages == 130)
        let progress = ReadingProgress(try await test.library.sessions(of: "circe"))
        #expect(progress.page == 120 && progress.pagesRead == 120)
    }
}
