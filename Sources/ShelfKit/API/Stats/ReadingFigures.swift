/// What the statistics read of a library when it adds up the sessions itself: the books with a
/// read finished in scope, the sessions' pace and the days of the streak, rather than every
/// book and session (``ReadingStats/compute(for:matching:year:today:)``).
package struct ReadingFigures: Sendable {
    /// At least every book the query matches with a read finished in scope: the others count
    /// for nothing in the statistics. They may be read without their bodies and custom keys
    /// (but `reads`), and without a version: they are for counting, not for writing back.
    package var books: [Book]
    /// The pace of the sessions of the books the query matches, in scope, through the day asked.
    package var pace: ReadingPace
    /// The latest days with a session of those books, through the day asked, at least as far
    /// back as the streak runs (``ReadingStats/streak(days:today:)``).
    package var streakDays: Set<Day>
    /// The problems of the book and session files skipped.
    package var problems: [Problem]
    /// The custom keys the library's books have, for checking the query's fields.
    package var customKeys: Set<String>
}
