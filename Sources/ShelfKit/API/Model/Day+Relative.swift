extension Day {
    /// What a date may be written as wherever shelf takes one, for messages: `YYYY-MM-DD` or a
    /// day relative to today, as queries read them.
    package static let relativeForms = "YYYY-MM-DD, today, yesterday, 3d, 2w or last-monday"

    /// The day `text` names: `2024-03-01`, or a day relative to `today` as the query language
    /// reads it (`today`, `yesterday`, `3d` three days ago, `2w` two weeks ago, `last-friday` the
    /// latest Friday before today); `nil` for
    /// anything else, and for text that covers more than one day (`2024`, `last-month`).
    ///
    /// ```swift
    /// Day.parse("yesterday", today: Day.today())
    /// ```
    package static func parse(_ text: String, today: Day) -> Day? {
        guard let span = days(text, today: today), span.lowerBound == span.upperBound else { return nil }
        return span.lowerBound
    }

    /// The days `text` covers, as `finished:` reads it in a query: one day (`2024-03-01`,
    /// `yesterday`, `30d`), a month (`2024-03`, `last-month`) or a year (`2024`, `this-year`).
    /// `--since` takes the first of them and `--until` the last.
    package static func days(_ text: String, today: Day) -> ClosedRange<Day>? {
        guard let interval = QueryDate.interval(text, today: today),
              let low = day(number: interval.low), let high = day(number: interval.high), low <= high else { return nil }
        return low...high
    }

    /// The day of a `YYYYMMDD` number of ``QueryDate``.
    private static func day(number: Double) -> Day? {
        let value = Int(number)
        return Day(year: value / 10_000, month: value / 100 % 100, day: value % 100)
    }

    /// The day of the week, 0 for Monday to 6 for Sunday (1970-01-01 was a Thursday, 3).
    var weekdayIndex: Int {
        ((daysSinceEpoch + 3) % 7 + 7) % 7
    }
}
