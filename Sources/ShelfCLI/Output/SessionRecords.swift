import ShelfKit

/// Reading sessions as records and as one-line summaries.
enum SessionRecords {
    /// A session's JSON object; `pagesRead` is what it read after the session before it
    /// (``ReadingSession/pagesRead(_:)``), `title` its book's, where the output lists several books.
    static func record(_ session: ReadingSession, pagesRead: Int, title: String? = nil) -> [(String, JSONValue)] {
        var record: [(String, JSONValue)] = [("book", .string(session.bookID.rawValue))]
        if let title { record.append(("title", .string(title))) }
        record.append(("date", .string(session.day.description)))
        if let time = session.time { record.append(("time", .string(time.description))) }
        record.append(("path", .string(session.path)))
        if let from = session.fromPosition { record.append(("from", position(from))) }
        if let to = session.toPosition { record.append(("to", position(to))) }
        if let pages = session.pages { record.append(("pages", .int(pages))) }
        if let minutes = session.minutes { record.append(("minutes", .int(minutes))) }
        record.append(("pages_read", .int(pagesRead)))
        record += session.extra.map { ($0.key, JSONValue($0.value)) }
        if !session.note.isEmpty { record.append(("note", .string(session.note))) }
        return record
    }

    /// A position as JSON: a page as a number, the others as their text (`"45%"`).
    static func position(_ position: ReadingPosition) -> JSONValue {
        position.page.map(JSONValue.int) ?? .string(position.description)
    }

    /// `120–180`, `10%–45%`, `1h–3h20m`, `loc 100–loc 3400`: a session's range as written,
    /// without `pp.`; `nil` without both ends.
    static func range(_ session: ReadingSession) -> String? {
        guard let from = session.fromPosition, let to = session.toPosition else { return nil }
        return "\(from)–\(to)"
    }

    /// `2024-03-01 09:30`, or the day alone for a session without a time.
    static func when(_ session: ReadingSession) -> String {
        session.day.description + (session.time.map { " " + $0.description } ?? "")
    }

    /// `2024-03-01 09:30  pp. 1–58   57 pages  45 min  Note's first line`; with `timeColumn`
    /// false (no session of the list has a time), without the time's column.
    static func line(_ session: ReadingSession, pagesRead: Int, timeColumn: Bool) -> String {
        var parts = [timeColumn ? TextWidth.pad(when(session), to: 16) : session.day.description]
        if let from = session.from, let to = session.to {
            parts.append(TextWidth.pad("pp. \(from)–\(to)", to: 13))
        } else if let range = range(session) {
            parts.append(TextWidth.pad(range, to: 13))
        } else {
            parts.append(String(repeating: " ", count: 13))
        }
        parts.append(TextWidth.pad(Plural.counted(pagesRead, "page"), to: 9))
        parts.append(TextWidth.pad(session.minutes.map { "\($0) min" } ?? "", to: 7))
        if let note = firstLine(session.note) { parts.append(note) }
        return parts.joined(separator: "  ").trimmingTrailingSpaces
    }

    static func firstLine(_ text: String) -> String? {
        // Split on any line break: in a CRLF note "\r\n" is one Character, never equal to "\n".
        text.split(whereSeparator: \.isNewline).first { !$0.trimmingTrailingSpaces.isEmpty }.map(String.init)
    }

    /// `1 h 35 min`.
    static func duration(_ minutes: Int) -> String {
        minutes < 60 ? "\(minutes) min" : "\(minutes / 60) h \(minutes % 60) min"
    }
}

extension StringProtocol {
    var trimmingTrailingSpaces: String {
        var text = String(self)
        while text.last == " " { text.removeLast() }
        return text
    }
}
