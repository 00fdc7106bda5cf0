internal import Foundation

/// The moment shelf takes as now, when it is not the system clock's: every `today`, every
/// session logged without a time and every live session's clock read it.
///
/// Two ways set it, both meant for tests, previews and reproducing a report:
/// - ``fixed``, a task-local value, for code in one process (a simulated reader's months,
///   a preview of an app's screen on a given day): `ShelfClock.$fixed.withValue(moment) { … }`;
/// - the environment variable `SHELF_NOW` (`2026-11-27T10:30`, a local date and time), for a
///   whole process, so that a sequence of commands can be replayed in a shell as it ran.
///
/// A fixed clock does not advance: a live session's timer under it stands still.
package enum ShelfClock {
    /// The moment taken as now in this task and the tasks it starts; `nil` for the system clock.
    @TaskLocal package static var fixed: LocalDateTime?

    /// The fixed moment in force: the task's, else `SHELF_NOW`'s, else `nil`.
    static var override: LocalDateTime? {
        fixed ?? environment
    }

    /// `SHELF_NOW`, read once per process.
    private static let environment: LocalDateTime? = ProcessInfo.processInfo.environment["SHELF_NOW"].flatMap(parse)

    /// A local date and time, `YYYY-MM-DDTHH:MM` (or with a space), as a moment on a clock at UTC.
    /// - Returns: `nil` for anything else.
    package static func parse(_ text: String) -> LocalDateTime? {
        let parts = text.split(whereSeparator: { $0 == "T" || $0 == " " })
        guard parts.count == 2, let day = Day(String(parts[0])), let time = TimeOfDay(String(parts[1])) else { return nil }
        return LocalDateTime(day: day, time: time)
    }
}

extension LocalDateTime {
    /// `time` on `day`, on a clock at UTC: the moment a fixed clock (`ShelfClock`) names.
    public init(day: Day, time: TimeOfDay) {
        self.init(secondsSinceEpoch: day.daysSinceEpoch * 86_400 + time.minutes * 60, utcOffset: 0)
    }
}
