import FrontMatter

/// What a merge left for a person to decide in a file: keys written as
/// `key: {ours: …, theirs: …}` by the merge driver, and the `<<<<<<<` lines of a body that
/// git merged line by line. `check` reports each with its line and column.
enum MergeConflictMarks {
    /// The top-level keys that hold a merge conflict.
    static func conflictedKeys(in document: FrontMatterDocument) -> Set<String> {
        Set(document.fields.entries.filter { FrontMatterMerge.isConflict($0.value.value) }.map(\.key))
    }

    /// `errors` without the type errors of conflicted keys, which ``problems(in:path:reference:)``
    /// reports as conflicts: a file with one still reads, its conflicted keys without a value.
    static func withoutConflictedKeys(_ errors: [ShelfError], in document: FrontMatterDocument) -> [ShelfError] {
        let conflicted = conflictedKeys(in: document)
        guard !conflicted.isEmpty else { return errors }
        return errors.filter { error in
            if case .invalidValue(_, let key, _, _, _) = error { return !conflicted.contains(key) }
            return true
        }
    }

    /// The command a conflict's message suggests to keep one side.
    enum Resolution {
        /// `shelf set SLUG key=value`, for a book.
        case set(slug: String)
        /// `shelf session edit SLUG NAME --key value`, for a session's own keys.
        case sessionEdit(slug: String, name: String)

        func command(key: String, value: String) -> String? {
            switch self {
            case .set(let slug): return "shelf set \(slug) \(key)=\(value)"
            case .sessionEdit(let slug, let name):
                return SessionFormat.keys.contains(key) ? "shelf session edit \(slug) \(name) --\(key) \(value)" : nil
            }
        }
    }

    /// One problem per conflicted key and per conflict in the body.
    /// - Parameter resolution: The command to suggest for keeping one side.
    static func problems(in document: FrontMatterDocument, path: String, resolution: Resolution) -> [Problem] {
        var problems: [Problem] = []
        for entry in document.fields.entries {
            guard case .mapping(let sides) = entry.value.value, FrontMatterMerge.isConflict(entry.value.value) else { continue }
            let ours = describe(sides[0].value), theirs = describe(sides[1].value)
            let location = document.location(ofKey: entry.key)
            var message = "merge conflict: \(entry.key) is \(ours) on our side and \(theirs) on theirs; keep one"
            if sides[0].value != .null, let command = resolution.command(key: entry.key, value: sides[0].value.plainText()) {
                message += " with `\(command)` or"
            }
            message += " by editing the line"
            problems.append(Problem(path: path, line: location.line, column: location.column, message: message))
        }
        for line in markerLines(in: document) {
            problems.append(Problem(path: path, line: line, column: 1,
                                    message: "merge conflict in the text: keep what you want between the <<<<<<<, ======= and >>>>>>> lines, then delete those lines"))
        }
        return problems
    }

    private static func describe(_ value: YAMLValue) -> String {
        value == .null ? "removed" : value.description
    }

    /// The line numbers of the body's `<<<<<<<` lines.
    private static func markerLines(in document: FrontMatterDocument) -> [Int] {
        let bytes = document.bytes
        let marker = Array("<<<<<<<".utf8)
        var lines: [Int] = []
        var line = document.bodyFirstLine
        var start = document.bodyRange.lowerBound
        while start < bytes.count {
            var end = start
            while end < bytes.count, bytes[end] != UInt8(ascii: "\n") { end += 1 }
            if end - start >= marker.count, bytes[start..<start + marker.count].elementsEqual(marker) {
                let next = start + marker.count
                if next == end || bytes[next] == UInt8(ascii: " ") || bytes[next] == UInt8(ascii: "\r") { lines.append(line) }
            }
            start = end + 1
            line += 1
        }
        return lines
    }
}
