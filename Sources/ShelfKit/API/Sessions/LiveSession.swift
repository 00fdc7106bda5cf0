/// A reading session in progress: the timer of `shelf read`, as a value an app can run too.
///
/// It holds what cannot be recomputed later: the book, when the session began, the page it
/// began on, its pauses and the notes taken so far. Every change is a method that takes the
/// moment it happens, so the arithmetic is the same under a real clock and a test's. The
/// library keeps the one running session in a file (``LibraryLiveSessions``) and saves it at
/// every change, so nothing is lost when the process or the machine stops; `session(endingAt:to:minutes:note:)`
/// turns it into the ``ReadingSession`` that ``LibraryWriting/log(_:for:)`` writes.
///
/// ```swift
/// var live = LiveSession(bookID: "dune", started: .now(), startPage: 121)
/// live.pause(at: .now())
/// live.resume(at: .now())
/// live.addNote("The litany against fear.")
/// let session = live.session(endingAt: .now(), to: 140)
/// ```
public struct LiveSession: Sendable, Hashable, Codable {
    /// A pause: from `start` until `end`, or until now while `end` is `nil`.
    public struct Pause: Sendable, Hashable, Codable {
        /// When the reading stopped.
        public var start: LocalDateTime
        /// When it went on again; `nil` while paused.
        public var end: LocalDateTime?

        /// Creates a pause.
        package init(start: LocalDateTime, end: LocalDateTime? = nil) {
            self.start = start
            self.end = end
        }
    }

    /// The book read.
    public var bookID: BookID
    /// When the session began: its day and time name the session file.
    public var started: LocalDateTime
    /// The page it began on, the page after the book's progress; `nil` when the book has none
    /// (no page count and no session with a page).
    public var startPage: Int?
    /// The pauses, in order; only the last may be open.
    public var pauses: [Pause]
    /// The scratchpad: the note lines taken so far, in order.
    public var notes: [String]

    /// Creates a session begun at `started`.
    public init(bookID: BookID, started: LocalDateTime, startPage: Int?, pauses: [Pause] = [], notes: [String] = []) {
        self.bookID = bookID
        self.started = started
        self.startPage = startPage
        self.pauses = pauses
        self.notes = notes
    }

    /// Whether the clock is stopped: the last pause has no end.
    public var isPaused: Bool { pauses.last.map { $0.end == nil } ?? false }

    /// Stops the clock at `moment`. Returns `false`, changing nothing, when it is already paused.
    @discardableResult
    public mutating func pause(at moment: LocalDateTime) -> Bool {
        guard !isPaused else { return false }
        pauses.append(Pause(start: max(moment, pauses.last?.end ?? started, by: started)))
        return true
    }

    /// Starts the clock again at `moment`. Returns `false`, changing nothing, when it is not paused.
    @discardableResult
    public mutating func resume(at moment: LocalDateTime) -> Bool {
        guard isPaused, let last = pauses.indices.last else { return false }
        pauses[last].end = max(moment, pauses[last].start, by: started)
        return true
    }

    /// Adds a line to the notes. Line breaks in `line` split it into several lines; an empty
    /// line is kept, as the person typed it.
    public mutating func addNote(_ line: String) {
        notes.append(contentsOf: Self.lines(of: line))
    }

    /// The note lines of a scratchpad's text (the live file's body, what the editor saved):
    /// ``lines(of:)`` without the empty lines at the end.
    package static func noteLines(of text: String) -> [String] {
        var lines = lines(of: text)
        while lines.last == "" { lines.removeLast() }
        return lines
    }

    /// `text` cut at each line break, `\n` or `\r\n`, cut as bytes (a `Character` holds `\r\n` as one).
    static func lines(of text: String) -> [String] {
        text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { line in
            String(decoding: line.last == UInt8(ascii: "\r") ? line.dropLast() : line, as: UTF8.self)
        }
    }

    /// Seconds read from the start until `moment`, pauses excluded (a pause still open counts
    /// until `moment`); never negative.
    public func secondsRead(at moment: LocalDateTime) -> Int {
        let total = max(0, started.seconds(until: moment))
        let paused = pauses.reduce(0) { sum, pause in
            let start = min(max(pause.start.secondsSinceEpoch, started.secondsSinceEpoch), moment.secondsSinceEpoch)
            let end = min(pause.end?.secondsSinceEpoch ?? moment.secondsSinceEpoch, moment.secondsSinceEpoch)
            return sum + max(0, end - start)
        }
        return max(0, total - paused)
    }

