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

/// The reading of a period, as a period's summary needs it: the sessions dated in it, each with
/// the pages it read and its book's id and title, and the days of the streak.
package struct PeriodReading: Sendable {
    /// The sessions dated in the period in listing order, each with its pages read (after the
    /// session before it of its book) and its book's id and title (`nil` when its file does not read).
    package var lines: [SessionLine]
    /// At least the days with a readable session that end the library's streak: every day with
    /// one, or only the run of days in a row ending on the last day with a session.
    package var streakDays: Set<Day>
    /// The problems of the session files dated in the period or beside its sessions, and of
    /// the files of its books.
    package var problems: [Problem]
}
