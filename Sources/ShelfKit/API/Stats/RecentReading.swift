/// The reading of the last days, as a period's summary needs it: the books with a session on
/// or after a day, every session of those books (each one's pages count after the one before
/// it), and on which days the library has sessions at all, for the streak.
package struct RecentReading: Sendable {
    /// The books read since the day, each read from its file.
    package var books: [Book]
    /// Every session of those books, in reading order.
    package var sessions: [ReadingSession]
    /// The day of every readable session of the library.
    package var sessionDays: Set<Day>
    /// The problems of the files skipped among those read.
    package var problems: [Problem]
}
