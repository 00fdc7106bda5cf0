/// What a book's sessions add up to: the page reached, pages and minutes logged. How fast they
/// went is ``ReadingPace``.
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
    /// For a book without `pages`, how far into it the sessions reached, 0 to 1: the furthest
    /// `to` in a unit whose total the book gives (a percent, a location of `locations`, a time
    /// of `duration`; ``BookExtent/fraction(_:)``). `nil` for a book with `pages`, where
    /// ``page`` says it, and from ``init(_:)``, which knows no book.
    public var fraction: Double?

    /// Adds up `sessions`, all of one book's, in pages whatever units they are in
    /// (``ReadingSession/inPages(of:)``), and how far they reached as a fraction of `extent`.
    public init(_ sessions: [ReadingSession], extent: BookExtent) {
        self.init(sessions.map { $0.inPages(of: extent) })
        guard extent.pages == nil else { return }
        fraction = sessions.compactMap { $0.toPosition.flatMap(extent.fraction) }.max()
    }

    /// Adds up `sessions`, all of one book's (``ReadingSession/pagesRead(_:)``).
    public init(_ sessions: [ReadingSession]) {
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

    /// Percent of `pages` reached, when both are known; without them, the percent of
    /// ``fraction``, for a book read in percent, locations or time that gives no `pages`.
    public func percent(of pages: Int?) -> Int? {
        guard let page, let pages, pages > 0 else {
            return fraction.map { min(100, Int(($0 * 100 + 1e-9).rounded(.down))) }
        }
        return min(100, page * 100 / pages)
    }
}
