import ShelfKit

/// What `shelf import --dry-run` prints: one line per book added or updated, in row order.
enum ImportReport {
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
