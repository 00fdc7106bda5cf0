internal import Foundation

extension Day {
    /// The current calendar day in the person's time zone, for `added`, `started` and `finished`.
    public static func today() -> Day {
        let parts = Calendar.current.dateComponents([.year, .month, .day], from: Date())
        guard let day = Day(year: parts.year ?? 0, month: parts.month ?? 0, day: parts.day ?? 0) else {
            // Calendar always names a real date; only a clock set outside years 1–9999 gets here.
            preconditionFailure("the system clock is outside the years 1 to 9999")
        }
        return day
    }
}
