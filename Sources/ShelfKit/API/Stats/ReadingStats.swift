/// What a library says about its reader: books and pages per year and month, ratings, authors
/// and tags, pace, streak and the yearly goal. This is `shelf stats`.
///
/// A book counts as *finished* while it is in the status that plays the finished role and has a
/// `finished` date (``LibraryConfiguration/finishedDay(of:)``); each earlier read that ended
/// with the last page (``Book/earlierReads``) counts too, in its own year, so a book read twice
/// counts twice (``Book/finishedDays(in:)``). With a year, the totals, ratings,
/// authors, tags, lengths and pace cover that year only, and the goal is that year's; the streak
/// always runs back from today.
///
/// ```swift
/// let stats = try await ReadingStats.compute(for: library, year: 2025, today: .today())
/// print(stats.booksFinished, stats.averageRating ?? 0)
/// ```
package struct ReadingStats: Sendable, Hashable, Codable {
    /// The year asked for, or `nil` for all time.
    package var year: Int?
    /// The day the streak and goal are measured from.
    package var today: Day
    /// Reads finished in scope: a book read to the end twice counts twice.
    package var booksFinished: Int
    /// Their pages, where known.
    package var pagesFinished: Int
    /// Books and pages per year, oldest first.
    package var byYear: [PeriodTotal]
    /// The year of ``byMonth``: the year asked for, else the current one, or the last year with a
    /// book finished while the current one has none.
    package var chartYear: Int
    /// Books and pages per month of ``chartYear``, January to December.
    package var byMonth: [PeriodTotal]
    /// The mean rating of the finished books that have one.
    package var averageRating: Double?
    /// How many finished books have a rating.
    package var ratedBooks: Int
    /// Authors with the most finished books, at most five.
    package var topAuthors: [NameCount]
    /// Tags with the most finished books, at most five.
    package var topTags: [NameCount]
    /// Pace over the sessions in scope.
    package var pace: ReadingPace
    /// The finished book with the most pages.
    package var longest: BookLength?
    /// The finished book with the fewest pages.
    package var shortest: BookLength?
    /// Days in a row with a session, ending today, or yesterday when today has none yet.
    package var streak: Int
    /// Progress toward the configured goal in the year asked for, else the current one, when a
    /// goal is set.
    package var goal: GoalProgress?
    /// The problems of the book and session files left out of the statistics because they
    /// could not be read, sorted by path and line: filled in by
    /// ``compute(for:matching:year:today:)``, empty for statistics made from arrays.
    package var problems: [Problem] = []

    /// How many authors and tags ``topAuthors`` and ``topTags`` keep.
    package static let topCount = 5

    /// Works out the statistics.
    /// - Parameters:
    ///   - books: The books to count (a whole library, or a query's result).
    ///   - sessions: Their sessions, all of them: a year's pace counts each session's pages
    ///     after the one before it.
    ///   - configuration: The library's settings: which status is the finished one, and the goals.
    ///   - year: Only this year, or `nil` for all time.
    ///   - today: The current day.
    package init(books: [Book], sessions: [ReadingSession], configuration: LibraryConfiguration, year: Int?, today: Day) {
        self.init(books: books, sessions: sessions, sessionDays: nil, configuration: configuration, year: year, today: today)
    }

    /// Works out the statistics with the streak taken from `sessionDays` when given (the days of
    /// every session of `books`), so that `sessions` need only hold those of the books read in
    /// `year` and after it.
    init(books: [Book], sessions: [ReadingSession], sessionDays: Set<Day>?, configuration: LibraryConfiguration, year: Int?,
         today: Day) {
        let ids = Set(books.map(\.id))
        // In pages, whatever units each book's sessions are in (``ReadingSession/inPages(_:books:)``).
        let ownSessions = ReadingSession.inPages(sessions.filter { ids.contains($0.bookID) && $0.day <= today }, books: books)
        let pace = ReadingPace(ownSessions) { session in year.map { session.day.year == $0 } ?? true }
        let streak = Self.streak(days: sessionDays ?? Set(ownSessions.map(\.day)), today: today)
        self.init(books: books, pace: pace, streak: streak, configuration: configuration, year: year, today: today)
    }

    /// Works out the statistics from the books alone, with the sessions' figures given: the
    /// index adds up the sessions' pace in SQL and finds the streak's days itself.
    /// - Parameters:
    ///   - books: At least every book with a read finished in scope (``Book/finishedDays(in:)``);
    ///     the others count for nothing here.
    ///   - pace: The pace of the sessions of the books in scope, through `today`.
    ///   - streak: Days in a row with a session of those books, ending `today` or yesterday.
    init(books: [Book], pace: ReadingPace, streak: Int, configuration: LibraryConfiguration, year: Int?, today: Day) {
        self.year = year
        self.today = today
        // Every read that ended with the last page by `today`, with the day it did: statistics
        // as of an earlier day (`--as-of`) count nothing after it. A read names its book by
        // position: tens of thousands of whole books copied into each grouping were most of the time.
        struct Read {
            var book: Int
            var day: Day
            var pages: Int
        }
        let reads = books.indices.flatMap { position in
            books[position].finishedDays(in: configuration).filter { $0 <= today }
                .map { Read(book: position, day: $0, pages: books[position].pages ?? 0) }
        }
        let readsInScope = reads.filter { read in year.map { read.day.year == $0 } ?? true }
        booksFinished = readsInScope.count
        pagesFinished = readsInScope.reduce(0) { $0 + $1.pages }
        // The books of those reads, each once, for ratings, authors, tags and lengths.
        var seen = Set<String>()
        let inScope = readsInScope.map(\.book).filter { seen.insert(books[$0].path).inserted }

        var years: [Int: PeriodTotal] = [:]
        for read in reads where year.map({ read.day.year == $0 }) ?? true {
            years[read.day.year, default: PeriodTotal(period: String(read.day.year), books: 0, pages: 0)].add(read.pages)
        }
        byYear = years.keys.sorted().compactMap { years[$0] }
        // The current year until it has a book finished; before that, the last year that has one,
        // so a library whose reading ended earlier is not charted as an empty year.
        let latest = reads.map(\.day.year).max()
        chartYear = year ?? (reads.contains { $0.day.year == today.year } ? today.year : latest ?? today.year)
        let chartYear = chartYear
        var months = (1...12).map { month in
            PeriodTotal(period: String(chartYear) + (month < 10 ? "-0" : "-") + String(month), books: 0, pages: 0)
        }
        for read in reads where read.day.year == chartYear && (1...12).contains(read.day.month) {
            months[read.day.month - 1].add(read.pages)
        }
        byMonth = months

        let ratings = inScope.compactMap { books[$0].rating }
        ratedBooks = ratings.count
        averageRating = ratings.isEmpty ? nil : ratings.reduce(0, +) / Double(ratings.count)
        topAuthors = Self.top(inScope.map { books[$0].authors })
        topTags = Self.top(inScope.map { books[$0].tags })

        // The longest and the shortest book, a tie going to the first title: one pass each, where
        // two sorts of a year's thousands of books by length and title were a tenth of its statistics.
        var longestBook: Int?
        var shortestBook: Int?
        for position in inScope {
            guard let pages = books[position].pages else { continue }
            let title = books[position].title
            // Of a length and a title, the longest is the last met and the shortest the first,
            // as the last and the first of the stable sorts they replace.
            if longestBook.map({ pages > books[$0].pages ?? 0 || (pages == books[$0].pages && title <= books[$0].title) }) ?? true {
                longestBook = position
            }
            if shortestBook.map({ pages < books[$0].pages ?? 0 || (pages == books[$0].pages && title < books[$0].title) }) ?? true {
                shortestBook = position
            }
        }
        longest = longestBook.map { BookLength(id: books[$0].id, title: books[$0].title, pages: books[$0].pages ?? 0) }
        shortest = shortestBook.map { BookLength(id: books[$0].id, title: books[$0].title, pages: books[$0].pages ?? 0) }

        self.pace = pace
        self.streak = streak

        // The goal is the year asked for, else this one, whatever the chart shows.
        let goalYear = year ?? today.year
        if let target = configuration.goal(for: goalYear), target > 0 {
            let done = reads.filter { $0.day.year == goalYear }.count
            let expected = goalYear == today.year ? GoalProgress.expected(goal: target, byTheEndOf: today) : nil
            self.goal = GoalProgress(year: goalYear, goal: target, finished: done, percent: done * 100 / target,
                                     expectedByToday: expected)
        } else {
            self.goal = nil
        }
    }

    /// Reads the books matching `query` and their sessions from `library` and works out the
    /// statistics, with the ``problems`` of the files it had to skip.
    /// - Throws: Only when the library's folders cannot be read.
    package static func compute(for library: some LibraryCommands, matching query: Query = .all, year: Int? = nil,
                               today: Day) async throws(ShelfError) -> ReadingStats {
        // From an index: the books with a read finished in scope, and the sessions summed in SQL.
        if let figures = try await library.readingFigures(matching: query, year: year, today: today) {
            var stats = ReadingStats(books: figures.books, pace: figures.pace, streak: streak(days: figures.streakDays, today: today),
                                     configuration: library.configuration, year: year, today: today)
            stats.problems = Array(Set(figures.problems)).sorted()
            return stats
        }
        if query.expression == .all, let year, let first = Day(year: year, month: 1, day: 1) {
            return try await compute(for: library, year: year, startingOn: first, today: today)
        }
        let books = try await library.books(matching: query, sortedBy: [], limit: nil)
        // Every session, not the year's alone: the year's first one counts its pages after the
        // session before it (``ReadingSession/pagesRead(_:)``).
        let sessions = try await library.sessions(since: nil)
        // The whole library's streak counts every readable session, also one whose book's file
        // does not read just now, as `today`'s does.
        let days = query.expression == .all ? Set(sessions.items.map(\.day)) : nil
        var stats = ReadingStats(books: books.items, sessions: sessions.items, sessionDays: days,
                                 configuration: library.configuration, year: year, today: today)
        stats.problems = Array(Set(books.problems + sessions.problems)).sorted()
        return stats
    }

    /// One year of the whole library from the books with a read finished in it and the books
    /// read since it began with their sessions (each session's pages count after the one
    /// before it), and the days of every session for the streak: not every book and session.
    private static func compute(for library: some LibraryCommands, year: Int, startingOn first: Day,
                                today: Day) async throws(ShelfError) -> ReadingStats {
        let recent = try await library.recentReading(since: first)
        let finished = try await library.books(matching: GoalPace.finishedReads(in: year), sortedBy: [], limit: nil)
        var seen = Set<String>()
        let books = (finished.items + recent.books).filter { seen.insert($0.path).inserted }
        var stats = ReadingStats(books: books, sessions: recent.sessions, sessionDays: recent.sessionDays,
                                 configuration: library.configuration, year: year, today: today)
        stats.problems = Array(Set(finished.problems + recent.problems)).sorted()
        return stats
    }

    /// The names that occur in the most lists, most first, then by name.
    private static func top(_ lists: [[String]]) -> [NameCount] {
        var counts: [String: Int] = [:]
        for list in lists {
            // A name twice in one book's list counts once; most lists hold one name.
            for (index, name) in list.enumerated() where !list[..<index].contains(name) { counts[name, default: 0] += 1 }
        }
        // Only the names that can be among the first are sorted: those counted at least as often
        // as the `topCount`-th most counted (a year's thousands of authors, most with one book).
        let highest = counts.values.sorted(by: >).prefix(topCount).last ?? 0
        return counts.compactMap { $0.value >= highest ? NameCount(name: $0.key, books: $0.value) : nil }
            .sorted { ($1.books, $0.name) < ($0.books, $1.name) }
            .prefix(topCount).map { $0 }
    }

    /// Consecutive days with a session, ending today or, when today has none yet, yesterday.
    static func streak(days: Set<Day>, today: Day) -> Int {
        var day = days.contains(today) ? today : today.adding(days: -1)
        var count = 0
        while let current = day, days.contains(current) {
            count += 1
            day = current.adding(days: -1)
        }
        return count
    }
}
