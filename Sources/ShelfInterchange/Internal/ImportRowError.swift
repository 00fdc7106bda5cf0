import ShelfKit

/// Why one row of an export could not be read: the column and what is wrong with its value.
///
/// Thrown while reading a row and turned into a ``Problem`` at the row's line, so the row is
/// skipped and the rest of the import goes on. The same shape describes a warning: a row that
/// is imported with one value put aside (``ImportedBook/warnings``).
struct ImportRowError: Error, Sendable, Hashable {
    /// The column's header name.
    var column: String
    /// The value found, as written.
    var value: String
    /// What is wrong, completing "`column` …".
    var reason: String
}
