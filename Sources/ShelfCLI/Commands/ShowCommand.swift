import ArgumentParser
import Foundation
import ShelfKit

/// `shelf show BOOK`: every field, the notes, the sessions and the progress.
struct ShowCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Show a book: its fields, notes, reading sessions and progress.",
        discussion: """
            BOOK is a slug, a path, the start of a slug, or a word of the title.

            Examples:
              shelf show dune
              shelf show "left hand" --format json
            """
    )

    @OptionGroup var library: LibraryOptions
    @OptionGroup var color: ColorOptions

    @Argument(help: "The book: a slug, path, slug prefix or title fragment.", completion: ShelfCompletion.books)
    var book: String

    @Option(help: "text or json.")
    var format: ShowFormat = .text

    enum ShowFormat: String, ExpressibleByArgument, CaseIterable {
        case text, json
    }

    func run() async throws {
        let library = try library.open()
        let book = try await library.resolve(library.reference(book))
        let sessions = try await library.sessions(of: book.id)
        let progress = ReadingProgress(sessions, of: book)
        switch format {
        case .json:
            var record = BookRecords.record(book, progress: progress)
            let pagesRead = ReadingSession.pagesRead(sessions.map { $0.inPages(of: BookExtent(book)) })
            record.append(("sessions", .array(zip(sessions, pagesRead).map { .object(SessionRecords.record($0, pagesRead: $1)) })))
            try StandardOutput.writeLine(JSONValue.object(record).text(.pretty))
        case .text:
            let terminal = color.terminal()
            try StandardOutput.write(text(book, sessions: sessions, progress: progress, terminal: terminal, paths: library.displayPaths))
        }
    }

    private func text(_ book: Book, sessions: [ReadingSession], progress: ReadingProgress, terminal: Terminal,
                      paths: DisplayPaths) -> String {
        var lines: [String] = []
        lines.append(terminal.paint(book.title, .bold) + (book.subtitle.map { ": " + $0 } ?? ""))
        var byline: [String] = []
        if !book.authors.isEmpty { byline.append(BookDisplay.authors(book)) }
        if let published = book.published { byline.append(published.description) }
        if let pages = book.pages { byline.append(Plural.counted(pages, "page")) }
        if !byline.isEmpty { lines.append(byline.joined(separator: " · ")) }
        lines.append("")
        var rows: [(String, String)] = [("status", book.status.name + (book.folder.isEmpty ? "" : " (\(book.folder))")),
                                        ("path", paths(book.path))]
        for entry in book.bookFields where !["title", "subtitle", "authors"].contains(entry.key) {
            let text = entry.key == "rating"
                ? "\(BookDisplay.stars(book.rating)) (\(entry.value))" : entry.value.plainText()
            rows.append((entry.key, text))
        }
        // A key of the person's named like one of shelf's (`status: want-to-read`) would read
        // as a second status: it is labelled as the template reaches it.
        for entry in book.extra {
            let label = BookTemplate.customKey(entry.key) == entry.key ? entry.key : BookRecords.customPrefix + entry.key
            rows.append((label, entry.value.plainText()))
        }
        let width = rows.map { TextWidth.of($0.0) }.max() ?? 0
        for (key, value) in rows {
            lines.append(terminal.paint(TextWidth.pad(key + ":", to: width + 1), .dim) + " " + value)
        }
        if let stopped = BookDisplay.stoppedAt(book) { lines.append(stopped) }
        if !book.body.isEmpty {
            lines.append("")
            // `isNewline`, not `== "\n"`: a CRLF body ends in the one Character "\r\n".
            lines.append(book.body.last?.isNewline == true ? String(book.body.dropLast()) : book.body)
        }
        if !sessions.isEmpty {
            lines.append("")
            lines.append(terminal.paint("Sessions (\(sessions.count))", .bold))
            let timed = sessions.contains { $0.time != nil }
            // Figures in pages, whatever unit each session is in; the lines show what was written.
            let paged = sessions.map { $0.inPages(of: BookExtent(book)) }
            for (session, pagesRead) in zip(sessions, ReadingSession.pagesRead(paged)) {
                lines.append("  " + SessionRecords.line(session, pagesRead: pagesRead, timeColumn: timed))
            }
            var summary = "progress: " + (BookDisplay.progress(progress, of: book.pages).nonEmpty ?? "none")
            // A book without pages read in time or percent read no pages: its minutes say it.
            if progress.pagesRead > 0 || book.pages != nil {
                summary += " · \(Plural.counted(progress.pagesRead, "page")) read"
                if progress.minutes > 0 { summary += " in \(SessionRecords.duration(progress.minutes))" }
            } else if progress.minutes > 0 {
                summary += " · \(SessionRecords.duration(progress.minutes))"
            }
            let pace = ReadingPace(book.sessionsOfCurrentRead(paged))
            if let daily = pace.pagesPerDay {
                let perDay = BookDisplay.number((daily * 10).rounded() / 10)
                summary += " · \(perDay) \(perDay == "1" ? "page" : "pages") a reading day"
            }
            if let hourly = pace.pagesPerHour { summary += " · \(Int(hourly.rounded())) pages/hour" }
            lines.append(summary)
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

extension String {
    /// `nil` for an empty string, for `??` chains.
    var nonEmpty: String? { isEmpty ? nil : self }
}
