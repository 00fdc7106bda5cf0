import ShelfKit
import ShelfInterchange

/// What `shelf import` prints besides its summary: the problems, grouped, and with
/// `--dry-run` one line per book added or updated, in row order.
enum ImportReport {
    /// How many problems of one kind are shown one by one before the rest are counted.
    static let shownPerReason = 5

    /// The skipped rows and warnings, at most ``shownPerReason`` of each kind in row order, then
    /// one line for the rest of each kind: `294 more rows skipped: Date Added should be a date
    /// (YYYY/MM/DD) (lines 7, 8, 9, 10, 11, …)`.
    static func problems(_ plan: ImportPlan) -> [String] {
        var shown: [Problem] = []
        var rest: [String] = []
        for (problems, skipped) in [(plan.skipped, true), (plan.warnings, false)] {
            for group in ImportProblemGroup.grouping(problems) {
                shown += group.problems.prefix(shownPerReason)
                let more = group.problems.dropFirst(shownPerReason)
                guard !more.isEmpty else { continue }
                let suffix = "; row skipped"
                let reason = skipped && group.reason.hasSuffix(suffix) ? String(group.reason.dropLast(suffix.count)) : group.reason
                let lines = more.prefix(shownPerReason).map { String($0.line) } + (more.count > shownPerReason ? ["…"] : [])
                rest.append("\(more.count) more row\(more.count == 1 ? "" : "s")\(skipped ? " skipped" : ""): \(reason) "
                    + "(line\(more.count == 1 ? "" : "s") \(lines.joined(separator: ", ")))")
            }
        }
        return shown.enumerated().sorted { ($0.element.line, $0.offset) < ($1.element.line, $1.offset) }.map(\.element.description) + rest
    }

    /// `; 12 rows had no Read Status and were read as to-read (map them with --status none=STATUS)`,
    /// or `""` when every row had a status.
    static func withoutStatusNote(_ plan: ImportPlan, format: ImportFormat, mapping: [String: Status], firstStatus: Status) -> String {
        let count = plan.withoutStatus
        guard count > 0 else { return "" }
        let column = format.statusColumn
        let rows = count == 1 ? "1 row had no \(column) and was" : "\(count) rows had no \(column) and were"
        // "read as": a book already in the library keeps its status unless the row's advances it.
        if let chosen = mapping[ImportOptions.noStatus] { return "; \(rows) read as \(chosen.name)" }
        // They are read as `to-read` rows, which `--status to-read=STATUS` may have mapped.
        let status = mapping["to-read"] ?? firstStatus
        return "; \(rows) read as \(status.name) (map them with --status \(ImportOptions.noStatus)=STATUS)"
    }

    static func dryRun(_ plan: ImportPlan) -> String {
        var lines: [(line: Int, text: String)] = []
        for addition in plan.additions {
            let folder = plan.folder.isEmpty ? "" : plan.folder + "/"
            lines.append((addition.line, "add     \(addition.status.name)/\(folder)\(addition.book.id).md  (line \(addition.line))"))
        }
        for change in plan.updates {
            let move = change.before.status == change.after.status ? "" : " → \(change.after.status.name)/"
            lines.append((change.line, "update  \(change.before.path)\(move): \(change.changedKeys.joined(separator: ", "))  (line \(change.line))"))
        }
        for problem in plan.skipped {
            lines.append((problem.line, "skip    \(problem)"))
        }
        for problem in plan.warnings {
            lines.append((problem.line, "warning \(problem)"))
        }
        return lines.sorted { $0.line < $1.line }.map { $0.text + "\n" }.joined()
    }
}
