import ShelfKit
import Testing

/// `last-monday` and the other weekdays, wherever a day is taken.
struct WeekdayTests {
    @Test func lastWeekdayIsTheLatestOneBeforeToday() throws {
        let monday = try #require(Day(year: 2026, month: 11, day: 23))
        let tuesday = try #require(Day(year: 2026, month: 11, day: 24))
        #expect(Day.parse("last-monday", today: monday)?.description == "2026-11-16")
        #expect(Day.parse("last-monday", today: tuesday)?.description == "2026-11-23")
        #expect(Day.parse("last-sunday", today: monday)?.description == "2026-11-22")
        #expect(Day.parse("LAST-FRIDAY", today: tuesday)?.description == "2026-11-20")
        #expect(Day.parse("last-someday", today: monday) == nil)
        // Over a year's end and a leap day.
        let newYear = try #require(Day(year: 2025, month: 1, day: 1))
        #expect(Day.parse("last-thursday", today: newYear)?.description == "2024-12-26")
        let march = try #require(Day(year: 2024, month: 3, day: 1))
        #expect(Day.parse("last-thursday", today: march)?.description == "2024-02-29")
    }
}
