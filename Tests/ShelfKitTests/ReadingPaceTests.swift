@testable import ShelfKit
import Testing

/// How fast reading goes, as `shelf show` and `shelf stats` both report it.
struct ReadingPaceTests {
    /// One pace for `shelf show` and `shelf stats`. `ReadingProgress` divided by every day from
    /// the first session to the last (10 here) and counted the minutes of a session without
    /// pages (26.7 an hour); the stats' answer is kept: days with a session, sessions with both.
    @Test func paceCountsReadingDaysAndTimedPages() {
        let pace = ReadingPace([
            ReadingSession(day: day("2024-01-01"), from: 1, to: 50, minutes: 60),
            ReadingSession(day: day("2024-01-01"), sequence: 2, pages: 10, minutes: 30),
            ReadingSession(day: day("2024-01-10"), pages: 40),
            ReadingSession(day: day("2024-01-10"), sequence: 2, minutes: 45),
        ])
        #expect(pace.readingDays == 2)
        #expect(pace.pagesPerDay == 50)
        #expect(pace.pagesPerHour == 40)
    }
}
