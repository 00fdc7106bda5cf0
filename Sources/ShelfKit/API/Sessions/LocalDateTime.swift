#if canImport(Glibc)
internal import Glibc
#elseif canImport(Darwin)
internal import Darwin
#endif

/// A moment as the person's clock showed it: the instant (seconds since 1970 UTC) and the
/// offset from UTC in force then, written `2026-11-24T09:30:12+01:00`.
///
/// A live reading session (``LiveSession``) records when it began and paused with it, so the
/// file says the local time a person recognises and the arithmetic of pauses stays exact
/// across a change of time zone or daylight saving time.
public struct LocalDateTime: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    /// Seconds since 1970-01-01T00:00:00Z.
    public let secondsSinceEpoch: Int
    /// Seconds east of UTC (`+01:00` is 3600).
    public let utcOffset: Int

    /// Creates a moment from its instant and the clock's offset from UTC then.
    public init(secondsSinceEpoch: Int, utcOffset: Int) {
        self.secondsSinceEpoch = secondsSinceEpoch
        self.utcOffset = utcOffset
    }

    /// Now, in the person's time zone (`TZ` is honoured, as for `Day/today()`), or the
    /// moment a fixed clock (`ShelfClock`) names.
    public static func now() -> LocalDateTime {
        if let fixed = ShelfClock.override { return fixed }
        var now = currentTime()
        var parts = tm()
        let offset = localtime_r(&now, &parts) != nil ? Int(parts.tm_gmtoff) : 0
        return LocalDateTime(secondsSinceEpoch: Int(now), utcOffset: offset)
    }

    /// Seconds since 1970-01-01T00:00:00 on the local clock.
    private var localSeconds: Int { secondsSinceEpoch + utcOffset }

    /// The calendar day on the local clock.
    public var day: Day {
        let days = localSeconds >= 0 ? localSeconds / 86_400 : (localSeconds - 86_399) / 86_400
        // Days outside years 1 to 9999 are held at the nearest end, which every Day reaches.
        return Day(daysSinceEpoch: min(max(days, -719_162), 2_932_896)) ?? Day.today()
    }

    /// The time on the local clock, to the minute.
    public var time: TimeOfDay {
        let second = ((localSeconds % 86_400) + 86_400) % 86_400
        return TimeOfDay(minutesSinceMidnight: second / 60) ?? .midnight
    }

    /// This moment `seconds` later (earlier when negative), in the same offset.
    package func adding(seconds: Int) -> LocalDateTime {
        LocalDateTime(secondsSinceEpoch: secondsSinceEpoch + seconds, utcOffset: utcOffset)
    }

    /// Seconds from `self` to `other`; negative when `other` is earlier.
    package func seconds(until other: LocalDateTime) -> Int { other.secondsSinceEpoch - secondsSinceEpoch }

    /// `YYYY-MM-DDTHH:MM:SS±HH:MM`.
    public var description: String {
        let second = ((localSeconds % 86_400) + 86_400) % 86_400
        let sign = utcOffset < 0 ? "-" : "+"
        let offset = abs(utcOffset) / 60
        let pad = TimeOfDay.pad
        return "\(day)T\(pad(second / 3600)):\(pad(second / 60 % 60)):\(pad(second % 60))"
            + "\(sign)\(pad(offset / 60)):\(pad(offset % 60))"
    }

    /// Parses `YYYY-MM-DDTHH:MM:SS±HH:MM` (or `Z` for UTC), as ``description`` writes it.
    package init?(_ text: some StringProtocol) {
        let bytes = Array(text.utf8)
        guard bytes.count == 20 || bytes.count == 25, bytes[10] == UInt8(ascii: "T"),
              bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"),
              let day = Day(String(decoding: bytes[0..<10], as: UTF8.self)),
              let hour = Self.number(bytes[11..<13]), let minute = Self.number(bytes[14..<16]),
              let second = Self.number(bytes[17..<19]), hour < 24, minute < 60, second < 60 else { return nil }
        var offset = 0
        if bytes.count == 20 {
            guard bytes[19] == UInt8(ascii: "Z") else { return nil }
        } else {
            guard bytes[19] == UInt8(ascii: "+") || bytes[19] == UInt8(ascii: "-"), bytes[22] == UInt8(ascii: ":"),
                  let hours = Self.number(bytes[20..<22]), let minutes = Self.number(bytes[23..<25]),
                  hours < 24, minutes < 60 else { return nil }
            offset = (hours * 60 + minutes) * 60 * (bytes[19] == UInt8(ascii: "-") ? -1 : 1)
        }
        let local = day.daysSinceEpoch * 86_400 + hour * 3600 + minute * 60 + second
        self.init(secondsSinceEpoch: local - offset, utcOffset: offset)
    }

    public static func < (lhs: LocalDateTime, rhs: LocalDateTime) -> Bool {
        (lhs.secondsSinceEpoch, lhs.utcOffset) < (rhs.secondsSinceEpoch, rhs.utcOffset)
    }

    private static func number(_ digits: ArraySlice<UInt8>) -> Int? {
        var value = 0
        for digit in digits {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(digit) else { return nil }
            value = value * 10 + Int(digit) - 48
        }
        return value
    }


    private static func currentTime() -> time_t {
        #if canImport(Glibc)
        Glibc.time(nil)
        #else
        Darwin.time(nil)
        #endif
    }
}
