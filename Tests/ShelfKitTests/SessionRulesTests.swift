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

    /// Sessions a book has before it is first started (written by hand, imported from an
    /// e-reader) prove it was started by the first one's day: `start` and a first `log` set
    /// `started` no later than that, and `check` finds no session before it. A book read
    /// before keeps the day its new read begins.
    @Test(arguments: LibraryKind.allCases)
    func sessionsBeforeAFirstStartMoveItBack(_ kind: LibraryKind) async throws {
        for viaLog in [false, true] {
            let test = try TestLibrary.make(kind)
            defer { test.remove() }
            try await test.library.add(Book(id: "circe", title: "Circe", pages: 300), to: .toRead, in: "")
            try await test.write("---\nfrom: 1\nto: 20\nminutes: 30\n---\n\nA first go.\n", to: "to-read/circe/2024-03-02-0900.md")
            try await test.write("---\nto: 35\n---\n", to: "to-read/circe/2024-03-04-0900.md")
            if viaLog {
                try await test.library.log(ReadingSession(day: day("2024-03-14"), to: 60), for: "circe")
            } else {
                try await test.library.start("circe", on: day("2024-03-14"))
            }
            #expect(try await test.library.book("circe").started == day("2024-03-02"), "via log: \(viaLog)")
            #expect(try await test.library.check().isEmpty, "via log: \(viaLog)")
        }
        // A book read before: its new read begins on the day asked.
        let test = try TestLibrary.make(kind)
        defer { test.remove() }
        try await test.library.add(Book(id: "circe", title: "Circe", pages: 300), to: .toRead, in: "")
        try await test.library.log(ReadingSession(day: day("2024-03-02"), to: 20), for: "circe")
        try await test.library.move("circe", to: .finished, folder: nil, on: day("2024-03-05")) { _ in }
        try await test.library.start("circe", on: day("2024-03-14"))
        #expect(try await test.library.book("circe").started == day("2024-03-14"))
    }
}
