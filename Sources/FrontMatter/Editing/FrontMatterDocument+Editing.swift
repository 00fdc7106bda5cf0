/// Edits that change only the bytes they must.
///
/// Each edit lists ways to write the change, the most faithful to the file's own style first.
/// The first whose result parses back with the new value — and with every other key, the key
/// order and the body unchanged — is taken. When none does, the document is left as it was
/// and the edit throws, so a broken write never reaches the disk.
extension FrontMatterDocument {
    /// Sets a top-level key, replacing its value in place or adding it.
    ///
    /// A new key goes after the entry for `after` when given and present, otherwise at the end
    /// of the front matter; a file without front matter gets a block.
    /// - Parameters:
    ///   - value: The new value.
    ///   - key: The top-level key.
    ///   - after: The key to place a new key after.
    /// - Throws: ``FrontMatterError/unsupportedEdit(key:reason:_:)`` when the change cannot
    ///   be written without rewriting text it does not own.
    public mutating func setValue(_ value: YAMLValue, forKey key: String, after: String? = nil) throws(FrontMatterError) {
        if let current = fields[key], current.value.isSameValue(as: value) { return }
        let candidates: [[ByteSplice]]
        if let entry = fields.entry(key) {
            candidates = replacementCandidates(for: entry, with: value)
        } else {
            candidates = try additionCandidates(key: key, value: value, after: after)
        }
        try apply(firstValidOf: candidates, key: key) { fields in
            fields[key].map { $0.value.isSameValue(as: value) } ?? false
        }
    }

    /// Removes a top-level key with all its lines, and comment lines indented under it.
    /// - Returns: Whether the key was there.
    @discardableResult
    public mutating func removeValue(forKey key: String) throws(FrontMatterError) -> Bool {
        guard let entry = fields.entry(key) else { return false }
        let extent = try entryExtent(entry, key: key, includingOwnComments: true)
        try apply(firstValidOf: [[ByteSplice(extent, [])]], key: key) { fields in fields[key] == nil }
        return true
    }

    // MARK: - Trying candidates

    private mutating func apply(firstValidOf candidates: [[ByteSplice]], key: String,
                                isIntended: (YAMLMapping) -> Bool) throws(FrontMatterError) {
        for splices in candidates {
            let edited = ByteSplice.apply(splices, to: bytes)
            let reparsed = layout.isWholeFile
                ? try? FrontMatterDocument(yamlBytes: edited, path: path)
                : try? FrontMatterDocument(bytes: edited, path: path)
            guard let document = reparsed,
                  isIntended(document.fields), keepsEverythingElse(document, except: key) else { continue }
            self = document
            return
        }
        throw .unsupportedEdit(key: key, reason: "the new value would not read back as written", location(ofKey: key))
    }

    private func keepsEverythingElse(_ edited: FrontMatterDocument, except key: String) -> Bool {
        let before = fields.entries.filter { $0.key != key }
        let after = edited.fields.entries.filter { $0.key != key }
        guard before.count == after.count else { return false }
        for (old, new) in zip(before, after) where old.key != new.key || !old.value.value.isSameValue(as: new.value.value) {
            return false
        }
        return bytes[layout.bodyStart...].elementsEqual(edited.bytes[edited.layout.bodyStart...])
    }

    // MARK: - Replacing a present key

    private func replacementCandidates(for entry: YAMLMapping.Entry, with value: YAMLValue) -> [[ByteSplice]] {
        var candidates: [[ByteSplice]] = []
        let node = entry.value
        switch (node, value) {
        case (.scalar(let scalar), _) where scalar.span.start.line == scalar.span.end.line:
            candidates += inlineScalarCandidates(scalar, with: value)
        case (.sequence(let sequence), .list(let items)) where sequence.isFlow:
            candidates.append([ByteSplice(sequence.span.range, flowList(items, reusing: sequence))])
        case (.sequence(let sequence), .list(let items)) where !items.isEmpty:
            if let splices = blockListSplices(sequence, to: items) { candidates.append(splices) }
        default:
            break
        }
        if let rewrites = try? entryRewrites(entry, with: value) { candidates += rewrites }
        return candidates
    }

