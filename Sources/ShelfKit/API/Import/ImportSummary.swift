/// How many books an import adds, updates and leaves alone, and how many rows it skips.
public struct ImportSummary: Sendable, Hashable, Codable, CustomStringConvertible {
    /// New books.
    public var added: Int
    /// Books already in the library that change.
    public var updated: Int
    /// Books already in the library exactly as the export has them.
    public var unchanged: Int
    /// Rows that could not be read.
    public var skipped: Int

    /// Creates a summary.
    public init(added: Int, updated: Int, unchanged: Int, skipped: Int) {
        self.added = added
        self.updated = updated
        self.unchanged = unchanged
        self.skipped = skipped
    }

    /// `12 added, 3 updated, 40 unchanged, 1 skipped`.
    public var description: String {
        "\(added) added, \(updated) updated, \(unchanged) unchanged, \(skipped) skipped"
    }
}
