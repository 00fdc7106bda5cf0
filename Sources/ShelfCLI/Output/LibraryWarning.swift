import ShelfKit

/// The one warning line a listing prints when files had problems.
///
/// A listing never stops at a broken file: a file it cannot read is left out, a value of the
/// wrong type is left out of its book, and one line points to `shelf check`, which explains
/// every problem.
enum LibraryWarning {
    /// `shelf: warning: finished/bad.md:3:1: …; run `shelf check` for details`, or with several
    /// problems, how many and the first.
    static func text(for problems: [Problem], paths: DisplayPaths) -> String? {
        guard let first = problems.first.map(paths.problem) else { return nil }
        if problems.count == 1 { return "shelf: warning: \(first); run `shelf check` for details" }
        return "shelf: warning: \(problems.count) problems, the first: \(first); run `shelf check` for all of them"
    }

    /// Prints the warning to standard error, if there is anything to warn about.
    static func print(_ problems: [Problem], paths: DisplayPaths) {
        if let text = text(for: problems, paths: paths) { printError(text) }
    }
}
