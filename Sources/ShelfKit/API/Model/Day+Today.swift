internal import Foundation

extension Day {
    /// The current calendar day in the person's time zone, for `added`, `started` and `finished`.
    ///
    /// Read with `localtime_r`, which honours `TZ` as `Calendar.current` does: setting up
    /// Foundation's calendar and time zone took most of a millisecond of every command.
    /// A fixed clock (`ShelfClock`) gives its day instead.
    public static func today() -> Day {
        if let fixed = ShelfClock.override { return fixed.day }
        var now = time(nil)
        var parts = tm()
        guard localtime_r(&now, &parts) != nil,
              let day = Day(year: Int(parts.tm_year) + 1900, month: Int(parts.tm_mon) + 1, day: Int(parts.tm_mday)) else {
            // The C library always names a real date; only a clock set outside years 1–9999 gets here.
            preconditionFailure("the system clock is outside the years 1 to 9999")
        }
        return day
    }
}
