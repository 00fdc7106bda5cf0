import ShelfKit

/// `shelf today` as text, or as JSON.
struct ReadingPeriodPrinter {
    var terminal: Terminal

    func text(_ summary: ReadingPeriodSummary) -> String {
        var out = ""
        let title = switch summary.period {
        case .day: "Today, \(summary.today)"
        case .week: "This week, \(summary.first) to \(summary.today)"
        case .month: "This month, \(summary.first) to \(summary.today)"
        }
        out += terminal.paint(title, .bold) + "\n\n"
        if summary.books.isEmpty {
            out += "Nothing read " + (summary.period == .day ? "yet today" : "yet this \(summary.period == .week ? "week" : "month")") + ".\n\n"
        } else {
            var table = Table(columns: [.init(title: "TITLE", givesWay: 0, minimum: 20),
                                        .init(title: "SESSIONS", alignment: .right), .init(title: "PAGES", alignment: .right),
                                        .init(title: "MINUTES", alignment: .right)])
            for book in summary.books {
                table.append([book.title, String(book.sessions), String(book.pages), book.minutes > 0 ? String(book.minutes) : ""])
            }
            out += table.render(width: terminal.width, terminal: terminal) + "\n"
        }
        var facts: [(String, String)] = []
        var total = "\(Plural.counted(summary.pages, "page")) in \(Plural.counted(summary.sessions, "session"))"
        if summary.minutes > 0 { total += ", " + SessionRecords.duration(summary.minutes) }
        facts.append(("Total", total))
        facts.append(("Streak", Plural.counted(summary.streak, "day") + (summary.streak > 0 ? " in a row with a session" : "")))
        if let goal = summary.goal {
            facts.append(("Goal \(goal.year)", Self.goal(goal)))
            if let needed = Self.needed(goal) { facts.append(("Needed", needed)) }
        }
        let width = facts.map { TextWidth.of($0.0) }.max() ?? 0
        for (label, value) in facts { out += TextWidth.pad(label, to: width) + "  " + value + "\n" }
        return out
    }

    /// `20 of 24 books, on pace (20 expected by today)`, or `24 of 24 books, reached`.
    static func goal(_ goal: GoalPace) -> String {
        let line = "\(goal.finished) of \(Plural.counted(goal.goal, "book"))"
        guard goal.booksNeeded > 0 else { return line + ", reached" }
        return line + (goal.onPace ? ", on pace" : ", behind") + " (\(goal.expectedByToday) expected by today)"
    }

    /// `9 pages a day: 4 books of about 380 pages in 38 days`, while the goal is not reached
    /// and a book's length is known.
    static func needed(_ goal: GoalPace) -> String? {
        guard goal.booksNeeded > 0, let perDay = goal.pagesPerDay, let typical = goal.typicalPages else { return nil }
        return "\(Plural.counted(perDay, "page")) a day: \(Plural.counted(goal.booksNeeded, "book")) of about "
            + "\(Plural.counted(typical, "page")) in \(Plural.counted(goal.daysLeft, "day"))"
    }

    /// The summary as JSON, keys in a fixed order.
    static func json(_ summary: ReadingPeriodSummary) -> JSONValue {
        let books: [JSONValue] = summary.books.map {
            .object([("id", .string($0.id.rawValue)), ("title", .string($0.title)), ("sessions", .int($0.sessions)),
                     ("pages", .int($0.pages)), ("minutes", .int($0.minutes))])
        }
        let goal: JSONValue = summary.goal.map {
            .object([("year", .int($0.year)), ("goal", .int($0.goal)), ("finished", .int($0.finished)),
                     ("expected_by_today", .int($0.expectedByToday)), ("on_pace", .bool($0.onPace)),
                     ("books_needed", .int($0.booksNeeded)), ("typical_pages", $0.typicalPages.map(JSONValue.int) ?? .null),
                     ("days_left", .int($0.daysLeft)), ("pages_per_day", $0.pagesPerDay.map(JSONValue.int) ?? .null)])
        } ?? .null
        return .object([
            ("period", .string(summary.period.rawValue)), ("from", .string(summary.first.description)),
            ("to", .string(summary.today.description)), ("books", .array(books)), ("sessions", .int(summary.sessions)),
            ("pages", .int(summary.pages)), ("minutes", .int(summary.minutes)), ("streak", .int(summary.streak)),
            ("goal", goal),
        ])
    }
}
