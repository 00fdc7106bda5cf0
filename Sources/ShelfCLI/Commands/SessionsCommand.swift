import ArgumentParser
import Foundation
import ShelfKit

/// `shelf sessions [BOOK]`: reading sessions of one book or the whole library.
struct SessionsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sessions",
        abstract: "List reading sessions, of one book or of the whole library.",
        discussion: """
            Examples:
              shelf sessions dune
              shelf sessions --since 2026-11-01
              shelf sessions --format jsonl
            """
    )

    @OptionGroup var library: LibraryOptions
    @OptionGroup var color: ColorOptions

    @Argument(help: "The book (default: every book).", completion: ShelfCompletion.books)
    var book: String?

    @Option(help: "Only sessions on or after this day (YYYY-MM-DD).")
    var since: String?

    @Option(help: "table, json, jsonl or csv.")
    var format: OutputFormat = .table

    func validate() throws {
        if let since, Day(since) == nil { throw InvalidValue("--since takes YYYY-MM-DD, got \"\(since)\"") }
        if format == .paths || format == .paths0 { throw ValidationError("sessions print as table, json, jsonl or csv") }
    }

    func run() async throws {
        let library = try library.open()
        let since = since.flatMap(Day.init)
        var sessions: [ReadingSession]
        if let book {
            let found = try await library.resolve(book)
            sessions = try await library.sessions(of: found.id)
            if let since { sessions = sessions.filter { $0.day >= since } }
        } else {
            let listing = try await library.sessions(since: since)
            sessions = listing.items
            LibraryWarning.print(listing.problems, paths: library.displayPaths)
        }
        switch format {
        case .json:
            try StandardOutput.writeLine(JSONValue.array(sessions.map { .object(SessionRecords.record($0)) }).text(.pretty))
        case .jsonl:
            try StandardOutput.write(sessions.map { JSONValue.object(SessionRecords.record($0)).text(.compact) + "\n" }.joined())
        case .csv:
            try StandardOutput.write(try csv(sessions))
        case .table, .paths, .paths0:
            let terminal = color.terminal()
            var table = Table(columns: [
                .init(title: "DATE"), .init(title: "BOOK", givesWay: 1), .init(title: "PAGES", alignment: .right),
                .init(title: "FROM–TO"), .init(title: "MINUTES", alignment: .right), .init(title: "NOTE", givesWay: 0, minimum: 10, least: 4),
            ])
            for session in sessions {
                let range = session.from.flatMap { from in session.to.map { "\(from)–\($0)" } } ?? ""
                table.append([session.day.description, session.bookID.rawValue, String(session.pagesRead), range,
                                   session.minutes.map(String.init) ?? "", SessionRecords.firstLine(session.note) ?? ""])
            }
            if !sessions.isEmpty { try StandardOutput.write(table.render(width: terminal.width, terminal: terminal)) }
        }
    }

    private func csv(_ sessions: [ReadingSession]) throws -> String {
        let columns = ["book", "date", "path", "from", "to", "pages", "minutes", "pages_read", "note"]
        let rows = sessions.map { session -> [String] in
            let record = Dictionary(SessionRecords.record(session), uniquingKeysWith: { first, _ in first })
            return columns.map { key in
                switch record[key] {
                // A note's final line break would end the CSV cell on a line of its own.
                case .string(let text)? where key == "note": String(text.reversed().drop { $0 == "\n" }.reversed())
                case .string(let text)?: text
                case .int(let number)?: String(number)
                default: ""
                }
            }
        }
        return try CSVText.write(header: columns, rows: rows)
    }
}
