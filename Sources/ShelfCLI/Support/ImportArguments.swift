import ArgumentParser
import Foundation
import ShelfKit
import ShelfInterchange

/// What `shelf import goodreads` and `shelf import storygraph` share: the file, the status
/// options, `--dry-run`, and the run itself.
struct ImportArguments: ParsableArguments {
    @Argument(help: ArgumentHelp("The export file (CSV).", valueName: "file"), completion: .file(extensions: ["csv"]))
    var file: String

    @Flag(help: "Show what would be added, updated and skipped, and write nothing.")
    var dryRun = false

    @Option(help: ArgumentHelp("Put an export status or shelf in a library status, e.g. paused=reading (repeat); "
                               + "none=STATUS for rows whose status is empty.",
                               valueName: "name=status"))
    var status: [String] = []

    /// `--date-order`: how `3/4/2026` is read.
    enum DateOrder: String, ExpressibleByArgument, CaseIterable {
        case monthDay = "month-day"
        case dayMonth = "day-month"

        var order: ImportDayOrder { self == .monthDay ? .monthFirst : .dayFirst }
    }

    @Option(help: "Read dates written like 3/4/2026 (as a spreadsheet re-saves an export) as month-day or day-month; by default the file's own dates decide.")
    var dateOrder: DateOrder?

    @Flag(help: "Make statuses for export statuses that have none (paused, did-not-finish, custom shelves), adding them to .shelf/config.yaml.")
    var createStatuses = false

    @Option(help: "Put new books in this folder below their status, e.g. imported.", completion: ShelfCompletion.folders)
    var folder: String = ""

    func validate() throws {
        _ = try statusMapping()
    }

    /// `--status` as a mapping.
    func statusMapping() throws -> [String: Status] {
        var mapping: [String: Status] = [:]
        for item in status {
            let parts = item.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else {
                throw ValidationError("--status takes name=status, e.g. paused=reading; got \"\(item)\"")
            }
            mapping[parts[0]] = Status(parts[1])
        }
        return mapping
    }

    /// Reads the file, plans the import, prints what it would do or does it, and prints a summary.
    func run(_ format: ImportFormat, library options: LibraryOptions) async throws {
        let library = try options.open()
        let progress = ProgressLine(enabled: Terminal.standardErrorIsInteractive)
        let mapping = try statusMapping()
        let known = Set(library.configuration.statuses)
        if !createStatuses, let unknown = mapping.values.first(where: { !known.contains($0) }) {
            throw ShelfError.unknownStatus(name: unknown.name, known: library.configuration.statuses.map(\.name))
        }
        progress.show("Reading \(file)…")
        let bytes = try Self.contents(of: file)
        let text = try ImportFileText.decode(Array(bytes), path: file)
        let choices = ImportOptions(statuses: mapping, createsStatuses: createStatuses, dayOrder: dateOrder?.order)
        let importer = LibraryImporter(format: format, options: choices, folder: folder)
        let rows = try importer.read(text, path: file, configuration: library.configuration)
        progress.show("Matching \(Plural.counted(rows.books.count, "row")) with the library…")
        let plan = try await importer.plan(rows, for: library)
        progress.clear()
        for line in ImportReport.problems(plan) { printError("shelf: warning: \(line)") }
        let note = ImportReport.withoutStatusNote(plan, format: format, mapping: mapping,
                                                  firstStatus: library.configuration.statuses.first ?? .toRead)
        if dryRun {
            try StandardOutput.write(ImportReport.dryRun(plan))
            try StandardOutput.writeLine("Dry run, nothing written: \(plan.summary)\(note)")
            try nothingRead(rows, dryRun: true)
            return
        }
        if rows.books.isEmpty {
            try StandardOutput.writeLine("Imported \(file): \(plan.summary)")
            try nothingRead(rows, dryRun: false)
        }
        progress.show("Writing \(plan.additions.count + plan.updates.count) books…")
        do {
            // New statuses go into .shelf/config.yaml in the batch's own journal.
            try await library.apply(plan.batch)
        } catch {
            progress.clear()
            throw error
        }
        progress.clear()
        if !plan.newStatuses.isEmpty {
            printError("shelf: added the status\(plan.newStatuses.count == 1 ? "" : "es") "
                + plan.newStatuses.map(\.name).joined(separator: ", ") + " to .shelf/config.yaml")
        }
        try StandardOutput.writeLine("Imported \(file): \(plan.summary)\(note)")
    }

    /// The bytes of the export, or a message that says what is wrong with the path.
    static func contents(of file: String) throws -> Data {
        var isDirectory: ObjCBool = false
        guard !file.isEmpty else { throw CommandFailure(message: "no file given; name the export's CSV file") }
        guard FileManager.default.fileExists(atPath: file, isDirectory: &isDirectory) else {
            throw CommandFailure(message: "\(file): no such file")
        }
        guard !isDirectory.boolValue else { throw CommandFailure(message: "\(file) is a folder; name the export's CSV file in it") }
        guard FileManager.default.isReadableFile(atPath: file), let data = FileManager.default.contents(atPath: file) else {
            throw CommandFailure(message: "\(file): cannot read the file (permission denied?)")
        }
        return data
    }

    /// Fails, after the summary, when the file gave no book: an import that reads nothing has
    /// not done what was asked, and a script should know.
    private func nothingRead(_ rows: ImportRows, dryRun: Bool) throws {
        guard rows.books.isEmpty else { return }
        let outcome = dryRun ? "nothing would be imported" : "nothing was imported"
        if rows.skipped.isEmpty {
            throw CommandFailure(message: "\(file) has no rows below its header; \(outcome)")
        }
        let count = rows.skipped.count
        throw CommandFailure(message: "\(count == 1 ? "the only row" : "none of the \(count) rows") of \(file) could be read "
            + "(see the warnings above); \(outcome)")
    }
}
