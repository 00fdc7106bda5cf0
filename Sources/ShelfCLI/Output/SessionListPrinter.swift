import ShelfKit

/// Prints a listing of sessions in `shelf sessions`' formats as its chunks come
/// (``LibraryCommands/forEachSession(from:through:limit:wholeBooks:_:)``), so that the library's
/// sessions are never held at once: only a table for a terminal, whose columns fit the widest
/// cell, keeps its rows (as text) until the last.
final class SessionListPrinter: Sendable {
    /// What the printer keeps between chunks.
    private struct Kept: Sendable {
        /// The table for a terminal, kept whole for its widths.
        var table: Table?
        var printed = 0
    }

    private let format: ListFormat
    private let terminal: Terminal
    private let configuration: LibraryConfiguration
    private let output = StreamedOutput(keeping: Kept())

    init(format: ListFormat, terminal: Terminal, configuration: LibraryConfiguration) {
        self.format = format
        self.terminal = terminal
        self.configuration = configuration
    }

    /// The columns of the table and of the CSV.
    private static let tableColumns: [Table.Column] = [
        .init(title: "DATE"), .init(title: "BOOK", givesWay: 1), .init(title: "PAGES", alignment: .right),
        .init(title: "FROM–TO"), .init(title: "MINUTES", alignment: .right), .init(title: "NOTE", givesWay: 0, minimum: 10, least: 4),
    ]
    private static let csvColumns = ["book", "title", "date", "time", "path", "from", "to", "pages", "minutes", "pages_read", "note"]

    /// Prints `lines`; `false` once a write failed, and the listing should stop.
    func print(_ lines: [SessionLine]) -> Bool {
        output.write { writer, kept throws(CommandFailure) in
            try print(lines, &writer, &kept)
            kept.printed += lines.count
        }
    }

    /// Ends the listing: what a format writes after its lines, and what is left to write.
    /// - Throws: The first error a write met.
    func finish() throws(CommandFailure) {
        try output.finish { writer, kept throws(CommandFailure) in
            switch format {
            case .named(.json): try writer.write(JSONArrayOutput.end(after: kept.printed))
            case .named(.csv) where kept.printed == 0: try print([], &writer, &kept)
            case .named(.table), .named(.paths), .named(.paths0):
                if let table = kept.table, !table.rows.isEmpty {
                    try writer.write(table.render(width: terminal.width, terminal: terminal))
                }
            default: break
            }
        }
    }

    private func print(_ lines: [SessionLine], _ writer: inout StandardOutput.Writer, _ kept: inout Kept) throws(CommandFailure) {
        switch format {
        case .named(.json):
            for (offset, line) in lines.enumerated() {
                try writer.write(JSONArrayOutput.separator(before: kept.printed + offset))
                try writer.write(BookRecords.jsonItem(Self.record(line)))
            }
        case .named(.jsonl):
            for line in lines { try writer.write(BookRecords.jsonLine(Self.record(line))) }
        case .named(.csv):
            var rows = lines.map(Self.csvRow)
            // The header once, before the first rows or alone.
            if kept.printed == 0 { rows.insert(Self.csvColumns, at: 0) }
            do {
                try writer.write(try CSVText.text(of: rows))
            } catch let failure as CommandFailure {
                throw failure
            } catch {
                throw CommandFailure(message: "cannot write CSV: \(error)")
            }
        case .template(let template):
            for line in lines {
                try writer.write(template.render(line.session, pagesRead: line.pagesRead, of: line.book,
                                                       configuration: configuration) + "\n")
            }
        case .named(.table), .named(.paths), .named(.paths0):
            let cells = lines.map(Self.tableRow)
            if terminal.width == nil {
                // Without a width the cells are whole, and each row is printed as it comes.
                if kept.printed == 0, !cells.isEmpty {
                    try writer.write(Table(columns: Self.tableColumns).header(terminal: terminal) + "\n")
                }
                for row in cells { try writer.write(Table.tabSeparated(row) + "\n") }
            } else {
                if kept.table == nil { kept.table = Table(columns: Self.tableColumns) }
                for row in cells { kept.table?.append(row) }
            }
        }
    }

    private static func record(_ line: SessionLine) -> [(String, JSONValue)] {
        SessionRecords.record(line.session, pagesRead: line.pagesRead, title: line.book?.title)
    }

    private static func tableRow(_ line: SessionLine) -> [String] {
        let session = line.session
        return [SessionRecords.when(session), line.book?.title ?? session.bookID.rawValue, String(line.pagesRead),
                SessionRecords.range(session) ?? "", session.minutes.map(String.init) ?? "", SessionRecords.firstLine(session.note) ?? ""]
    }

    private static func csvRow(_ line: SessionLine) -> [String] {
        let record = Dictionary(record(line), uniquingKeysWith: { first, _ in first })
        return csvColumns.map { key in
            switch record[key] {
            // A note's final line break would end the CSV cell on a line of its own.
            case .string(let text)? where key == "note": String(text.reversed().drop { $0 == "\n" }.reversed())
            case .string(let text)?: text
            case .int(let number)?: String(number)
            default: ""
            }
        }
    }
}
