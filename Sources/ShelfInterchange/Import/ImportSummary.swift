import ShelfKit

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
    /// Rows merged into the book another row describes (``ImportPlan/mergedRows``).
    public var merged: Int = 0

    /// `12 added, 3 updated, 40 unchanged, 1 skipped`, and `, 3 rows merged as editions of
    /// another row's book` when there are any, so that every row of the export is accounted for.
    public var description: String {
        let counts = "\(added) added, \(updated) updated, \(unchanged) unchanged, \(skipped) skipped"
        guard merged > 0 else { return counts }
        return counts + ", \(merged) \(merged == 1 ? "row" : "rows") merged as editions of another row's book"
    }
}

extension ImportSummary {
    private enum CodingKeys: String, CodingKey { case added, updated, unchanged, skipped, merged }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(added: try container.decode(Int.self, forKey: .added), updated: try container.decode(Int.self, forKey: .updated),
                  unchanged: try container.decode(Int.self, forKey: .unchanged), skipped: try container.decode(Int.self, forKey: .skipped),
                  merged: try container.decodeIfPresent(Int.self, forKey: .merged) ?? 0)
    }
}
