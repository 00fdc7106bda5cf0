/// A stretch of days `shelf today` looks at: today, this week (from Monday) or this month (from
/// the 1st), each up to today.
package enum ReadingPeriod: String, Sendable, Hashable, Codable, CaseIterable {
    case day
    case week
    case month

    /// The days of the period that holds `today`, up to `today`.
    package func days(endingOn today: Day) -> ClosedRange<Day> {
        let first: Day? = switch self {
        case .day: today
        case .week: today.adding(days: -today.weekdayIndex)
        case .month: Day(year: today.year, month: today.month, day: 1)
        }
        return (first ?? today)...today
    }
}
