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
    /// File paths each ended by a NUL byte, for `xargs -0`: a path may hold spaces or line breaks.
    case paths0

    /// The separator ending each path of ``paths`` and ``paths0``.
    var pathTerminator: String { self == .paths0 ? "\u{0}" : "\n" }
}
