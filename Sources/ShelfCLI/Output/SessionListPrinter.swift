import ShelfKit
import Synchronization

/// Prints a listing of sessions in `shelf sessions`' formats as its chunks come
/// (``LibraryCommands/forEachSession(from:through:limit:wholeBooks:_:)``), so that the library's
/// sessions are never held at once: only a table for a terminal, whose columns fit the widest
/// cell, keeps its rows (as text) until the last.
final class SessionListPrinter: Sendable {
    private struct State {
        var writer = StandardOutput.Writer()
        /// The table for a terminal, kept whole for its widths.
        var table: Table?
        var printed = 0
        /// The error a write met; nothing more is printed after it.
        var failure: CommandFailure?
    }

    private let format: ListFormat
    private let terminal: Terminal
    private let configuration: LibraryConfiguration
    private let state = Mutex(State())

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
        state.withLock { state in
            guard state.failure == nil else { return false }
            do throws(CommandFailure) {
                try print(lines, &state)
                state.printed += lines.count
                return true
            } catch {
                state.failure = error
                return false
            }
        }
    }

    /// Ends the listing: what a format writes after its lines, and what is left to write.
    /// - Throws: The first error a write met.
    func finish() throws(CommandFailure) {
        try state.withLock { state throws(CommandFailure) in
            if let failure = state.failure { throw failure }
            switch format {
            case .named(.json): try state.writer.write(JSONArrayOutput.end(after: state.printed))
            case .named(.csv) where state.printed == 0: try print([], &state)
            case .named(.table), .named(.paths), .named(.paths0):
                if let table = state.table, !table.rows.isEmpty {
                    try state.writer.write(table.render(width: terminal.width, terminal: terminal))
                }
            default: break
            }
            try state.writer.flush()
        }
    }

    private func print(_ lines: [SessionLine], _ state: inout State) throws(CommandFailure) {
        switch format {
        case .named(.json):
            for (offset, line) in lines.enumerated() {
                try state.writer.write(JSONArrayOutput.separator(before: state.printed + offset))
                try state.writer.write(BookRecords.jsonItem(Self.record(line)))
            }
        case .named(.jsonl):
            for line in lines { try state.writer.write(BookRecords.jsonLine(Self.record(line))) }
        case .named(.csv):
            var rows = lines.map(Self.csvRow)
            // The header once, before the first rows or alone.
            if state.printed == 0 { rows.insert(Self.csvColumns, at: 0) }
            do {
                try state.writer.write(try CSVText.text(of: rows))
            } catch let failure as CommandFailure {
                throw failure
            } catch {
                throw CommandFailure(message: "cannot write CSV: \(error)")
            }
        case .template(let template):
            for line in lines {
                try state.writer.write(template.render(line.session, pagesRead: line.pagesRead, of: line.book,
                                                       configuration: configuration) + "\n")
            }
        case .named(.table), .named(.paths), .named(.paths0):
            let cells = lines.map(Self.tableRow)
            if terminal.width == nil {
                // Without a width the cells are whole, and each row is printed as it comes.
                if state.printed == 0, !cells.isEmpty {
                    try state.writer.write(Table(columns: Self.tableColumns).header(terminal: terminal) + "\n")
                }
                for row in cells { try state.writer.write(Table.tabSeparated(row) + "\n") }
            } else {
                if state.table == nil { state.table = Table(columns: Self.tableColumns) }
                for row in cells { state.table?.append(row) }
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
