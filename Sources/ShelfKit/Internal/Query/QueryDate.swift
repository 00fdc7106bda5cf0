/// Dates in queries: prefixes of `YYYY-MM-DD` and days relative to today, as the span of days
/// they cover, in `YYYYMMDD` numbers so that a comparison of numbers is a comparison of days.
enum QueryDate {
    /// What a date operand may be, for messages.
    static let expected = "a date (2024, 2024-03, 2024-03-01, today, yesterday, this-month, last-month, "
        + "this-year, last-year, 30d, 4w or last-monday)"

    /// The number a day compares as: 2024-03-01 is 20240301.
    static func number(_ day: Day) -> Double {
        Double(day.year * 10_000 + day.month * 100 + day.day)
    }

    /// The first and last day `text` covers, or `nil` when it is not a date.
    static func interval(_ text: String, today: Day) -> (low: Double, high: Double)? {
        let lowered = text.lowercased()
        switch lowered {
        case "today": return (number(today), number(today))
        case "yesterday": return today.adding(days: -1).map { (number($0), number($0)) }
        case "this-year": return year(today.year)
        case "last-year": return year(today.year - 1)
        case "this-month": return month(today.year, today.month)
        case "last-month": return today.month == 1 ? month(today.year - 1, 12) : month(today.year, today.month - 1)
        default: break
        }
        if lowered.hasPrefix("last-"), let weekday = weekdays.firstIndex(of: String(lowered.dropFirst(5))) {
            // The latest such day before today: on a Monday, last-monday is a week ago.
            let back = (today.weekdayIndex - weekday + 6) % 7 + 1
            return today.adding(days: -back).map { (number($0), number($0)) }
        }
        if let unit = lowered.last, unit == "d" || unit == "w", let count = Int(lowered.dropLast()), count >= 0,
           lowered.dropLast().allSatisfy(\.isASCII) {
            guard let day = today.adding(days: -count * (unit == "w" ? 7 : 1)) else { return nil }
            return (number(day), number(day))
        }
        let bytes = Array(text.utf8)
        let digits = { (range: Range<Int>) -> Int? in
            guard range.upperBound <= bytes.count, range.allSatisfy({ (48...57).contains(bytes[$0]) }) else { return nil }
            return Int(String(decoding: bytes[range], as: UTF8.self))
        }
        switch bytes.count {
        case 4:
            guard let value = digits(0..<4), value >= 1 else { return nil }
            return year(value)
        case 7:
            guard bytes[4] == UInt8(ascii: "-"), let value = digits(0..<4), let monthValue = digits(5..<7),
                  (1...12).contains(monthValue), value >= 1 else { return nil }
            return month(value, monthValue)
        case 10:
            guard let day = Day(text) else { return nil }
            return (number(day), number(day))
        default:
            return nil
        }
    }

    /// Weekday names in the order of ``FrontMatter/Day/weekdayIndex``, Monday first.
    private static let weekdays = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]

    private static func year(_ year: Int) -> (low: Double, high: Double)? {
        guard (1...9999).contains(year) else { return nil }
        return (Double(year * 10_000 + 101), Double(year * 10_000 + 1231))
    }

    private static func month(_ year: Int, _ month: Int) -> (low: Double, high: Double)? {
        guard (1...9999).contains(year), let first = Day(year: year, month: month, day: 1) else { return nil }
        var last = first
        while let next = last.adding(days: 1), next.month == month { last = next }
        return (number(first), number(last))
    }
}