    /// A scalar on one line: replace its bytes, keeping its quoting style when the value is text.
    private func inlineScalarCandidates(_ scalar: YAMLScalar, with value: YAMLValue) -> [[ByteSplice]] {
        let range = scalar.span.range
        func replacing(with text: String) -> [ByteSplice] {
            guard range.isEmpty else { return [ByteSplice(range, text)] }
            // An empty value (`key:`) has no bytes; write after the colon, reusing a space there.
            if range.lowerBound < bytes.count, bytes[range.lowerBound] == UInt8(ascii: " ") {
                return [ByteSplice(range.lowerBound + 1..<range.lowerBound + 1, text)]
            }
            return [ByteSplice(range, " " + text)]
        }
        var candidates: [[ByteSplice]] = []
        switch value {
        case .string(let string) where string.contains("\n"):
            if let block = ScalarEmitter.literalBlock(string, indent: keyIndent + 2, lineBreak: lineBreak),
               lineIsEmpty(after: range.upperBound) {
                candidates.append(replacing(with: String(block.dropLast(lineBreak.count))))
            }
        case .list(let items) where !items.isEmpty && prefersBlockLists:
            if let block = blockItems(items, prefix: blockItemPrefix) {
                let lineEnd = lineContentEnd(from: range.upperBound)
                candidates.append([ByteSplice(range.lowerBound..<range.upperBound, ""),
                                   ByteSplice(lineEnd..<lineEnd, lineBreak + block.dropLast(lineBreak.count))])
                if range.lowerBound > 0, bytes[range.lowerBound - 1] == UInt8(ascii: " ") {
                    candidates.insert([ByteSplice(range.lowerBound - 1..<range.upperBound, ""),
                                       ByteSplice(lineEnd..<lineEnd, lineBreak + block.dropLast(lineBreak.count))], at: 0)
                }
            }
        default:
            break
        }
        let style: ScalarStyle? = scalar.style == .plain ? nil : scalar.style
        candidates.append(replacing(with: ScalarEmitter.inline(value, context: .block, preferring: style)))
        candidates.append(replacing(with: ScalarEmitter.inline(value, context: .block, preferring: .doubleQuoted)))
        return candidates
    }

    /// A flow list written anew, reusing the exact text of items that stay.
    private func flowList(_ items: [YAMLValue], reusing sequence: YAMLSequence) -> String {
        var unused = sequence.items
        let parts = items.map { item -> String in
            if let index = unused.firstIndex(where: { $0.value.isSameValue(as: item) }) {
                let old = unused.remove(at: index)
                return String(decoding: bytes[old.span.range], as: UTF8.self)
            }
            return ScalarEmitter.inline(item, context: .flow, preferring: nil)
        }
        return "[" + parts.joined(separator: ", ") + "]"
    }

    /// A block list edited line by line: items that stay keep their lines (and comments),
    /// removed items lose theirs, new items get lines shaped like the first item's.
    private func blockListSplices(_ sequence: YAMLSequence, to items: [YAMLValue]) -> [ByteSplice]? {
        struct ItemLines {
            var lines: Range<Int>
            var value: YAMLValue
        }
        var old: [ItemLines] = []
        for item in sequence.items {
            guard case .scalar(let scalar) = item, scalar.span.start.line == scalar.span.end.line else { return nil }
            let start = lineStart(of: scalar.span.start.offset)
            let prefix = bytes[start..<scalar.span.start.offset]
            guard prefix.contains(UInt8(ascii: "-")), lineIsEmpty(after: scalar.span.end.offset) else { return nil }
            old.append(ItemLines(lines: start..<lineEnd(from: scalar.span.end.offset), value: scalar.value))
        }
        guard let first = sequence.items.first else { return nil }
        let prefix = String(decoding: bytes[old[0].lines.lowerBound..<first.span.start.offset], as: UTF8.self)

        // Longest common subsequence of old and new values.
        let n = old.count, m = items.count
        var table = Array(repeating: Array(repeating: 0, count: m + 1), count: n + 1)
        for i in stride(from: n - 1, through: 0, by: -1) {
            for j in stride(from: m - 1, through: 0, by: -1) {
                table[i][j] = old[i].value.isSameValue(as: items[j])
                    ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
            }
        }
        var splices: [ByteSplice] = []
        var pending = ""
        var insertionPoint = old[0].lines.lowerBound
        func flush() {
            guard !pending.isEmpty else { return }
            splices.append(ByteSplice(insertionPoint..<insertionPoint, pending))
            pending = ""
        }
        var i = 0, j = 0
        while i < n || j < m {
            if i < n, j < m, old[i].value.isSameValue(as: items[j]) {
                flush()
                insertionPoint = old[i].lines.upperBound
                i += 1
                j += 1
            } else if j < m, i == n || table[i][j + 1] >= table[i + 1][j] {
                pending += prefix + ScalarEmitter.inline(items[j], context: .block, preferring: nil) + lineBreak
                j += 1
            } else {
                flush()
                splices.append(ByteSplice(old[i].lines, []))
                insertionPoint = old[i].lines.upperBound
                i += 1
            }
        }
        flush()
        return splices
    }

