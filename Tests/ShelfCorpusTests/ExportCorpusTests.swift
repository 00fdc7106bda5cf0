import Foundation
import ShelfCLI
import ShelfKit
import ShelfInterchange
import ShelfTestSupport
import Testing

/// Every real Goodreads and StoryGraph export of `../shared/corpus/exports/` (see its
/// SOURCES.md), imported into a new library: each row is imported or skipped with a reason that
/// points at its value, `shelf check` finds nothing but the finishes before starts the export records, importing again changes nothing, and a
/// Goodreads export of the result imports into the same files. Skipped where the folder is absent.
///
/// It is part of ``CorpusTests``, a serialized suite: both make thousands of libraries, and one
/// at a time keeps the suite's memory and disk use low. Their commands print into a capture
/// (``QuietOutput``), so the rest of the suite's output stays on.
extension CorpusTests {
    /// Counts for one export, printed as one line of the test's output.
    struct ExportTally: CustomStringConvertible {
        var name: String
        var rows = 0
        var books = 0
        var skipped = 0
        var warnings = 0
        var problems = 0
        /// Books whose export row finishes before it starts, which check reports.
        var finishedBeforeStarted = 0
        var changedByReimport = 0
        /// `nil` for a StoryGraph export, which the Goodreads format cannot hold.
        var roundTripDifferences: Int?

        var description: String {
            "\(name): \(rows) rows → \(books) books, \(skipped) skipped, \(warnings) warnings; check: \(problems) problems, \(finishedBeforeStarted) finishes before starts; "
                + "re-import: \(changedByReimport) changed; export→import: "
                + (roundTripDifferences.map { "\($0) files differ" } ?? "not a Goodreads export")
        }
    }

    static let exportsToday = Day(year: 2026, month: 11, day: 23) ?? Day.today()

    /// `2023/06/01`, as Goodreads writes a day.
    static func slashed(_ day: Day) -> String { day.description.replacingOccurrences(of: "-", with: "/") }

    @Test(.enabled(if: ExportCorpus.folder != nil, "the export corpus, ../shared/corpus/exports, is absent"),
          .timeLimit(.minutes(10)))
    func everyExportImportsCompletelyAndConverges() async throws {
        let scratch = try TemporaryFolder.make(in: TemporaryFolder.inMemory)
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let files = try ExportCorpus.files()
        #expect(!files.isEmpty)
        var tallies: [ExportTally] = []
        for file in files {
            tallies.append(try await check(file, scratch: scratch + "/" + file.name))
        }
        print(tallies.map(\.description).joined(separator: "\n"))
        let rows = tallies.reduce(0) { $0 + $1.rows }, books = tallies.reduce(0) { $0 + $1.books }
        let skipped = tallies.reduce(0) { $0 + $1.skipped }, warnings = tallies.reduce(0) { $0 + $1.warnings }
        print("Exports: \(files.count) files, \(rows) rows → \(books) books, \(skipped) skipped, \(warnings) warnings")
    }

