@testable import ShelfKit
import ShelfTestSupport
import Testing

/// Days as people write them, the dates a book gets where it arrives, and the pages a session read.
struct DatesAndPagesTests {
    @Test(arguments: [
        ("2024-03-01", "2024-03-01"), ("today", "2024-03-15"), ("yesterday", "2024-03-14"), ("3d", "2024-03-12"),
        ("2w", "2024-03-01"), ("0d", "2024-03-15"),
    ])
    func aDayIsAnyQueryDateOfOneDay(text: String, expected: String) {
        #expect(Day.parse(text, today: testToday) == Day(expected))
    }

    @Test func spansGiveTheirFirstAndLastDay() {
        #expect(Day.parse("2024-03", today: testToday) == nil, "a month is not one day")
        #expect(Day.parse("someday", today: testToday) == nil)
        #expect(Day.days("2024-02", today: testToday) == day("2024-02-01")...day("2024-02-29"))
        #expect(Day.days("last-year", today: testToday) == day("2023-01-01")...day("2023-12-31"))
        #expect(Day.days("2024-02-30", today: testToday) == nil)
    }

    @Test func aRangeCountsBothEndsAndAPageSharedWithTheSessionBeforeOnce() {
        let first = ReadingSession(bookID: "dune", day: day("2024-01-01"), from: 1, to: 58)
        let shared = ReadingSession(bookID: "dune", day: day("2024-01-02"), from: 58, to: 120)
        let next = ReadingSession(bookID: "dune", day: day("2024-01-02"), sequence: 2, from: 121, to: 130)
        let counted = ReadingSession(bookID: "dune", day: day("2024-01-03"), pages: 12)
        #expect(first.pagesRead(after: nil) == 58)
        #expect(shared.pagesRead(after: first) == 62 && shared.pagesRead(after: nil) == 63)
        #expect(next.pagesRead(after: shared) == 10)
        #expect(counted.pagesRead(after: next) == 12)
        #expect(ReadingSession(day: day("2024-01-04"), minutes: 30).pagesRead(after: counted) == 0)
        // In date order and by book, whatever order they are given in.
        let other = ReadingSession(bookID: "emma", day: day("2024-01-02"), from: 120, to: 130)
        #expect(ReadingSession.pagesRead([next, other, shared, first]) == [10, 11, 62, 58])
        let progress = ReadingProgress([next, shared, first])
        #expect(progress.pagesRead == 130 && progress.page == 130, "continuous reading adds up to the page reached")
    }

    @Test(arguments: LibraryKind.allCases)
    func datesFollowWhereABookArrivesAndAreNeverInTheFuture(_ kind: LibraryKind) async throws {
        let test = try TestLibrary.make(kind)
        defer { test.remove() }
        let finished = try await test.library.add(Book(id: "dune", title: "Dune"), to: .finished, in: "")
        #expect(finished.finished == testToday && finished.started == nil)
        let reading = try await test.library.add(Book(id: "emma", title: "Emma"), to: .reading, in: "")
        #expect(reading.started == testToday)
        try await test.library.add(Book(id: "circe", title: "Circe"), to: .toRead, in: "")
        let started = try await test.library.move("circe", to: .reading, folder: nil, on: day("2024-03-01")) { _ in }
        #expect(started.started == day("2024-03-01"))
        let tomorrow = try #require(testToday.adding(days: 1))
        await expectError(.invalidValue(path: "reading/circe.md", key: "finished", value: tomorrow.description,
                                        reason: "is after today (2024-03-15)", at: nil)) {
            try await test.library.move("circe", to: .finished, folder: nil, on: tomorrow) { _ in }
        }
        await expectError(.invalidValue(path: "finished/dune.md", key: "started", value: tomorrow.description,
                                        reason: "is after today (2024-03-15)", at: nil)) {
            try await test.library.update("dune") { $0.started = tomorrow }
        }
        #expect(await test.exists("reading/circe.md"))
    }
}
