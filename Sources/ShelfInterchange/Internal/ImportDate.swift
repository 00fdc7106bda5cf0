import ShelfKit

/// Dates as Goodreads and StoryGraph write them, and as a spreadsheet writes them back.
enum ImportDate {
    /// A date written with the year last, `7/24/2026` or `24.07.2026`, split into its parts.
    struct YearLast: Sendable, Hashable {
        var first: Int
        var second: Int
        var year: Int
        /// The separator, `/`, `-` or `.`; dotted dates are day first where they are written.
        var separator: Character

        /// The day under `order`, or `nil` when that reading is no date (`2/30`, month 13).
        func day(_ order: ImportDayOrder) -> Day? {
            switch order {
            case .monthFirst: Day(year: year, month: first, day: second)
            case .dayFirst: Day(year: year, month: second, day: first)
            }
        }
    }

    /// `2024/02/11`, also `2024-02-11` and `2024/2/1`; `7/24/2026` (or `24/7/2026` with `order`
    /// ``ImportDayOrder/dayFirst``), as a spreadsheet writes a date back. A time after the date
    /// (`7/24/2026 0:00`), which a spreadsheet adds to a date cell, is ignored.
    static func day(_ text: String, order: ImportDayOrder = .monthFirst) -> Day? {
        let date = withoutTime(text)
        if let yearLast = yearLast(date) { return yearLast.day(order) }
        if let named = withMonthName(date) { return named }
        let parts = date.split(separator: "/", omittingEmptySubsequences: false).count == 3
            ? date.split(separator: "/", omittingEmptySubsequences: false)
            : date.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count <= 2, parts[2].count <= 2,
              let year = number(parts[0]), let month = number(parts[1]), let day = number(parts[2]) else { return nil }
        return Day(year: year, month: month, day: day)
    }

    /// The parts of `7/24/2026`, `24-07-2026` or `24.07.2026`: one or two digits, one or two
    /// digits, the year in four digits or two (`7/24/26`, as LibreOffice writes dates by
    /// default), one separator throughout; `nil` for anything else.
    static func yearLast(_ text: some StringProtocol) -> YearLast? {
        let date = withoutTime(text)
        guard let separator = date.first(where: { $0 == "/" || $0 == "-" || $0 == "." }) else { return nil }
        let parts = date.split(separator: separator, omittingEmptySubsequences: false)
        guard parts.count == 3, (1...2).contains(parts[0].count), (1...2).contains(parts[1].count),
              parts[2].count == 4 || parts[2].count == 2,
              let first = number(parts[0]), let second = number(parts[1]), let year = number(parts[2]) else { return nil }
        return YearLast(first: first, second: second, year: parts[2].count == 2 ? fullYear(year) : year, separator: separator)
    }

    /// A date with the month's English name, as a spreadsheet's date formats write it:
    /// `24-Jul-2026` (Excel's `d-mmm-yy` too: `24-Jul-26`), `24 July 2026`, `Jul 24, 2026`,
    /// `Sept. 3 2026`. Unambiguous whatever the order; `nil` for anything else.
    static func withMonthName(_ text: some StringProtocol) -> Day? {
        let tokens = Substring(text).split { $0 == " " || $0 == "-" || $0 == "," || $0 == "." || $0 == "/" }
        guard tokens.count == 3 else { return nil }
        guard let monthIndex = tokens.firstIndex(where: { month(named: $0) != nil }),
              let month = month(named: tokens[monthIndex]) else { return nil }
        let numbers = tokens.indices.filter { $0 != monthIndex }.map { tokens[$0] }
        guard numbers.allSatisfy({ number($0) != nil }) else { return nil }
        let (dayText, yearText): (Substring, Substring)
        if let four = numbers.firstIndex(where: { $0.count == 4 }) {
            (dayText, yearText) = (numbers[1 - four], numbers[four])
        } else {
            (dayText, yearText) = (numbers[0], numbers[1])
        }
        guard (1...2).contains(dayText.count), yearText.count == 4 || yearText.count == 2,
              let day = number(dayText), let year = number(yearText) else { return nil }
        return Day(year: yearText.count == 2 ? fullYear(year) : year, month: month, day: day)
    }

    /// 1 to 12 for an English month name or its abbreviation of three letters or more
    /// (`Jul`, `July`, `Sept`); `nil` otherwise.
    private static func month(named text: Substring) -> Int? {
        let name = text.lowercased()
        guard name.count >= 3, name.allSatisfy(\.isLetter) else { return nil }
        let months = ["january", "february", "march", "april", "may", "june", "july", "august", "september",
                      "october", "november", "december"]
        return months.firstIndex { $0.hasPrefix(name) }.map { $0 + 1 }
    }

    /// The year a spreadsheet means by two digits, as Excel and LibreOffice read them: 00–29 are
    /// 2000–2029, 30–99 are 1930–1999.
    static func fullYear(_ twoDigits: Int) -> Int {
        twoDigits < 30 ? 2000 + twoDigits : 1900 + twoDigits
    }

    /// `2024/02/11`, the way Goodreads writes dates.
    static func slashed(_ day: Day) -> String {
        String(day.description.map { $0 == "-" ? "/" : $0 })
    }

    /// The text before a time a spreadsheet added: `7/24/2026 0:00` → `7/24/2026`.
    private static func withoutTime(_ text: some StringProtocol) -> Substring {
        let trimmed = Substring(text.trimmingSpaces())
        guard let space = trimmed.firstIndex(of: " ") else { return trimmed }
        let time = trimmed[space...].trimmingSpaces().uppercased()
        let clock = time.hasSuffix("AM") || time.hasSuffix("PM") ? String(time.dropLast(2)).trimmingSpaces() : time
        let parts = clock.split(separator: ":", omittingEmptySubsequences: false)
        guard (2...3).contains(parts.count), parts.allSatisfy({ (1...2).contains($0.count) && number($0) != nil }) else {
            return trimmed
        }
        return trimmed[..<space]
    }

    /// Digits only, as a number; `Int("+5")` would take the sign.
    private static func number(_ text: Substring) -> Int? {
        guard !text.isEmpty, text.allSatisfy(\.isASCII), text.allSatisfy(\.isNumber) else { return nil }
        return Int(text)
    }
}
