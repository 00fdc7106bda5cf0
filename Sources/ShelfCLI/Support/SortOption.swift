import ShelfKit

/// `--sort FIELD`: any front matter key or computed field; `-` before or after it sorts descending.
enum SortOption {
    static func key(_ text: String) -> String {
        var key = text
        if key.hasPrefix("-") { key.removeFirst() } else if key.hasSuffix("-") { key.removeLast() }
        return key
    }

    static func sort(_ text: String) -> BookSort {
        BookSort(key: key(text), descending: text.hasPrefix("-") || text.hasSuffix("-"))
    }

    /// Whether `key` is a field every book can be sorted by, set or not.
    static func isKnown(_ key: String) -> Bool {
        BookSort.Field(rawValue: key) != nil
            || ["id", "folder", "sessions", "progress", "read", "minutes", "year"].contains(key)
    }
}
