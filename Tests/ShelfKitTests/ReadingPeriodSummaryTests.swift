@testable import ShelfKit
import ShelfTestSupport
import Testing

/// `shelf today`: a period's reading per book, the streak and the goal's pace.
struct ReadingPeriodSummaryTests {
    /// A session's pages count after the session before it of its book, even when that one is
    /// before the period: 1–100 then 100–150 is 50 pages today, not 51.
    @Test func pagesOfThePeriodCountAfterTheSessionsBeforeIt() {
        let today = day("2026-11-24")
        let summary = ReadingPeriodSummary(
            books: [Book(id: "dune", status: .reading, title: "Dune", pages: 600),
                    Book(id: "circe", status: .reading, title: "Circe", pages: 400)],
            sessions: [
                ReadingSession(bookID: "dune", day: day("2026-11-20"), from: 1, to: 100),
                ReadingSession(bookID: "dune", day: today, from: 100, to: 150, minutes: 40),
                ReadingSession(bookID: "circe", day: today, pages: 80, minutes: 60),
                ReadingSession(bookID: "circe", day: day("2026-11-23"), pages: 10),
            ],
            configuration: .default, period: .day, today: today)
        #expect(summary.first == today)
        #expect(summary.books == [
            BookPeriodReading(id: "circe", title: "Circe", sessions: 1, pages: 80, minutes: 60),
            BookPeriodReading(id: "dune", title: "Dune", sessions: 1, pages: 50, minutes: 40),
        ])
        #expect((summary.sessions, summary.pages, summary.minutes) == (2, 130, 100))
        #expect(summary.streak == 2)
        #expect(summary.goal == nil)
    }

    /// A week starts on Monday and a month on the 1st, both ending today.
    @Test func weekAndMonthRunToToday() {
        let tuesday = day("2026-11-24")
        #expect(ReadingPeriod.week.days(endingOn: tuesday) == day("2026-11-23")...tuesday)
        #expect(ReadingPeriod.month.days(endingOn: tuesday) == day("2026-11-01")...tuesday)
        #expect(ReadingPeriod.day.days(endingOn: tuesday) == tuesday...tuesday)
        let monday = day("2026-11-23")
        #expect(ReadingPeriod.week.days(endingOn: monday) == monday...monday)
        let sessions = [ReadingSession(bookID: "dune", day: day("2026-11-22"), pages: 5),
                        ReadingSession(bookID: "dune", day: monday, pages: 7)]
        let week = ReadingPeriodSummary(books: [], sessions: sessions, configuration: .default, period: .week, today: tuesday)
        #expect(week.pages == 7)
        #expect(week.books.map(\.title) == ["dune"])
        // No session today: the streak ends yesterday.
        #expect(week.streak == 2)
    }

    /// 24 books a year: on 2026-07-02, day 183 of 365, 12 are expected; with 10 finished
    /// (300 pages on average), 14 books of 300 pages over the 183 days left need 23 pages a day.
    @Test func goalPaceFromThisYearsFinishedBooks() throws {
        let configuration = try LibraryConfiguration(goal: 24)
        let today = day("2026-07-02")
        var books = (1...10).map { index in
            Book(id: BookID("b\(index)"), status: .finished, title: "B\(index)", pages: index.isMultiple(of: 2) ? 200 : 400,
                 finished: day("2026-03-01"))
        }
        books.append(Book(id: "old", status: .finished, title: "Old", pages: 1000, finished: day("2025-03-01")))
        books.append(Book(id: "shelved", status: .toRead, title: "Shelved", pages: 900))
        let goal = ReadingPeriodSummary(books: books, sessions: [], configuration: configuration, period: .day, today: today).goal
        #expect(goal == GoalPace(year: 2026, goal: 24, finished: 10, expectedByToday: 12, booksNeeded: 14, typicalPages: 300,
                                 daysLeft: 183, pagesPerDay: 23))
        #expect(goal?.onPace == false)

        // Twelve finished is on pace; without pages this year, the library's books give the length.
        let paceless = (1...12).map { Book(id: BookID("p\($0)"), status: .finished, title: "P", finished: day("2026-01-05")) }
        let onPace = ReadingPeriodSummary(books: paceless + [Book(id: "shelved", title: "S", pages: 366)], sessions: [],
                                          configuration: configuration, period: .day, today: today).goal
        #expect(onPace?.onPace == true)
        #expect(onPace?.typicalPages == 366)
        #expect(onPace?.pagesPerDay == 24)
    }

    /// A goal reached needs no more pages; a book in another status with `finished` is not counted.
    @Test func goalReachedNeedsNothing() throws {
        let configuration = try LibraryConfiguration(goal: 1)
        let books = [Book(id: "a", status: .finished, title: "A", pages: 100, finished: day("2026-02-01")),
                     Book(id: "b", status: .abandoned, title: "B", pages: 100, finished: day("2026-02-01"))]
        let goal = ReadingPeriodSummary(books: books, sessions: [], configuration: configuration, period: .month,
                                        today: day("2026-11-24")).goal
        #expect(goal?.finished == 1)
        #expect(goal?.booksNeeded == 0)
        #expect(goal?.pagesPerDay == 0)
    }

    /// `compute` reads the library, in memory and on disk alike.
    @Test(arguments: LibraryKind.allCases) func computeReadsTheLibrary(kind: LibraryKind) async throws {
        let test = try TestLibrary.make(kind)
        let library = test.library
        try await library.add(Book(title: "Dune", pages: 600), to: .reading, in: "")
        try await library.log(ReadingSession(day: testToday.adding(days: -1) ?? testToday, from: 1, to: 40), for: "dune", pagesTotal: nil)
        try await library.log(ReadingSession(day: testToday, from: 40, to: 70, minutes: 30), for: "dune", pagesTotal: nil)
        let summary = try await ReadingPeriodSummary.compute(for: library, period: .day, today: testToday)
        #expect(summary.books == [BookPeriodReading(id: "dune", title: "Dune", sessions: 1, pages: 30, minutes: 30)])
        #expect(summary.streak == 2)
        #expect(summary.problems.isEmpty)
    }

    /// `today`'s goal counts the year's reads as `stats` does: a book finished twice this
    /// year, the first time kept in `reads`, counts twice in both.
    @Test func theGoalCountsEveryReadAsStatsDoes() throws {
        let today = try #require(Day("2026-06-30"))
        var book = Book(id: "dune", status: .reading, title: "Dune", pages: 400, started: Day("2026-01-02"), finished: Day("2026-02-01"))
        book.beginNewRead(on: try #require(Day("2026-03-01")))
        book.status = .finished
        book.finished = Day("2026-04-01")
        let configuration = try LibraryConfiguration(goal: 10)
        let pace = GoalPace(goal: 10, books: [book], configuration: configuration, today: today)
        let stats = ReadingStats(books: [book], sessions: [], configuration: configuration, year: 2026, today: today)
        #expect(pace.finished == 2)
        #expect(stats.goal?.finished == pace.finished && stats.goal?.expectedByToday == pace.expectedByToday)
    }
}
