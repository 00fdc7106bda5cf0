/// Why KOReader's statistics or a sidecar could not be read. Nothing is written to the library
/// when one of these is thrown.
public enum KOReaderError: Error, Sendable, Hashable, CustomStringConvertible {
    /// No file or folder at `path`.
    case notFound(path: String)
    /// A folder without KOReader's statistics in it (`settings/statistics.sqlite3` or
    /// `statistics.sqlite3`).
    case noStatistics(folder: String)
    /// A file SQLite cannot open or read: not a database, or a damaged one.
    case notADatabase(path: String, reason: String)
    /// An SQLite database without the tables KOReader's statistics have.
    case notStatistics(path: String, missing: [String])
    /// A sidecar that is not the Lua table KOReader writes.
    case unreadableSidecar(path: String, line: Int, reason: String)

    public var description: String {
        switch self {
        case .notFound(let path):
            "\(path): no such file or folder"
        case .noStatistics(let folder):
            "\(folder) holds no KOReader statistics (settings/statistics.sqlite3); name the statistics.sqlite3 file or the KOReader folder"
        case .notADatabase(let path, let reason):
            "\(path) is not a readable SQLite database (\(reason)); nothing was imported"
        case .notStatistics(let path, let missing):
            "\(path) is an SQLite database but not KOReader's statistics: it has no \(missing.joined(separator: " or ")) table; nothing was imported"
        case .unreadableSidecar(let path, let line, let reason):
            "\(path):\(line): not a KOReader sidecar: \(reason)"
        }
    }
}
