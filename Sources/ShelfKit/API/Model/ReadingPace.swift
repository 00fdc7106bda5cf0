/// How fast the reading goes, from the sessions: one book's (`shelf show`) or a year's
/// (`shelf stats`).
///
/// Both figures measure the reading when it happens. A day counts when it has a session, so a
/// book left for a month and picked up again keeps its pace; an hour counts when a session
/// gives both pages and minutes, since a session with minutes alone read an unknown number of
/// pages, not none. (`ReadingProgress` once divided by every day from the first session to the
/// last and counted the minutes of sessions without pages; that answer was dropped.)
package struct ReadingPace: Sendable, Hashable, Codable {
    /// Sessions counted.
    package var sessions: Int
    /// Days with at least one session.
    package var readingDays: Int
    /// Pages read over the sessions counted (``ReadingSession/pagesRead(_:)``).
    package var pagesRead: Int
    /// Minutes over the sessions that give them.
    package var minutes: Int
    /// Pages per day with a session: ``pagesRead`` / ``readingDays``.
    package var pagesPerDay: Double?
    /// Pages per hour over the sessions that give both pages and minutes.
    package var pagesPerHour: Double?

    /// Adds up the sessions `counting` accepts, each one's pages read worked out among all of
    /// `sessions` (``ReadingSession/pagesRead(_:)``): give every session of the books, and
    /// count only a year's, so that the year's first session knows the one before it.
    package init(_ sessions: [ReadingSession], counting: (ReadingSession) -> Bool = { _ in true }) {
        let counted = zip(sessions, ReadingSession.pagesRead(sessions)).filter { counting($0.0) }
        let timed = counted.filter { ($0.0.minutes ?? 0) > 0 && $0.1 > 0 }
        self.init(totals: Totals(sessions: counted.count, readingDays: Set(counted.map(\.0.day)).count,
                                 pagesRead: counted.reduce(0) { $0 + $1.1 }, minutes: counted.reduce(0) { $0 + ($1.0.minutes ?? 0) },
                                 timedPages: timed.reduce(0) { $0 + $1.1 }, timedMinutes: timed.reduce(0) { $0 + ($1.0.minutes ?? 0) }))
    }

    /// What the figures are worked out from: sums over the sessions counted, which the index
    /// adds up in SQL from each session's pages read as it stores them.
    struct Totals: Sendable, Hashable {
        var sessions: Int
        var readingDays: Int
        var pagesRead: Int
        var minutes: Int
        /// Pages and minutes of the sessions that give both, more than none of each.
        var timedPages: Int
        var timedMinutes: Int
    }

    /// The pace of sessions that add up to `totals`.
    init(totals: Totals) {
        sessions = totals.sessions
        readingDays = totals.readingDays
        pagesRead = totals.pagesRead
        minutes = totals.minutes
        pagesPerDay = readingDays > 0 && pagesRead > 0 ? Double(pagesRead) / Double(readingDays) : nil
        pagesPerHour = totals.timedMinutes > 0 ? Double(totals.timedPages) * 60 / Double(totals.timedMinutes) : nil
    }
}
