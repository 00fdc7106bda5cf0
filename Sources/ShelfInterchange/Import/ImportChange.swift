public import ShelfKit

/// A book already in the library that an import changes.
public struct ImportChange: Sendable, Hashable {
    /// The book as the library has it.
    public var before: Book
    /// The book after the import; its `status` is the status it moves to.
    public var after: Book
    /// The line of the export row that changes it.
    public var line: Int

    /// The keys whose values change, in the book's key order, then `status` and `body` when
    /// those change: what `--dry-run` shows.
    public var changedKeys: [String] {
        let old = Dictionary(before.fields.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
        let new = Dictionary(after.fields.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
        var keys: [String] = []
        for entry in after.fields where !(old[entry.key].map { $0.isSameValue(as: entry.value) } ?? false) {
            keys.append(entry.key)
        }
        for entry in before.fields where new[entry.key] == nil { keys.append(entry.key) }
        if before.status != after.status { keys.append("status") }
        if before.body != after.body { keys.append("body") }
        return keys
    }
}
