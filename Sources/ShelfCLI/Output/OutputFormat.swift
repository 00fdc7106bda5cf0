import ArgumentParser

/// How `list` and other listing commands print: for people, or for programs.
enum OutputFormat: String, ExpressibleByArgument, CaseIterable, Sendable {
    /// Aligned columns for a terminal.
    case table
    /// One JSON array, pretty-printed.
    case json
    /// One JSON object per line.
    case jsonl
    /// RFC 4180 CSV with a header row.
    case csv
    /// One file path per line, for `xargs` and editors.
    case paths
}
