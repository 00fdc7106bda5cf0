/// How fast the reading goes, from the sessions: one book's (`shelf show`) or a year's
/// (`shelf stats`).
///
/// Both figures measure the reading when it happens. A day counts when it has a session, so a
/// book left for a month and picked up again keeps its pace; an hour counts when a session
/// gives both pages and minutes, since a session with minutes alone read an unknown number of
/// pages, not none. (`ReadingProgress` once divided by every day from the first session to the
/// last and counted the minutes of sessions without pages; that answer was dropped.)
public struct ReadingPace: Sendable, Hashable, Codable {
    /// Sessions counted.
    public var sessions: Int
    /// Days with at least one session.
    public var readingDays: Int
    /// Pages read over all sessions (``ReadingSession/pagesRead``).
    public var pagesRead: Int
    /// Minutes over the sessions that give them.
    public var minutes: Int
    /// Pages per day with a session: ``pagesRead`` / ``readingDays``.
    public var pagesPerDay: Double?
    /// Pages per hour over the sessions that give both pages and minutes.
    public var pagesPerHour: Double?

    /// Adds up `sessions`.
    public init(_ sessions: [ReadingSession]) {
        self.sessions = sessions.count
        readingDays = Set(sessions.map(\.day)).count
        pagesRead = sessions.reduce(0) { $0 + $1.pagesRead }
        minutes = sessions.reduce(0) { $0 + ($1.minutes ?? 0) }
        pagesPerDay = readingDays > 0 && pagesRead > 0 ? Double(pagesRead) / Double(readingDays) : nil
        let timed = sessions.filter { ($0.minutes ?? 0) > 0 && $0.pagesRead > 0 }
        let timedMinutes = timed.reduce(0) { $0 + ($1.minutes ?? 0) }
        let timedPages = timed.reduce(0) { $0 + $1.pagesRead }
        pagesPerHour = timedMinutes > 0 ? Double(timedPages) * 60 / Double(timedMinutes) : nil
    }
}