    /// Imports one export and checks everything the suite promises about it.
    private func check(_ file: ExportCorpus.File, scratch: String) async throws -> ExportTally {
        var tally = ExportTally(name: file.name)
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        let library = try FileLibrary.create(at: scratch + "/a", today: { Self.exportsToday })
        let importer = LibraryImporter(format: file.format)
        let rows = try importer.read(file.text, path: file.name, configuration: library.configuration)
        tally.rows = rows.books.count + rows.skipped.count
        tally.skipped = rows.skipped.count
        tally.warnings = rows.warnings.count
        if let expected = file.rows {
            #expect(tally.rows == expected, "\(file.name): every data row is imported or skipped")
        }
        let source = ExportSource(text: file.text, rowLines: rows.books.map(\.line) + rows.skipped.map(\.line))
        for problem in rows.skipped + rows.warnings {
            if let mistake = source.mistake(in: problem) { Issue.record("\(problem): \(mistake)") }
        }

        let plan = try await importer.plan(rows, for: library)
        #expect(plan.summary.added + plan.summary.merged == rows.books.count,
                "\(file.name): every row read is a book added or merged into one: \(plan.summary)")
        try await library.apply(plan.batch)
        tally.books = try await library.scan().books.count
        // The one problem an import may carry is the reader's own: a finish recorded before the
        // start, which check reports and the import keeps as the export has it (both days are in
        // the export's text).
        let everyProblem = try await library.check()
        let isRecorded = { (problem: Problem) in problem.message.contains("finished is before the day the read began") }
        let (recorded, problems) = (everyProblem.filter(isRecorded), everyProblem.filter { !isRecorded($0) })
        tally.problems = problems.count
        tally.finishedBeforeStarted = recorded.count
        #expect(problems.isEmpty, "\(file.name): a fresh import passes shelf check:\n\(problems.prefix(10).map(\.description).joined(separator: "\n"))")
        for problem in recorded {
            let book = try await library.book(BookID((problem.path as NSString).lastPathComponent.replacingOccurrences(of: ".md", with: "")))
            let days = [book.started, book.finished].compactMap { $0 }
            #expect(days.count == 2 && days.allSatisfy { file.text.contains($0.description) || file.text.contains(Self.slashed($0)) },
                    "\(file.name): \(problem) holds days the export does not")
        }

        let again = try await importer.plan(importer.read(file.text, path: file.name, configuration: library.configuration), for: library)
        tally.changedByReimport = again.summary.added + again.summary.updated
        #expect(tally.changedByReimport == 0, "\(file.name): importing again changes nothing: \(again.updates.prefix(5).map { "\($0.before.path): \($0.changedKeys)" })")

        if file.format == .goodreads {
            tally.roundTripDifferences = try await roundTrip(scratch: scratch, name: file.name)
        }
        return tally
    }

    /// Exports library `a` with `shelf export --format goodreads`, imports that into a new
    /// library `b`, and counts the book files that differ; each difference is an issue.
    private func roundTrip(scratch: String, name: String) async throws -> Int {
        let exported = scratch + "/export.csv"
        try await QuietOutput.run {
            try await ShelfMain.run(["export", "--library", scratch + "/a", "--format", "goodreads", "--output", exported])
        }
        let second = try FileLibrary.create(at: scratch + "/b", today: { Self.exportsToday })
        let importer = LibraryImporter(format: .goodreads)
        let text = try String(contentsOfFile: exported, encoding: .utf8)
        let rows = try importer.read(text, path: "export.csv", configuration: second.configuration)
        try await second.apply(importer.plan(rows, for: second).batch)
        let before = try ExportCorpus.bookFiles(in: scratch + "/a").mapValues(Self.withoutKeysGoodreadsLacks)
        let after = try ExportCorpus.bookFiles(in: scratch + "/b")
        var differences = 0
        for path in Set(before.keys).union(after.keys).sorted() where before[path] != after[path] {
            differences += 1
            if differences <= 5 {
                let old = before[path].map { String(decoding: $0, as: UTF8.self) } ?? "(absent)"
                let new = after[path].map { String(decoding: $0, as: UTF8.self) } ?? "(absent)"
                Issue.record("\(name): export→import changes \(path)\n--- before\n\(old)--- after\n\(new)")
            }
        }
        return differences
    }
}

extension CorpusTests {
    /// Keys a Goodreads export has no column for: the earlier reads (Goodreads keeps one date
    /// and a count) and what only StoryGraph records.
    static let keysGoodreadsLacks = ["reads", "started", "moods", "pace", "contributors", "storygraph_rating",
                                     "storygraph_uid", "storygraph_status", "paused"]

    /// A book file without the lines of ``keysGoodreadsLacks``, which an import writes on one line each.
    static func withoutKeysGoodreadsLacks(_ data: Data) -> Data {
        let lines = Array(data).split(separator: 0x0A, omittingEmptySubsequences: false)
        let kept = lines.filter { line in !keysGoodreadsLacks.contains { line.starts(with: Array(($0 + ":").utf8)) } }
        return Data(kept.joined(separator: [0x0A]))
    }
}

/// An export's text cut into rows, to check that a message points at what it names.
struct ExportSource {
    private let lines: [String]
    private let header: [String]
    private let rowStarts: [Int]

    init(text: String, rowLines: [Int]) {
        // Cut on the byte 0x0A: a String splits "\r\n" as one Character.
        lines = Array(text.utf8).split(separator: 0x0A, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
        var first = lines.first ?? ""
        if first.hasPrefix("\u{FEFF}") { first.removeFirst() }
        header = first.split(separator: ",", omittingEmptySubsequences: false).map {
            $0.trimmingCharacters(in: .whitespacesAndNewlines).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
        }
        rowStarts = rowLines.sorted()
    }

    /// What is wrong with `problem`'s place, or `nil` when its line starts a row, its column
    /// is the column it names, and the value it quotes is in that row.
    func mistake(in problem: Problem) -> String? {
        guard let index = rowStarts.firstIndex(of: problem.line) else { return "line \(problem.line) does not start a row" }
        // A row with the wrong number of fields is pointed at as a whole, at its first column.
        if problem.column > 0, !problem.message.hasPrefix("has ") {
            guard problem.column <= header.count else { return "column \(problem.column) is past the header" }
            let column = header[problem.column - 1]
            guard problem.message.hasPrefix(column) else { return "column \(problem.column) is \"\(column)\", not the column named" }
        }
        guard let found = problem.message.range(of: "found \"") else { return nil }
        var value = String(problem.message[found.upperBound...])
        guard let end = value.lastIndex(of: "\"") else { return nil }
        value = String(value[..<end])
        let end2 = index + 1 < rowStarts.count ? rowStarts[index + 1] - 1 : lines.count
        let row = lines[(problem.line - 1)..<max(problem.line, end2)].joined(separator: "\n")
        guard row.contains(value) || row.contains(value.replacing("\"", with: "\"\"")) else {
            return "the row does not hold \"\(value)\""
        }
        return nil
    }
}
