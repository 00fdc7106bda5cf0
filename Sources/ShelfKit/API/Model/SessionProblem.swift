/// Why a session cannot be logged, in ``ShelfError/impossibleSession(bookID:day:problem:)``: it
/// would contradict the book or the sessions already logged, and skew every figure after it.
public enum SessionProblem: Sendable, Hashable {
    /// The session reaches `page`, past the book's last page, `pages`.
    case pastLastPage(page: Int, pages: Int)
    /// The session's day is after `today`.
    case inTheFuture(today: Day)
    /// The session is today's and begins at `time`, later than the time now, `now`.
    case laterToday(time: TimeOfDay, now: TimeOfDay)
    /// The session records nothing: no pages, no minutes, no note.
    case empty
    /// More minutes than a day holds.
    case tooManyMinutes(Int)
    /// The session is after the day the book was finished: reading it again is a new read.
    case afterFinished(Day)
    /// The session reaches `position`, a location or a time past the book's total in its unit
    /// (`locations`, `duration`), `total`.
    case pastEnd(position: ReadingPosition, total: ReadingPosition)
    /// The session gives `position`, a location or a time, and the book has no total in its unit,
    /// `key` (`locations`, `duration`), to measure it against.
    case unknownTotal(position: ReadingPosition, key: String)
    /// The session ends at `position`, before `reached`, where the sessions before it got to.
    case belowProgress(position: ReadingPosition, reached: ReadingPosition)
    /// The session ends on `page`, past where a later session, of `laterDay`, starts (`laterPage`).
    case pastLaterSession(page: Int, laterDay: Day, laterPage: Int)
}
