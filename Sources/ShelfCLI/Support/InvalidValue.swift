/// A value the argument parser read but shelf refuses (`--limit -1`, a day that is not a date).
///
/// It exits with status 1, as the same value refused in a file or by `shelf set` does: status 2
/// is kept for what the argument parser itself refuses (an unknown command or option, a missing
/// or unreadable argument), which `ValidationError` and the parser's own errors report.
struct InvalidValue: Error, CustomStringConvertible {
    var description: String

    init(_ description: String) {
        self.description = description
    }
}