    /// The whole entry written anew: its key as written, then the value in the file's style,
    /// or failing that on one line.
    private func entryRewrites(_ entry: YAMLMapping.Entry, with value: YAMLValue) throws(FrontMatterError) -> [[ByteSplice]] {
        let extent = try entryExtent(entry, key: entry.key, includingOwnComments: false)
        let indent = String(decoding: bytes[extent.lowerBound..<entry.keySpan.start.offset], as: UTF8.self)
        let keyText = String(decoding: bytes[entry.keySpan.range], as: UTF8.self)
        let inline = indent + keyText + ": " + ScalarEmitter.inline(value, context: .block, preferring: .doubleQuoted) + lineBreak
        return [[ByteSplice(extent, entryLines(keyText: keyText, indent: indent, value: value))], [ByteSplice(extent, inline)]]
    }

    // MARK: - Adding a key

    private func additionCandidates(key: String, value: YAMLValue, after: String?) throws(FrontMatterError) -> [[ByteSplice]] {
        guard !fields.isFlow else {
            throw .unsupportedEdit(key: key, reason: "the front matter is written as one {…} mapping", location(ofKey: key))
        }
        let indent = String(repeating: " ", count: keyIndent)
        let lines = entryLines(keyText: ScalarEmitter.key(key), indent: indent, value: value)
        let inline = indent + ScalarEmitter.key(key) + ": "
            + ScalarEmitter.inline(value, context: .block, preferring: .doubleQuoted) + lineBreak
        guard layout.hasFrontMatter else {
            let delimiter = "---" + lineBreak
            return [lines, inline].map { [ByteSplice(layout.bomLength..<layout.bomLength, delimiter + $0 + delimiter)] }
        }
        var position = layout.yaml.upperBound
        if let after, let entry = fields.entry(after) {
            position = try entryExtent(entry, key: after, includingOwnComments: true).upperBound
        }
        return [lines, inline].map { [ByteSplice(position..<position, $0)] }
    }

    /// `key: value` lines, block lists and literal text where the file prefers them.
    private func entryLines(keyText: String, indent: String, value: YAMLValue) -> String {
        let head = indent + keyText + ":"
        switch value {
        case .list(let items) where !items.isEmpty && prefersBlockLists:
            if let block = blockItems(items, prefix: String(repeating: " ", count: indent.count) + blockItemPrefix) {
                return head + lineBreak + block
            }
        case .string(let string) where string.contains("\n"):
            if let block = ScalarEmitter.literalBlock(string, indent: indent.count + 2, lineBreak: lineBreak) {
                return head + " " + block
            }
        default:
            break
        }
        return head + " " + ScalarEmitter.inline(value, context: .block, preferring: nil) + lineBreak
    }

    private func blockItems(_ items: [YAMLValue], prefix: String) -> String? {
        var result = ""
        for item in items {
            if case .list = item { return nil }
            if case .mapping = item { return nil }
            result += prefix + ScalarEmitter.inline(item, context: .block, preferring: nil) + lineBreak
        }
        return result
    }

    // MARK: - The file's own style

