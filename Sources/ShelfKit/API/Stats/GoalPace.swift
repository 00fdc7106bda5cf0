/// Whether the year's goal (`goal:`/`goals:` in `.shelf/config.yaml`) is on pace, and the pages a
/// day that would keep it: part of ``ReadingPeriodSummary``.
package struct GoalPace: Sendable, Hashable, Codable {
    /// The year, today's.
    package var year: Int
    /// Books to finish in the year.
    package var goal: Int
    /// Books finished in the year so far.
    package var finished: Int
    /// Books an even pace would have finished by today: the goal times the part of the year
    /// gone, today included, rounded down (as ``GoalProgress/expectedByToday`` is).
    package var expectedByToday: Int
    /// Books still to finish to reach the goal; 0 once it is reached.
    package var booksNeeded: Int
    /// The pages of a typical book: the mean of the year's finished books that give `pages`,
    /// else of every book of the library that does; `nil` when none does.
    package var typicalPages: Int?
    /// Days left in the year, today included.
    package var daysLeft: Int
    /// Pages a day that would finish ``booksNeeded`` typical books in ``daysLeft``, rounded up;
    /// `nil` without a typical length.
    package var pagesPerDay: Int?

    /// Whether the books finished keep up with an even pace.
    package var onPace: Bool { finished >= expectedByToday }

    /// Creates a goal pace.
    package init(year: Int, goal: Int, finished: Int, expectedByToday: Int, booksNeeded: Int, typicalPages: Int?,
                daysLeft: Int, pagesPerDay: Int?) {
        self.year = year
        self.goal = goal
        self.finished = finished
        self.expectedByToday = expectedByToday
        self.booksNeeded = booksNeeded
        self.typicalPages = typicalPages
        self.daysLeft = daysLeft
        self.pagesPerDay = pagesPerDay
    }

    /// Works out the pace of `goal` books in `today`'s year from `books`, all of the library's.
    /// A query for at least every book with a read finished in `year`: `finished` in it, or an
    /// earlier read finished (two reads, or one and no `finished`), which ``init(goal:books:configuration:today:)``
    /// narrows to the reads of the year.
    static func finishedReads(in year: Int?) -> Query {
        guard let year else {
            func term(_ test: QueryTerm.Test) -> QueryExpression { .term(QueryTerm(test, source: "finished")) }
            return Query(.or([term(.has(QueryField(name: "finished"))),
                              term(.compare(QueryField(name: "reads"), .within(low: 1, high: nil)))]))
        }
        return finishedReads(inYear: year)
    }

    /// The books with a read finished in `year`, or that may have one: read before.
    private static func finishedReads(inYear year: Int) -> Query {
        Query(.or([finished(inYear: year), readBefore(source: "finished:\(year)")]))
    }

    /// The books whose current read was finished in `year`.
    static func finished(inYear year: Int) -> QueryExpression {
        let days = (Day(year: year, month: 1, day: 1), Day(year: year, month: 12, day: 31))
        return .term(QueryTerm(.compare(QueryField(name: "finished"), .within(low: days.0.map(QueryDate.number),
                                                                              high: days.1.map(QueryDate.number))),
                               source: "finished:\(year)"))
    }

    /// The books with an earlier read finished, which a year's or all time's figures may count:
    /// two reads finished, or one and no `finished` (a read kept in `reads` after a new one began).
    /// - Parameter source: What the terms say they came from, for messages.
    static func readBefore(source: String) -> QueryExpression {
        let reads = QueryField(name: "reads")
        func term(_ test: QueryTerm.Test) -> QueryExpression { .term(QueryTerm(test, source: source)) }
        return .or([
            term(.compare(reads, .within(low: 2, high: nil))),
            .and([term(.compare(reads, .within(low: 1, high: nil))), term(.missing(QueryField(name: "finished")))]),
        ])
    }

    /// Whether the reads of `year` among `books` give a typical length, so that the goal's
    /// pace needs no other book.
    static func hasTypicalLength(_ books: [Book], configuration: LibraryConfiguration, year: Int) -> Bool {
        books.contains { book in (book.pages ?? 0) > 0 && book.finishedDays(in: configuration).contains { $0.year == year } }
    }

    init(goal: Int, books: [Book], configuration: LibraryConfiguration, today: Day) {
        let year = today.year
        // Every read finished this year, as `stats` counts them (a book read twice, twice).
        let finished = books.flatMap { book in book.finishedDays(in: configuration).filter { $0.year == year }.map { _ in book } }
        let end = Day(year: year + 1, month: 1, day: 1) ?? today
        let daysLeft = max(1, today.days(until: end))
        let needed = max(0, goal - finished.count)
        let paged = finished.compactMap(\.pages).filter { $0 > 0 }
        let sample = paged.isEmpty ? books.compactMap(\.pages).filter { $0 > 0 } : paged
        let typical = sample.isEmpty ? nil : (sample.reduce(0, +) + sample.count / 2) / sample.count
        self.init(year: year, goal: goal, finished: finished.count,
                  expectedByToday: GoalProgress.expected(goal: goal, byTheEndOf: today), booksNeeded: needed,
                  typicalPages: typical, daysLeft: daysLeft,
                  pagesPerDay: typical.map { (needed * $0 + daysLeft - 1) / daysLeft })
    }
}