    /// The seconds read (``secondsRead(at:)``) now and then every `interval`, for a timer
    /// view: the first value at once, the next ones on the clock's beat, until the consuming task
    /// is cancelled or stops iterating. Pausing and resuming change the value, so keep the
    /// stream of the session as it is now:
    ///
    /// ```swift
    /// for await seconds in session.elapsedSeconds() { label = Duration.seconds(seconds).formatted() }
    /// ```
    /// - Parameters:
    ///   - interval: The time between two values.
    ///   - now: The moment of each value; the person's clock by default.
    public func elapsedSeconds(every interval: Duration = .seconds(1),
                               now: @escaping @Sendable () -> LocalDateTime = LocalDateTime.now) -> AsyncStream<Int> {
        let session = self
        return AsyncStream(bufferingPolicy: .bufferingNewest(1)) { continuation in
            let ticker = Task {
                let clock = ContinuousClock()
                var beat = clock.now
                while !Task.isCancelled {
                    continuation.yield(session.secondsRead(at: now()))
                    // On the clock's beat rather than after each value, so the seconds do not drift.
                    beat = beat.advanced(by: interval)
                    do { try await Task.sleep(until: beat, clock: clock) } catch { break }
                }
                continuation.finish()
            }
            continuation.onTermination = { _ in ticker.cancel() }
        }
    }

    /// Minutes read until `moment`, rounded to the nearest; at least 1 when any second was read,
    /// so a short session still says it happened.
    public func minutesRead(at moment: LocalDateTime) -> Int {
        let seconds = secondsRead(at: moment)
        guard seconds > 0 else { return 0 }
        return max(1, (seconds + 30) / 60)
    }

    /// The pages read until `moment` at `pagesPerHour` (`ReadingPace/pagesPerHour`), rounded
    /// down; `nil` without a pace.
    package func estimatedPages(at moment: LocalDateTime, pagesPerHour: Double?) -> Int? {
        guard let pagesPerHour, pagesPerHour > 0, pagesPerHour.isFinite else { return nil }
        return Int(Double(secondsRead(at: moment)) * pagesPerHour / 3600)
    }

    /// The page reached to offer when the session stops: the start page moved on by the pages
    /// estimated at `pagesPerHour` (the last page read, so 10 pages from page 97 reach 106), or
    /// the page before the start page, the progress it began from, without a pace.
    package func estimatedPage(at moment: LocalDateTime, pagesPerHour: Double?) -> Int? {
        guard let startPage else { return nil }
        return startPage - 1 + (estimatedPages(at: moment, pagesPerHour: pagesPerHour) ?? 0)
    }

    /// The session this becomes when it stops at `moment`, for ``LibraryWriting/log(_:for:)``:
    /// the day and time it began, the pages from ``startPage`` to `to` (none when `to` is `nil`,
    /// or the page it began from, when nothing was read), `minutes` or the minutes read, and the
    /// notes, with `note` as a last line.
    package func session(endingAt moment: LocalDateTime, to page: Int?, minutes: Int? = nil, note: String? = nil) -> ReadingSession {
        session(endingAt: moment, reaching: page.map(ReadingPosition.page), minutes: minutes, note: note)
    }

    /// The session this becomes when it stops at `moment` at `position`, in any unit: a page as
    /// `session(endingAt:to:minutes:note:)` takes it; a percent, a location or a time without
    /// `from`, which ``LibraryWriting/log(_:for:)`` fills in from where the book's sessions reached.
    public func session(endingAt moment: LocalDateTime, reaching position: ReadingPosition?, minutes: Int? = nil,
                        note: String? = nil) -> ReadingSession {
        guard let position, position.page == nil else {
            return pageSession(endingAt: moment, to: position?.page, minutes: minutes, note: note)
        }
        var session = pageSession(endingAt: moment, to: nil, minutes: minutes, note: note)
        session.toPosition = position
        return session
    }

    private func pageSession(endingAt moment: LocalDateTime, to page: Int?, minutes: Int?, note: String?) -> ReadingSession {
        var lines = notes
        if let note, !note.isEmpty { lines.append(note) }
        var from: Int?
        var to = page
        if let page, let startPage {
            if page >= startPage { from = startPage } else if page == startPage - 1 { to = nil }
        }
        let minutes = minutes ?? minutesRead(at: moment)
        return ReadingSession(bookID: bookID, day: started.day, time: started.time, from: from, to: to,
                              minutes: minutes > 0 ? minutes : nil, note: lines.joined(separator: "\n"))
    }
}

/// The later of two moments, never before `floor`: a clock set back mid-session cannot put a
/// pause before the session or before the pause it follows.
private func max(_ a: LocalDateTime, _ b: LocalDateTime, by floor: LocalDateTime) -> LocalDateTime {
    let later = a.secondsSinceEpoch >= b.secondsSinceEpoch ? a : b
    return later.secondsSinceEpoch >= floor.secondsSinceEpoch ? later : floor
}
