/// The day at a glance, as a workout app shows one: what was read today (or this week, this
/// month), per book and in all, the streak, and whether the year's goal is on pace. This is
/// `shelf today`.
///
/// ```swift
/// let summary = try await ReadingPeriodSummary.compute(for: library, period: .week, today: .today())
/// print(summary.pages, summary.streak, summary.goal?.pagesPerDay ?? 0)
/// ```
package struct ReadingPeriodSummary: Sendable, Hashable, Codable {
    /// The period.
    package var period: ReadingPeriod
    /// Its first day.
    package var first: Day
    /// Its last day: today.
    package var today: Day
    /// The books read in the period, most pages first, then most minutes, then by title.
    package var books: [BookPeriodReading]
    /// Sessions in the period.
    package var sessions: Int
    /// Pages read in the period.
    package var pages: Int
    /// Minutes read in the period, where sessions give them.
    package var minutes: Int
    /// Days in a row with a session, ending today, or yesterday when today has none yet.
    package var streak: Int
    /// The year's goal and its pace, when a goal is set for this year.
    package var goal: GoalPace?
    /// The problems of the files left out because they could not be read, sorted: filled in by
    /// ``compute(for:period:today:)``.
    package var problems: [Problem] = []

    /// Works out the summary.
    /// - Parameters:
    ///   - books: Every book of the library: titles, and the finished books and pages of the goal.
    ///   - sessions: Every session, not the period's alone: a session's pages are counted after
    ///     the session before it of its book (``ReadingSession/pagesRead(_:)``).
    ///   - configuration: The library's settings: the finished status and the goals.
    ///   - period: Today, this week or this month.
    ///   - today: The current day.
    package init(books: [Book], sessions: [ReadingSession], configuration: LibraryConfiguration, period: ReadingPeriod,
                today: Day) {
        let days = period.days(endingOn: today)
        let lines = LinedBooks(books, wholeBooks: false).lines(of: sessions, from: days.lowerBound, through: days.upperBound)
        self.init(lines: lines, streakDays: Set(sessions.map(\.day)), goalBooks: books, configuration: configuration,
                  period: period, today: today)
    }

    /// Works out the summary from the sessions of the period alone.
    /// - Parameters:
    ///   - lines: The sessions dated in the period, each with its pages read and its book's
    ///     title (``PeriodReading/lines``).
    ///   - streakDays: At least the days that end the library's streak (``PeriodReading/streakDays``).
    ///   - goalBooks: At least every book with a read finished this year, or every book when
    ///     none of those gives its pages (``GoalPace`` then takes its typical length from all).
    init(lines periodLines: [SessionLine], streakDays: Set<Day>, goalBooks: [Book],
         configuration: LibraryConfiguration, period: ReadingPeriod, today: Day) {
        self.period = period
        self.today = today
        let days = period.days(endingOn: today)
        first = days.lowerBound
        var lines: [BookID: BookPeriodReading] = [:]
        for line in periodLines where days.contains(line.session.day) {
            let session = line.session
            var reading = lines[session.bookID]
                ?? BookPeriodReading(id: session.bookID, title: line.book?.title ?? session.bookID.rawValue,
                                     sessions: 0, pages: 0, minutes: 0)
            reading.sessions += 1
            reading.pages += line.pagesRead
            reading.minutes += session.minutes ?? 0
            lines[session.bookID] = reading
        }
        self.books = lines.values.sorted {
            ($1.pages, $1.minutes, $0.title, $0.id.rawValue) < ($0.pages, $0.minutes, $1.title, $1.id.rawValue)
        }
        self.sessions = self.books.reduce(0) { $0 + $1.sessions }
        pages = self.books.reduce(0) { $0 + $1.pages }
        minutes = self.books.reduce(0) { $0 + $1.minutes }
        streak = ReadingStats.streak(days: streakDays, today: today)
        goal = configuration.goal(for: today.year).flatMap { $0 > 0 ? $0 : nil }
            .map { GoalPace(goal: $0, books: goalBooks, configuration: configuration, today: today) }
    }

    /// Works out the summary from the books read in the period and their sessions, and from the
    /// books finished this year when a goal is set, with the ``problems`` of the files it had to
    /// skip among those: it reads neither every book nor every session.
    /// - Throws: Only when the library's folders cannot be read.
    package static func compute(for library: some LibraryCommands, period: ReadingPeriod, today: Day) async throws(ShelfError)
        -> ReadingPeriodSummary {
        let configuration = library.configuration
        let days = period.days(endingOn: today)
        let recent = try await library.periodReading(from: days.lowerBound, through: days.upperBound)
        var problems = recent.problems
        var goalBooks: [Book] = []
        if let goal = configuration.goal(for: today.year), goal > 0 {
            let finished = try await library.books(matching: GoalPace.finishedReads(in: today.year), sortedBy: [], limit: nil)
            goalBooks = finished.items
            problems += finished.problems
            if !GoalPace.hasTypicalLength(finished.items, configuration: configuration, year: today.year) {
                let all = try await library.books(matching: Query.all, sortedBy: [], limit: nil)
                goalBooks = all.items
                problems += all.problems
            }
        }
        var summary = ReadingPeriodSummary(lines: recent.lines, streakDays: recent.streakDays, goalBooks: goalBooks,
                                           configuration: configuration, period: period, today: today)
        summary.problems = Array(Set(problems)).sorted()
        return summary
    }
}
