import Foundation
internal import FrontMatter

/// Whether an edit changed only the lines of the keys it meant to change.
///
/// The lines of those keys' entries are left out of the file before and after; what remains
/// must be the same bytes, line breaks, byte order mark and body included. The lines of the
/// changed keys must end with the file's line break. Values of the other keys are compared too,
/// for front matter that writes several keys on one line (`{"title": …, "rating": …}`).
enum ByteCheck {
    /// What is wrong with `after`, or `nil` when only the lines of `keys` changed.
    static func problem(before: [UInt8], after: [UInt8], keys: Set<String>) -> (category: String, detail: String)? {
        guard let old = try? FrontMatterDocument(bytes: before) else {
            return ("edited a file that does not parse", "")
        }
        let new: FrontMatterDocument
        do { new = try FrontMatterDocument(bytes: after) } catch {
            return ("the written file does not parse", "\(error)")
        }
        // Keys written in one `{…}` mapping share lines: compare the bytes without the changed
        // entries (each with one comma beside it) instead of lines.
        if old.fields.isFlow || new.fields.isFlow {
            let oldRest = withoutEntries(of: keys, in: before, old), newRest = withoutEntries(of: keys, in: after, new)
            if oldRest != newRest {
                let first = zip(oldRest, newRest).prefix { $0 == $1 }.count
                return ("bytes outside the changed keys differ",
                        "in a {…} mapping at byte \(first): \(show(oldRest.dropFirst(first).prefix(60))) became \(show(newRest.dropFirst(first).prefix(60)))")
            }
            return valueProblem(old, new, keys: keys)
        }
        let oldLines = Lines(before), newLines = Lines(after)
        let oldChanged = oldLines.indices(ofEntries: old.fields.entries, keys: keys)
        let newChanged = newLines.indices(ofEntries: new.fields.entries, keys: keys)
        let oldKept = oldLines.lines.indices.filter { !oldChanged.contains($0) }
        let newKept = newLines.lines.indices.filter { !newChanged.contains($0) }
        for (oldIndex, newIndex) in zip(oldKept, newKept) where oldLines.lines[oldIndex] != newLines.lines[newIndex] {
            return ("bytes outside the changed keys differ",
                    "line \(oldIndex + 1) \(show(oldLines.lines[oldIndex])) became line \(newIndex + 1) \(show(newLines.lines[newIndex]))")
        }
        if oldKept.count != newKept.count {
            let extra = oldKept.count > newKept.count
                ? "line \(oldKept[newKept.count] + 1) \(show(oldLines.lines[oldKept[newKept.count]])) was removed"
                : "line \(newKept[oldKept.count] + 1) \(show(newLines.lines[newKept[oldKept.count]])) was added"
            return ("bytes outside the changed keys differ", extra)
        }
        // A line the edit wrote ends like the file's lines; in a file of mixed endings, like the
        // first line or like one of the lines it replaces.
        var breaks: Set<[UInt8]> = [old.lineBreakBytes]
        for index in oldChanged { breaks.insert(oldLines.lineBreak(at: index)) }
        let oldChangedLines = Set(oldChanged.map { oldLines.lines[$0] })
        for index in newChanged.sorted() where !oldChangedLines.contains(newLines.lines[index]) {
            let lineBreak = newLines.lineBreak(at: index)
            if !lineBreak.isEmpty, !breaks.contains(lineBreak) {
                return ("a changed key's line ends with another line break",
                        "line \(index + 1) \(show(newLines.lines[index])) in a file of \(show(old.lineBreakBytes)) lines")
            }
        }
        return valueProblem(old, new, keys: keys)
    }

