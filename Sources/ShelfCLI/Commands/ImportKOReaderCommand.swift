import ArgumentParser
import Foundation
import ShelfKit
import ShelfInterchange

/// `shelf import koreader PATH`.
struct ImportKOReaderCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "koreader",
        abstract: "Import KOReader's reading statistics as sessions.",
        discussion: """
            PATH is KOReader's statistics.sqlite3, or a KOReader folder holding \
            settings/statistics.sqlite3 (its docsettings and hashdocsettings folders are searched \
            for the books' sidecars; --sidecars names folders of books with BOOK.sdr folders). The \
            database is read from a copy and never changed.

            Page turns without a pause longer than --gap form one session, filed on the local \
            day and minute of --timezone as DAY-HHMM-koreader.md beside its book. Each page turn \
            counts once: importing the same database again changes nothing, a later snapshot or \
            another device's database adds only what is new. Books are matched by the md5 in \
            their koreader key, else the sidecar's ISBN or Open Library id, else title and \
            authors; the match is remembered in the koreader key. Books not in the library are \
            listed, or added with --add (KOReader's complete → finished, reading and "On hold" → \
            reading; --status abandoned=abandoned and none=STATUS for books without a sidecar).

            Examples:
              $ shelf import koreader /media/KOBOeReader/.adds/koreader --dry-run
              $ shelf import koreader statistics.sqlite3 --add --timezone Europe/Paris
            """
    )

    @OptionGroup var library: LibraryOptions

    @Argument(help: ArgumentHelp("KOReader's statistics.sqlite3, or a KOReader folder.", valueName: "path"),
              completion: .file(extensions: ["sqlite3"]))
    var path: String

    @Flag(help: "Add the books the library does not have (else they are listed).")
    var add = false

    @Option(help: ArgumentHelp("The time zone whose days the sessions are filed by, e.g. Europe/Paris (default: this system's).",
                               valueName: "zone"))
    var timezone: String?

    @Option(help: ArgumentHelp("The longest pause inside one session, e.g. 30m, 1h or 90s.", valueName: "duration"))
    var gap: String = "10m"

    @Option(help: ArgumentHelp("A folder of books whose BOOK.sdr sidecars say their ISBN and status (repeat).", valueName: "folder"),
            completion: .directory)
    var sidecars: [String] = []

    @Option(help: ArgumentHelp("The status of added books KOReader marks reading, complete or abandoned, "
                               + "or none (no sidecar), e.g. abandoned=abandoned (repeat).", valueName: "name=status"))
    var status: [String] = []

    @Option(help: "Put added books in this folder below their status.", completion: ShelfCompletion.folders)
    var folder: String = ""

    @Flag(help: "Show what would be written, and write nothing.")
    var dryRun = false

    func validate() throws {
        _ = try zone()
        _ = try gapSeconds()
        _ = try statusMapping()
    }

    /// `--timezone`, or the system's.
    func zone() throws -> TimeZone {
        guard let timezone else { return TimeZone.current }
        guard let zone = TimeZone(identifier: timezone) else {
            throw ValidationError("--timezone \(timezone) is not a time zone; use a name such as Europe/Paris, America/New_York or UTC")
        }
        return zone
    }

    /// `--gap` in seconds: `10m`, `1h`, `90s`, or minutes alone.
    func gapSeconds() throws -> Int {
        let text = gap.trimmingCharacters(in: .whitespaces).lowercased()
        let units: [(String, Int)] = [("h", 3600), ("m", 60), ("s", 1)]
        let (number, unit) = units.first { text.hasSuffix($0.0) }.map { (String(text.dropLast()), $0.1) } ?? (text, 60)
        guard let value = Int(number), value > 0, value <= 24 * 60 * 60 / unit else {
            throw ValidationError("--gap should be a duration such as 10m, 1h or 90s, found \"\(gap)\"")
        }
        return value * unit
    }

    /// `--status` as a mapping.
    func statusMapping() throws -> [String: Status] {
        var mapping: [String: Status] = [:]
        for item in status {
            let parts = item.split(separator: "=", maxSplits: 1).map(String.init)
            let names = ["reading", "complete", "abandoned", KOReaderImportOptions.noSidecar]
            guard parts.count == 2, names.contains(parts[0]), !parts[1].isEmpty else {
                throw ValidationError("--status takes reading, complete, abandoned or none, =, and a status, "
                                      + "e.g. abandoned=abandoned; got \"\(item)\"")
            }
            mapping[parts[0]] = Status(parts[1])
        }
        return mapping
    }

    func run() async throws {
        let library = try library.open()
        let mapping = try statusMapping()
        let known = library.configuration.statuses
        if let unknown = mapping.values.first(where: { !known.contains($0) }) {
            throw ShelfError.unknownStatus(name: unknown.name, known: known.map(\.name))
        }
        let options = KOReaderImportOptions(sessionGap: try gapSeconds(), timeZone: try zone(), addsBooks: add,
                                            statuses: mapping, folder: folder)
        let importer = KOReaderImporter(path: path, sidecarFolders: sidecars, options: options)
        let progress = ProgressLine(enabled: Terminal.standardErrorIsInteractive)
        progress.show("Reading \(path)…")
        let plan: KOReaderImportPlan
        do {
            plan = try await importer.plan(for: library) { step in
                progress.show("Matching books with the library… \(step.completed)/\(step.total)")
            }
        } catch {
            progress.clear()
            throw error
        }
        progress.clear()
        for problem in plan.problems {
            printError("shelf: warning: " + (problem.path.isEmpty ? problem.message : "\(problem.path): \(problem.message)"))
        }
        var lines: [String] = []
        for book in plan.books {
            let by = book.authors.isEmpty ? "" : " by " + book.authors.joined(separator: ", ")
            switch book.outcome {
            case .unmatched:
                lines.append("not in the library: \"\(book.title)\"\(by) (\(Plural.counted(book.turns, "page turn")), "
                             + "\(ReadingDuration.text(book.minutes))); add it with --add, or set koreader: \(book.md5) in its file")
            case .matched(let id, let how) where dryRun:
                lines.append("match   \(id) ← \"\(book.title)\"\(by) (by \(how.rawValue.replacingOccurrences(of: "-", with: " ")))")
            case .added(let id, let status) where dryRun:
                lines.append("add     \(status.name)/\(options.folder.isEmpty ? "" : options.folder + "/")\(id).md ← \"\(book.title)\"\(by)")
            default:
                break
            }
        }
        if dryRun {
            for change in plan.batch.sessions { lines.append(Self.describe(change)) }
        }
        if !lines.isEmpty { try StandardOutput.write(lines.joined(separator: "\n") + "\n") }
        if plan.books.isEmpty {
            try StandardOutput.writeLine("\(dryRun ? "Dry run, nothing written" : "Imported \(path)"): no page turns recorded; nothing to import")
            return
        }
        if dryRun {
            try StandardOutput.writeLine("Dry run, nothing written: \(plan.summary)")
            return
        }
        if !plan.batch.isEmpty {
            progress.show("Writing \(Plural.counted(plan.batch.sessions.count, "session"))…")
            do {
                try await library.apply(plan.batch)
            } catch {
                progress.clear()
                throw error
            }
            progress.clear()
        }
        try StandardOutput.writeLine("Imported \(path): \(plan.summary)")
    }

    /// A dry run's line for a session file.
    private static func describe(_ change: SessionChange) -> String {
        switch change {
        case .create(let session): "add     \(session.bookID)/\(KOReaderSessionNaming.stem(of: session)).md"
        case .replace(let old, let new): "update  \(old.bookID)/\(KOReaderSessionNaming.stem(of: new)).md"
        case .remove(let old): "remove  \(old.bookID)/\(KOReaderSessionNaming.stem(of: old)).md"
        }
    }
}