    /// The indentation of top-level keys (0 unless the whole front matter is indented).
    private var keyIndent: Int {
        guard let first = fields.entries.first else { return 0 }
        return first.keySpan.start.column - 1
    }

    private var lineBreak: String { String(decoding: layout.lineBreak, as: UTF8.self) }

    /// Whether the file writes lists as `- item` lines: true when its first list does.
    private var prefersBlockLists: Bool {
        firstSequence.map { !$0.isFlow } ?? false
    }

    /// How the file writes a block list item before the value, relative to its key: `"  - "` or `"- "`.
    private var blockItemPrefix: String {
        guard let sequence = firstSequence, !sequence.isFlow, let item = sequence.items.first else { return "  - " }
        let start = lineStart(of: item.span.start.offset)
        let prefix = String(decoding: bytes[start..<item.span.start.offset], as: UTF8.self)
        return String(prefix.dropFirst(min(keyIndent, prefix.count)))
    }

    private var firstSequence: YAMLSequence? {
        for entry in fields.entries {
            if case .sequence(let sequence) = entry.value { return sequence }
        }
        return nil
    }

    // MARK: - Lines

    /// The bytes of an entry: from its key line to the end of its value's last line, and
    /// optionally the comment lines right after it that are indented deeper than its key.
    private func entryExtent(_ entry: YAMLMapping.Entry, key: String, includingOwnComments: Bool) throws(FrontMatterError) -> Range<Int> {
        let keyStart = entry.keySpan.start.offset
        let start = lineStart(of: keyStart)
        guard !fields.isFlow, bytes[start..<keyStart].allSatisfy({ $0 == UInt8(ascii: " ") }) else {
            throw .unsupportedEdit(key: key, reason: "it shares its line with other keys", location(ofKey: key))
        }
        let valueEnd = max(entry.value.span.end.offset, entry.keySpan.end.offset)
        var end: Int
        if valueEnd > keyStart, bytes[valueEnd - 1] == UInt8(ascii: "\n") {
            end = valueEnd
            // A block scalar's span runs over the blank lines after it; they separate, not belong.
            while end > entry.keySpan.end.offset {
                let previousLine = lineStart(of: end - 1)
                guard bytes[previousLine..<end].allSatisfy({ $0 == 32 || $0 == 13 || $0 == 10 }),
                      previousLine > lineStart(of: keyStart) else { break }
                end = previousLine
            }
        } else {
            guard lineIsEmpty(after: valueEnd) else {
                throw .unsupportedEdit(key: key, reason: "it shares its line with other keys", location(ofKey: key))
            }
            end = lineEnd(from: valueEnd)
        }
        if includingOwnComments {
            let keyColumn = keyStart - start
            while end < layout.yaml.upperBound {
                var index = end
                while index < layout.yaml.upperBound, bytes[index] == UInt8(ascii: " ") { index += 1 }
                guard index - end > keyColumn, index < layout.yaml.upperBound, bytes[index] == UInt8(ascii: "#") else { break }
                end = lineEnd(from: index)
            }
        }
        return start..<end
    }

    private func lineStart(of offset: Int) -> Int {
        var index = offset
        while index > 0, bytes[index - 1] != UInt8(ascii: "\n") { index -= 1 }
        return index
    }

    /// The offset just past the line break of the line holding `offset`.
    private func lineEnd(from offset: Int) -> Int {
        var index = offset
        while index < bytes.count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
        return min(index + 1, bytes.count)
    }

    /// The offset of the line break (`\r\n` or `\n`) ending the line holding `offset`.
    private func lineContentEnd(from offset: Int) -> Int {
        var index = offset
        while index < bytes.count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
        if index > offset, bytes[index - 1] == UInt8(ascii: "\r") { index -= 1 }
        return index
    }

    /// Whether only spaces and a comment follow `offset` on its line.
    private func lineIsEmpty(after offset: Int) -> Bool {
        var index = offset
        while index < bytes.count, bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\t") { index += 1 }
        return index == bytes.count || bytes[index] == UInt8(ascii: "\n") || bytes[index] == UInt8(ascii: "\r")
            || bytes[index] == UInt8(ascii: "#")
    }
}
