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
        self.sessions = counted.count
        readingDays = Set(counted.map(\.0.day)).count
        pagesRead = counted.reduce(0) { $0 + $1.1 }
        minutes = counted.reduce(0) { $0 + ($1.0.minutes ?? 0) }
        pagesPerDay = readingDays > 0 && pagesRead > 0 ? Double(pagesRead) / Double(readingDays) : nil
        let timed = counted.filter { ($0.0.minutes ?? 0) > 0 && $0.1 > 0 }
        let timedMinutes = timed.reduce(0) { $0 + ($1.0.minutes ?? 0) }
        let timedPages = timed.reduce(0) { $0 + $1.1 }
        pagesPerHour = timedMinutes > 0 ? Double(timedPages) * 60 / Double(timedMinutes) : nil
    }
}
