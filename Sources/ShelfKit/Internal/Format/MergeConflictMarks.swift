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

    /// One problem per conflicted key and per conflict in the body. A conflicted key's problem
    /// carries ``Problem/KeptSide`` (package access), so a program can offer a way to keep our
    /// side; the message itself names no program's command.
    /// - Parameter place: Whose key it is: a book's, or a session's own.
    static func problems(in document: FrontMatterDocument, path: String, place: Problem.KeptSide.Place) -> [Problem] {
        var problems: [Problem] = []
        for entry in document.fields.entries {
            guard case .mapping(let sides) = entry.value.value, FrontMatterMerge.isConflict(entry.value.value) else { continue }
            let ours = describe(sides[0].value), theirs = describe(sides[1].value)
            let location = document.location(ofKey: entry.key)
            var problem = Problem(path: path, line: location.line, column: location.column,
                                  message: Problem.KeptSide.message(key: entry.key, ours: ours, theirs: theirs, keeping: nil))
            // A session's custom keys have no option to set them.
            let settable: Bool
            if case .session = place { settable = SessionFormat.keys.contains(entry.key) } else { settable = true }
            if sides[0].value != .null, settable {
                problem.keptSide = Problem.KeptSide(place: place, key: entry.key, ours: ours, theirs: theirs,
                                                    value: sides[0].value.plainText())
            }
            problems.append(problem)
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
