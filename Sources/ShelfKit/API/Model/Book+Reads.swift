/// A book read more than once: the reads before the current one are kept in the book's `reads`
/// key, oldest first, as the imports write them and `start` on a finished or abandoned book
/// does:
///
/// ```yaml
/// started: 2026-11-24          # the current read
/// reads:
///   - {started: 2024-01-02, finished: 2024-02-11, rating: 5}
///   - {started: 2019-05-01, stopped: 2019-05-20}
/// ```
///
/// The sessions of every read stay beside the book; those dated on or after the current
/// `started` are the current read's (`sessionsOfCurrentRead(_:)`), so progress starts again.
public struct BookRead: Sendable, Hashable, Codable {
    /// When the read began.
    public var started: Day?
    /// When it ended with the last page.
    public var finished: Day?
    /// When the book was put down unfinished.
    public var stopped: Day?
    /// The page it was put down at.
    public var stoppedPage: Int?
    /// The rating the book had when the read ended.
    public var rating: Double?

    /// Creates a read.
    public init(started: Day? = nil, finished: Day? = nil, stopped: Day? = nil, stoppedPage: Int? = nil, rating: Double? = nil) {
        self.started = started
        self.finished = finished
        self.stopped = stopped
        self.stoppedPage = stoppedPage
        self.rating = rating
    }

    /// The read as one item of `reads`: `{started: …, finished: …, rating: …}`, keys it has only.
    package var yamlValue: YAMLValue {
        var entries: [YAMLValue.Entry] = []
        if let started { entries.append(.init("started", .day(started))) }
        if let finished { entries.append(.init("finished", .day(finished))) }
        if let stopped { entries.append(.init("stopped", .day(stopped))) }
        if let stoppedPage { entries.append(.init("stopped_page", .int(stoppedPage))) }
        if let rating {
            entries.append(.init("rating", rating.rounded() == rating ? .int(Int(rating)) : .double(rating)))
        }
        return .mapping(entries)
    }

    /// A read from one item of `reads`; `nil` for an item that is no mapping or names no day.
    init?(_ value: YAMLValue) {
        guard case .mapping(let entries) = value else { return nil }
        func day(_ key: String) -> Day? {
            if case .day(let day)? = entries.first(where: { $0.key == key })?.value { return day }
            return nil
        }
        switch entries.first(where: { $0.key == "rating" })?.value {
        case .int(let number)?: rating = Double(number)
        case .double(let number)?: rating = number
        default: rating = nil
        }
        started = day("started")
        finished = day("finished")
        stopped = day("stopped")
        if case .int(let page)? = entries.first(where: { $0.key == "stopped_page" })?.value { stoppedPage = page } else { stoppedPage = nil }
        if started == nil && finished == nil && stopped == nil { return nil }
    }
}

extension Book {
    /// The reads before the current one, oldest first, from the `reads` key.
    public var earlierReads: [BookRead] {
        guard case .list(let items)? = extra("reads") else { return [] }
        return items.compactMap(BookRead.init)
    }

    /// The day the current read began when the book was read before (it has earlier reads and
    /// a `started`): its sessions from that day on are the current read's. `nil` otherwise, when
    /// every session is.
    public var currentReadStart: Day? {
        guard let started, !earlierReads.isEmpty else { return nil }
        return started
    }

    /// The sessions of the current read among `sessions` (all of this book's): those on or
    /// after ``currentReadStart``, or all of them for a book read once.
    package func sessionsOfCurrentRead(_ sessions: [ReadingSession]) -> [ReadingSession] {
        guard let start = currentReadStart else { return sessions }
        return sessions.filter { $0.day >= start }
    }

    /// Begins a new read on `day`: the current one (its `started`, `finished` or `stopped` and
    /// `stopped_page`, and the rating) goes to the end of ``earlierReads``, `started` becomes
    /// `day`, and `finished`, `stopped` and `stopped_page` go. The rating stays as the book's. A book never started only gets `started`.
    package mutating func beginNewRead(on day: Day) {
        let current = BookRead(started: started, finished: finished, stopped: stopped, stoppedPage: stoppedPage, rating: rating)
        if current.started != nil || current.finished != nil || current.stopped != nil {
            var items: [YAMLValue] = []
            if case .list(let existing)? = extra("reads") { items = existing }
            items.append(current.yamlValue)
            setExtra("reads", .list(items))
        }
        started = day
        finished = nil
        stopped = nil
        stoppedPage = nil
    }

    /// How many times the book was read to the end: its earlier finished reads, and the current
    /// read when the book is in the finished role (``LibraryConfiguration/finishedDay(of:)``).
    package func timesFinished(in configuration: LibraryConfiguration) -> Int {
        earlierReads.count { $0.finished != nil } + (configuration.finishedDay(of: self) == nil ? 0 : 1)
    }

    /// The days each read ended with the last page, oldest first: earlier reads, then the
    /// current one when it counts (``LibraryConfiguration/finishedDay(of:)``).
    package func finishedDays(in configuration: LibraryConfiguration) -> [Day] {
        earlierReads.compactMap(\.finished) + [configuration.finishedDay(of: self)].compactMap { $0 }
    }
}

extension ReadingProgress {
    /// Adds up the sessions of `book`'s current read (`Book/sessionsOfCurrentRead(_:)`), in
    /// pages whatever units they are in (`ReadingSession/inPages(of:)`), with how far into the
    /// book they reached as a fraction (``ReadingProgress/fraction``), which a book without `pages`
    /// shows as its percent.
    public init(_ sessions: [ReadingSession], of book: Book) {
        self.init(book.sessionsOfCurrentRead(sessions), extent: BookExtent(book))
    }
}

extension Book {
    /// ``duration`` in minutes, when it is a length of time (`ReadingDuration`).
    package var durationMinutes: Int? {
        duration.flatMap(ReadingDuration.minutes).flatMap { $0 > 0 ? $0 : nil }
    }
}
