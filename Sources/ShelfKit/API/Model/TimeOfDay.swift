/// A time on the clock, to the minute, with no day and no time zone: when a reading session
/// began, as its file name says (`2026-11-20-0930.md` began at 09:30).
public struct TimeOfDay: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    /// Minutes since midnight, 0 to 1439.
    package let minutes: Int

    /// The hour, 0 to 23.
    public var hour: Int { minutes / 60 }
    /// The minute of the hour, 0 to 59.
    public var minute: Int { minutes % 60 }

    /// Creates a time, or returns `nil` outside 00:00–23:59.
    public init?(hour: Int, minute: Int) {
        guard (0..<24).contains(hour), (0..<60).contains(minute) else { return nil }
        minutes = hour * 60 + minute
    }

    /// Creates a time from minutes since midnight, or returns `nil` outside 0–1439.
    package init?(minutesSinceMidnight: Int) {
        guard (0..<1440).contains(minutesSinceMidnight) else { return nil }
        minutes = minutesSinceMidnight
    }

    /// Parses `HH:MM` (or `H:MM`) as a person types it, and `HHMM` as a session file name has it.
    package init?(_ text: some StringProtocol) {
        let bytes = Array(text.utf8)
        let digits: [UInt8]
        switch bytes.count {
        case 4 where !bytes.contains(UInt8(ascii: ":")): digits = bytes
        case 5 where bytes[2] == UInt8(ascii: ":"): digits = Array(bytes[0..<2] + bytes[3..<5])
        case 4 where bytes[1] == UInt8(ascii: ":"): digits = [UInt8(ascii: "0")] + bytes[0..<1] + bytes[2..<4]
        default: return nil
        }
        guard digits.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else { return nil }
        let value = digits.map { Int($0) - 48 }
        self.init(hour: value[0] * 10 + value[1], minute: value[2] * 10 + value[3])
    }

    /// `HH:MM`.
    public var description: String { Self.pad(hour) + ":" + Self.pad(minute) }

    /// `HHMM`, as in a session file name.
    package var compact: String { Self.pad(hour) + Self.pad(minute) }

    /// The time on the clock now, in the person's time zone (see `Day/today()`).
    package static func now() -> TimeOfDay {
        LocalDateTime.now().time
    }

    /// 00:00.
    public static let midnight = TimeOfDay(unchecked: 0)

    /// This time less `minutes`, or midnight when that falls on the day before.
    package func minus(minutes count: Int) -> TimeOfDay {
        TimeOfDay(unchecked: max(0, minutes - max(0, count)))
    }

    public static func < (lhs: TimeOfDay, rhs: TimeOfDay) -> Bool { lhs.minutes < rhs.minutes }

    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let time = TimeOfDay(text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath,
                                                    debugDescription: "expected a time as HH:MM, got \(text)"))
        }
        self = time
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }

    private init(unchecked minutes: Int) { self.minutes = minutes }

    /// `value` in two digits at least: `7` is `07`.
    static func pad(_ value: Int) -> String { value < 10 ? "0\(value)" : String(value) }
}
