import ShelfKit

/// `shelf stats` as text with bar charts, or as JSON.
struct StatsPrinter {
    var terminal: Terminal

    /// The longest bar, in columns: a third of the terminal, between 10 and 40.
    var barWidth: Int { min(40, max(10, (terminal.width ?? 100) / 3)) }

    func text(_ stats: ReadingStats) -> String {
        var out = ""
        let scope = stats.year.map { "in \($0)" } ?? "all time"
        out += terminal.paint("Reading, \(scope), as of \(stats.today)", .bold) + "\n\n"
        var facts: [(String, String)] = [("Finished", "\(Plural.counted(stats.booksFinished, "book")), \(Plural.counted(stats.pagesFinished, "page"))")]
        if let average = stats.averageRating {
            facts.append(("Rating", "\(Self.decimal(average, places: 2)) average over \(Plural.counted(stats.ratedBooks, "rated book"))"))
        }
        if let goal = stats.goal {
            var line = "\(goal.finished) of \(Plural.counted(goal.goal, "book")) (\(goal.percent)%)"
            if let expected = goal.expectedByToday { line += "; \(expected) expected by today" }
            facts.append(("Goal \(goal.year)", line))
        }
        let pace = stats.pace
        var paceLine = "\(Plural.counted(pace.pagesRead, "page")) in \(Plural.counted(pace.sessions, "session")) on \(Plural.counted(pace.readingDays, "day"))"
        if let perDay = pace.pagesPerDay { paceLine += ": \(Self.decimal(perDay, places: 1)) pages a reading day" }
        if let perHour = pace.pagesPerHour { paceLine += ", \(Self.decimal(perHour, places: 1)) pages an hour" }
        facts.append(("Pace", paceLine))
        if let longest = stats.longest { facts.append(("Longest", "\(longest.title), \(Plural.counted(longest.pages, "page"))")) }
        if let shortest = stats.shortest { facts.append(("Shortest", "\(shortest.title), \(Plural.counted(shortest.pages, "page"))")) }
        facts.append(("Streak", Plural.counted(stats.streak, "day") + (stats.streak > 0 ? " in a row with a session" : "")))
        let labelWidth = facts.map { TextWidth.of($0.0) }.max() ?? 0
        for (label, value) in facts { out += TextWidth.pad(label, to: labelWidth) + "  " + value + "\n" }

        if !stats.byYear.isEmpty {
            out += "\n" + terminal.paint("Books finished per year", .bold) + "\n"
            out += BarChart(rows: stats.byYear.map { .init(label: $0.period, value: $0.books, note: note($0)) }, width: barWidth)
                .render(terminal: terminal)
        }
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        out += "\n" + terminal.paint("Books finished per month, \(stats.chartYear)", .bold) + "\n"
        out += BarChart(rows: zip(months, stats.byMonth).map { .init(label: $0, value: $1.books, note: note($1)) }, width: barWidth)
            .render(terminal: terminal)
        for (title, counts) in [("Top authors", stats.topAuthors), ("Top tags", stats.topTags)] where !counts.isEmpty {
            out += "\n" + terminal.paint(title, .bold) + "\n"
            out += BarChart(rows: counts.map { .init(label: $0.name, value: $0.books, note: String($0.books)) }, width: barWidth)
                .render(terminal: terminal)
        }
        return out
    }

    private func note(_ total: PeriodTotal) -> String {
        total.books == 0 ? "" : "\(Plural.counted(total.books, "book")), \(Plural.counted(total.pages, "page"))"
    }

    /// `4.25` with two places, `42.6` with one: rounded, trailing zeros kept.
    static func decimal(_ value: Double, places: Int) -> String {
        var scale = 1.0
        for _ in 0..<places { scale *= 10 }
        let scaled = Int((value * scale).rounded())
        let whole = scaled / Int(scale)
        let fraction = String(abs(scaled % Int(scale)))
        return "\(whole)." + String(repeating: "0", count: places - fraction.count) + fraction
    }

    /// The numbers as JSON, keys in a fixed order.
    static func json(_ stats: ReadingStats) -> String {
        func period(_ total: PeriodTotal) -> JSONValue {
            .object([("period", .string(total.period)), ("books", .int(total.books)), ("pages", .int(total.pages))])
        }
        func count(_ item: NameCount) -> JSONValue { .object([("name", .string(item.name)), ("books", .int(item.books))]) }
        func length(_ book: BookLength?) -> JSONValue {
            book.map { .object([("id", .string($0.id.rawValue)), ("title", .string($0.title)), ("pages", .int($0.pages))]) } ?? .null
        }
        func number(_ value: Double?) -> JSONValue { value.map { .double(($0 * 100).rounded() / 100) } ?? .null }
        let pace = stats.pace
        let goal: JSONValue = stats.goal.map {
            .object([("year", .int($0.year)), ("goal", .int($0.goal)), ("finished", .int($0.finished)),
                     ("percent", .int($0.percent)), ("expected_by_today", $0.expectedByToday.map(JSONValue.int) ?? .null)])
        } ?? .null
        let value: JSONValue = .object([
            ("year", stats.year.map(JSONValue.int) ?? .null),
            ("today", .string(stats.today.description)),
            ("books_finished", .int(stats.booksFinished)),
            ("pages_finished", .int(stats.pagesFinished)),
            ("average_rating", number(stats.averageRating)),
            ("rated_books", .int(stats.ratedBooks)),
            ("by_year", .array(stats.byYear.map(period))),
            ("chart_year", .int(stats.chartYear)),
            ("by_month", .array(stats.byMonth.map(period))),
            ("top_authors", .array(stats.topAuthors.map(count))),
            ("top_tags", .array(stats.topTags.map(count))),
            ("pace", .object([
                ("sessions", .int(pace.sessions)), ("reading_days", .int(pace.readingDays)), ("pages_read", .int(pace.pagesRead)),
                ("minutes", .int(pace.minutes)), ("pages_per_day", number(pace.pagesPerDay)),
                ("pages_per_hour", number(pace.pagesPerHour)),
            ])),
            ("longest", length(stats.longest)),
            ("shortest", length(stats.shortest)),
            ("streak", .int(stats.streak)),
            ("goal", goal),
        ])
        return value.text(.pretty) + "\n"
    }
}
