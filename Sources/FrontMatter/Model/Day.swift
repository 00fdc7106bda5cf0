/// A calendar date with no time and no time zone, such as a `finished: 2024-03-01` in front matter.
///
/// Books are finished on a day, not at an instant: converting `2024-03-01` to a `Date` would move
/// it to February 29 for anyone west of Greenwich. `Day` keeps the three numbers as written.
public struct Day: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    /// The year, e.g. 2024.
    public let year: Int
    /// The month, 1 to 12.
    public let month: Int
    /// The day of the month, 1 to 31.
    public let day: Int
    /// How much of the date the person wrote: a note that says `read: 2023-06` or
    /// `completionDate: 2021` finished the book in that month or year, on no day anyone knows.
    /// Such a date stands for its first day (January 1, the 1st of the month) in comparisons and
    /// counts, and reads and prints as written (`2021`, `2023-06`).
    public let precision: Precision

    /// How precise a ``Day`` is.
    public enum Precision: Int, Sendable, Hashable, Comparable {
        /// A year alone: `2021`.
        case year
        /// A year and a month: `2023-06`.
        case month
        /// A full date: `2023-06-14`.
        case day

        public static func < (lhs: Precision, rhs: Precision) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// Creates a day, or returns `nil` when the three numbers do not name a real calendar date.
    public init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month),
              (1...Day.daysIn(month: month, year: year)).contains(day) else { return nil }
        self.year = year
        self.month = month
        self.day = day
        self.precision = .day
    }

    /// A year alone (`precision` `.year`) or a year and month (`.month`), standing for its first
    /// day; `nil` when the numbers are out of range.
    public init?(year: Int, month: Int? = nil) {
        guard (1...9999).contains(year), (1...12).contains(month ?? 1) else { return nil }
        self.year = year
        self.month = month ?? 1
        self.day = 1
        self.precision = month == nil ? .year : .month
    }

    /// A date as written to the precision it has: `2021`, `2023-06` or `2023-06-14`; `nil` for
    /// anything else.
    public init?(partial text: some StringProtocol) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.allSatisfy({ !$0.isEmpty && $0.utf8.allSatisfy { (48...57).contains($0) } }),
              parts.first?.count == 4, let year = Int(parts[0]) else { return nil }
        switch parts.count {
        case 1: self.init(year: year)
        case 2:
            guard parts[1].count == 2, let month = Int(parts[1]) else { return nil }
            self.init(year: year, month: month)
        case 3: self.init(text)
        default: return nil
        }
    }

    /// The same date at full precision: its first day.
    public var firstDay: Day {
        Day(year: year, month: month, day: day) ?? self
    }

    /// Parses exactly `YYYY-MM-DD`; returns `nil` for anything else, including impossible dates.
    ///
    /// Read byte by byte without copying the text: every plain value of ten bytes that starts
    /// with a digit is tried as a day. Inlinable, so that a caller in another module gets it
    /// specialized for its `String` or `Substring`: the generic form read each byte through the
    /// protocol's witnesses, a tenth of a watched list's time at 100,000 books.
    @inlinable
    public init?(_ text: some StringProtocol) {
        guard text.utf8.count == 10 else { return nil }
        var numbers = (year: 0, month: 0, day: 0)
        for (index, byte) in text.utf8.enumerated() {
            if index == 4 || index == 7 {
                guard byte == UInt8(ascii: "-") else { return nil }
                continue
            }
            let digit = Int(byte) - 48
            guard (0...9).contains(digit) else { return nil }
            switch index {
            case ..<4: numbers.year = numbers.year * 10 + digit
            case ..<7: numbers.month = numbers.month * 10 + digit
            default: numbers.day = numbers.day * 10 + digit
            }
        }
        self.init(year: numbers.year, month: numbers.month, day: numbers.day)
    }

    /// `YYYY-MM-DD`, the form front matter uses.
    ///
    /// Written digit by digit into the ten bytes every day takes (the initializers keep the
    /// year within 1...9999): the first build writes two or three days a book into the index,
    /// and padding each number as a string took ten times as long.
    public var description: String {
        switch precision {
        case .year: return fourDigits(year)
        case .month: return fourDigits(year) + (month < 10 ? "-0" : "-") + month.description
        case .day: break
        }
        return String(unsafeUninitializedCapacity: 10) { bytes in
            func write(_ value: Int, digits: Int, at start: Int) {
                var rest = value
                for index in (start..<(start + digits)).reversed() {
                    bytes[index] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: rest % 10)
                    rest /= 10
                }
            }
            write(year, digits: 4, at: 0)
            bytes[4] = UInt8(ascii: "-")
            write(month, digits: 2, at: 5)
            bytes[7] = UInt8(ascii: "-")
            write(day, digits: 2, at: 8)
            return 10
        }
    }

    public static func < (lhs: Day, rhs: Day) -> Bool {
        (lhs.year, lhs.month, lhs.day, lhs.precision.rawValue) < (rhs.year, rhs.month, rhs.day, rhs.precision.rawValue)
    }

    /// Number of days since 1970-01-01 (negative before), for date arithmetic without `Calendar`.
    public var daysSinceEpoch: Int {
        // Howard Hinnant's days_from_civil.
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let shiftedMonth = month > 2 ? month - 3 : month + 9
        let dayOfYear = (153 * shiftedMonth + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The day `daysSinceEpoch` days after 1970-01-01; `nil` outside years 1 to 9999.
    public init?(daysSinceEpoch days: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        self.init(year: yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month: month, day: day)
    }

    /// The day `count` days later (or earlier, for a negative count).
    public func adding(days count: Int) -> Day? {
        Day(daysSinceEpoch: daysSinceEpoch + count)
    }

    /// Whole days from `self` to `other`; positive when `other` is later.
    public func days(until other: Day) -> Int {
        other.daysSinceEpoch - daysSinceEpoch
    }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let day = Day(partial: text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "not a YYYY-MM-DD date: \(text)")
        }
        self = day
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}

/// A year as four digits: `0987`.
private func fourDigits(_ year: Int) -> String {
    let digits = year.description
    return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
}