    /// A key other than `keys` whose value changed, was removed or was added.
    private static func valueProblem(_ old: FrontMatterDocument, _ new: FrontMatterDocument,
                                     keys: Set<String>) -> (category: String, detail: String)? {
        for entry in old.fields.entries where !keys.contains(entry.key) {
            guard let value = new.fields[entry.key]?.value else {
                return ("a key that was not changed is gone", entry.key)
            }
            if value != entry.value.value {
                return ("a key that was not changed has another value", "\(entry.key): \(entry.value.value) became \(value)")
            }
        }
        for entry in new.fields.entries where !keys.contains(entry.key) && old.fields.entry(entry.key) == nil {
            return ("a key was added that was not changed", entry.key)
        }
        return nil
    }

    /// Bytes as they would be quoted in a message, line breaks and the byte order mark visible.
    /// `bytes` without the entries of `keys` of a flow mapping, each taking the comma after it
    /// (or, for the last, the one before it) and the blanks around that comma.
    static func withoutEntries(of keys: Set<String>, in bytes: [UInt8], _ document: FrontMatterDocument) -> [UInt8] {
        func isBlank(_ byte: UInt8) -> Bool { byte == 32 || byte == 9 || byte == 10 || byte == 13 }
        var result = bytes
        let entries = document.fields.entries.filter { keys.contains($0.key) }
            .sorted { $0.keySpan.start.offset > $1.keySpan.start.offset }
        for entry in entries {
            var start = entry.keySpan.start.offset
            if start > 0, result[start - 1] == UInt8(ascii: "\"") { start -= 1 }
            var end = max(entry.value.span.end.offset, entry.keySpan.end.offset)
            while end < result.count, isBlank(result[end]) { end += 1 }
            if end < result.count, result[end] == UInt8(ascii: ",") {
                end += 1
                while end < result.count, isBlank(result[end]) { end += 1 }
            } else {
                while start > 0, isBlank(result[start - 1]) { start -= 1 }
                if start > 0, result[start - 1] == UInt8(ascii: ",") { start -= 1 }
            }
            result.removeSubrange(start..<min(end, result.count))
        }
        return result
    }

    static func show(_ bytes: some Collection<UInt8>) -> String {
        var text = String(decoding: bytes.prefix(120), as: UTF8.self)
        text = text.replacingOccurrences(of: "\u{FEFF}", with: "<BOM>")
            .replacingOccurrences(of: "\r", with: "\\r").replacingOccurrences(of: "\n", with: "\\n")
        return "«" + text + (bytes.count > 120 ? "…" : "") + "»"
    }
}

/// A file's lines, each with its line break (`\n` or `\r\n`; the last may have none).
struct Lines {
    let lines: [ArraySlice<UInt8>]
    let starts: [Int]

    init(_ bytes: [UInt8]) {
        var lines: [ArraySlice<UInt8>] = [], starts: [Int] = []
        var start = 0
        for (index, byte) in bytes.enumerated() where byte == newline {
            lines.append(bytes[start...index])
            starts.append(start)
            start = index + 1
        }
        if start < bytes.count {
            lines.append(bytes[start...])
            starts.append(start)
        }
        self.lines = lines
        self.starts = starts
    }

    /// The 0-based line holding the byte at `offset`.
    func index(ofOffset offset: Int) -> Int {
        var low = 0, high = starts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if starts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return low
    }

    /// The lines of the entries of `keys`, from the key's line to the line of the value's last byte.
    func indices(ofEntries entries: [YAMLMapping.Entry], keys: Set<String>) -> Set<Int> {
        var result: Set<Int> = []
        guard !lines.isEmpty else { return result }
        for entry in entries where keys.contains(entry.key) {
            let first = index(ofOffset: entry.keySpan.start.offset)
            let lastByte = max(entry.keySpan.end.offset, entry.value.span.end.offset) - 1
            let last = max(first, index(ofOffset: max(lastByte, 0)))
            result.formUnion(first...last)
        }
        return result
    }

    /// The line break ending a line: `\r\n`, `\n`, or nothing for a last line without one.
    func lineBreak(at index: Int) -> [UInt8] {
        let line = lines[index]
        guard line.last == newline else { return [] }
        return line.count >= 2 && line[line.endIndex - 2] == carriageReturn ? [carriageReturn, newline] : [newline]
    }
}
