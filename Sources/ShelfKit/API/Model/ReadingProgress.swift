/// What a book's sessions add up to: the page reached, pages and minutes logged. How fast they
/// went is `ReadingPace`.
///
/// The page reached is the highest `to` so far, moved on by the sessions after it that count
/// only `pages` (for people who never write page numbers). It can pass the page count when
/// the count is wrong; percentages stop at 100.
public struct ReadingProgress: Sendable, Hashable {
    /// The number of sessions.
    public var sessions: Int
    /// The page reached, when any session says.
    public var page: Int?
    /// Pages read over all sessions.
    public var pagesRead: Int
    /// Minutes over all sessions that give them.
    public var minutes: Int
    /// How far into the book the sessions reached, 0 to 1, when the furthest `to` is not a page
    /// but a percent, a location of `locations` or a time of `duration` (`BookExtent/fraction(_:)`):
    /// the percent shown is then the one the reader gave, not that of the page it rounds to, and a
    /// book without `pages` shows it. `nil` when the furthest `to` is a page (``page`` says it)
    /// and from `init(_:)`, which knows no book.
    public var fraction: Double?

    /// Adds up `sessions`, all of one book's, in pages whatever units they are in
    /// (`ReadingSession/inPages(of:)`), and how far they reached as a fraction of `extent`.
    package init(_ sessions: [ReadingSession], extent: BookExtent) {
        self.init(sessions.map { $0.inPages(of: extent) })
        let furthest = sessions.compactMap { session in
            session.toPosition.flatMap { position in extent.fraction(position).map { (position, $0) } }
        }.max { $0.1 < $1.1 }
        if let furthest, furthest.0.page == nil { fraction = furthest.1 }
    }

    /// Adds up `sessions`, all of one book's (``ReadingSession/pagesRead(_:)``).
    package init(_ sessions: [ReadingSession]) {
        self.sessions = sessions.count
        minutes = sessions.reduce(0) { $0 + ($1.minutes ?? 0) }
        // In reading order: a session with `to` says where the reader is; one that counts
        // only `pages` moves them on from there.
        var page: Int?
        var pagesRead = 0
        var previous: ReadingSession?
        for session in sessions.sorted(by: { $0.precedes($1) }) {
            let read = session.pagesRead(after: previous)
            pagesRead += read
            if let to = session.to {
                page = max(page ?? 0, to)
            } else if read > 0 {
                page = (page ?? 0) + read
            }
            previous = session
        }
        self.page = page
        self.pagesRead = pagesRead
    }

    /// Percent of `pages` reached, when both are known; the percent of ``fraction`` when there is
    /// one (the furthest `to` is a percent, a location or a time).
    public func percent(of pages: Int?) -> Int? {
        if let fraction { return min(100, Int((fraction * 100 + 1e-9).rounded(.down))) }
        guard let page, let pages, pages > 0 else { return nil }
        return min(100, page * 100 / pages)
    }
}
