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
        // JSON has no dates: in a JSON-shaped mapping a day is written, and reads back, as text.
        let expected = isJSONShaped ? value.daysAsText : value
        if let current = fields[key], current.value.isSameValue(as: value) || current.value.isSameValue(as: expected) {
            return
        }
        let candidates: [[ByteSplice]]
        if fields.isFlow {
            candidates = try flowCandidates(key: key, value: value, after: after)
        } else if let entry = fields.entry(key) {
            candidates = replacementCandidates(for: entry, with: value)
        } else {
            candidates = try additionCandidates(key: key, value: value, after: after)
        }
        try apply(firstValidOf: candidates, key: key) { fields in
            fields[key].map { $0.value.isSameValue(as: expected) } ?? false
        }
    }

    /// Removes a top-level key with all its lines, and comment lines indented under it.
    /// - Returns: Whether the key was there.
    @discardableResult
    public mutating func removeValue(forKey key: String) throws(FrontMatterError) -> Bool {
        guard let entry = fields.entry(key) else { return false }
        let splices: [ByteSplice]
        if fields.isFlow {
            splices = try flowRemoval(of: entry)
        } else {
            splices = [ByteSplice(try entryExtent(entry, key: key, includingOwnComments: true), [])]
        }
        try apply(firstValidOf: [splices], key: key) { fields in fields[key] == nil }
        return true
    }

    // MARK: - Trying candidates

    mutating func apply(firstValidOf candidates: [[ByteSplice]], key: String,
                                isIntended: (YAMLMapping) -> Bool) throws(FrontMatterError) {
        if duplicateKeys.contains(where: { if case .duplicateKey(key, _, _) = $0 { true } else { false } }) {
            throw .unsupportedEdit(key: key, reason: "is written twice in this front matter; remove one of the two first",
                                   location(ofKey: key))
        }
        for splices in candidates {
            let edited = ByteSplice.apply(splices, to: bytes)
            let reparsed = layout.isWholeFile
                ? try? FrontMatterDocument(yamlBytes: edited, path: path)
                : keepsLastDuplicate ? try? FrontMatterDocument(lenientBytes: edited, path: path)
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
            if let list = flowList(items, reusing: sequence) { candidates.append([ByteSplice(sequence.span.range, list)]) }
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
        case .string(let string) where string.utf8.contains(UInt8(ascii: "\n")):
            if let block = ScalarEmitter.literalBlock(string, indent: keyIndent + 2, lineBreak: lineBreak),
               lineIsEmpty(after: range.upperBound) {
                candidates.append(replacing(with: String(decoding: withoutFinalLineBreak(block), as: UTF8.self)))
            }
        case .list(let items) where !items.isEmpty && prefersBlockLists:
            if let block = blockItems(items, prefix: blockItemPrefix) {
                let lineEnd = lineContentEnd(from: range.upperBound)
                let lines = layout.lineBreak + withoutFinalLineBreak(block)
                candidates.append([ByteSplice(range.lowerBound..<range.upperBound, ""), ByteSplice(lineEnd..<lineEnd, lines)])
                if range.lowerBound > 0, bytes[range.lowerBound - 1] == UInt8(ascii: " ") {
                    candidates.insert([ByteSplice(range.lowerBound - 1..<range.upperBound, ""), ByteSplice(lineEnd..<lineEnd, lines)],
                                      at: 0)
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

    /// A flow list written anew, reusing the exact text of items that stay; new items are
    /// written by `write`, and `nil` from it leaves the list unwritten.
    func flowList(_ items: [YAMLValue], reusing sequence: YAMLSequence,
                  write: (YAMLValue) -> String? = { ScalarEmitter.inline($0, context: .flow, preferring: nil) }) -> String? {
        var unused = sequence.items
        var parts: [String] = []
        for item in items {
            if let index = unused.firstIndex(where: { $0.value.isSameValue(as: item) }) {
                let old = unused.remove(at: index)
                parts.append(String(decoding: bytes[old.span.range], as: UTF8.self))
            } else {
                guard let part = write(item) else { return nil }
                parts.append(part)
            }
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
    /// or failing that on one line. An explicit key (`? key`) keeps its lines, and the value
    /// goes on a `: value` line under them.
    private func entryRewrites(_ entry: YAMLMapping.Entry, with value: YAMLValue) throws(FrontMatterError) -> [[ByteSplice]] {
        let extent = try entryExtent(entry, key: entry.key, includingOwnComments: false)
        let indent = indentation(ofLineAt: extent.lowerBound)
        let spaces = String(repeating: " ", count: indent)
        let head: String
        if explicitKeyIndicator(of: entry) != nil {
            head = String(decoding: bytes[extent.lowerBound..<entry.keySpan.end.offset], as: UTF8.self) + lineBreak + spaces + ":"
        } else {
            head = spaces + String(decoding: bytes[entry.keySpan.range], as: UTF8.self) + ":"
        }
        let inline = head + " " + ScalarEmitter.inline(value, context: .block, preferring: .doubleQuoted) + lineBreak
        return [[ByteSplice(extent, entryLines(head: head, indent: indent, value: value))], [ByteSplice(extent, inline)]]
    }

    // MARK: - Adding a key

    private func additionCandidates(key: String, value: YAMLValue, after: String?) throws(FrontMatterError) -> [[ByteSplice]] {
        let head = String(repeating: " ", count: keyIndent) + ScalarEmitter.key(key) + ":"
        let lines = entryLines(head: head, indent: keyIndent, value: value)
        let inline = head + " " + ScalarEmitter.inline(value, context: .block, preferring: .doubleQuoted) + lineBreak
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
    /// - Parameters:
    ///   - head: The entry up to its value's colon, `key:`.
    ///   - indent: The indentation of the entry's first line, in spaces.
    private func entryLines(head: String, indent: Int, value: YAMLValue) -> String {
        switch value {
        case .list(let items) where !items.isEmpty && prefersBlockLists:
            if let block = blockItems(items, prefix: String(repeating: " ", count: indent) + blockItemPrefix) {
                return head + lineBreak + block
            }
        case .string(let string) where string.utf8.contains(UInt8(ascii: "\n")):
            if let block = ScalarEmitter.literalBlock(string, indent: indent + 2, lineBreak: lineBreak) {
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

    /// The indentation of top-level keys (0 unless the whole front matter is indented): that of
    /// the first entry written as a `key: value` line. An explicit key (`? key`) does not count:
    /// its key stands after the `?`, a column its line's indentation is not. With no such
    /// entry, 0.
    private var keyIndent: Int {
        for entry in fields.entries {
            let keyStart = entry.keySpan.start.offset
            let start = lineStart(of: keyStart)
            guard bytes[start..<keyStart].allSatisfy({ $0 == UInt8(ascii: " ") }) else { continue }
            var index = entry.keySpan.end.offset
            while index < bytes.count, bytes[index] == UInt8(ascii: " ") { index += 1 }
            if index < bytes.count, bytes[index] == UInt8(ascii: ":") { return keyStart - start }
        }
        return 0
    }

    var lineBreak: String { String(decoding: layout.lineBreak, as: UTF8.self) }

    /// Text that ends with the file's line break, without it; cut in bytes, as a `Character`
    /// holds `\r\n` whole and counts it as one.
    private func withoutFinalLineBreak(_ text: String) -> [UInt8] {
        Array(text.utf8.dropLast(layout.lineBreak.count))
    }

    /// Whether the file writes lists as `- item` lines: true when its first list does.
    private var prefersBlockLists: Bool {
        firstSequence.map { !$0.isFlow } ?? false
    }

    /// How the file writes a block list item before the value, relative to its key: `"  - "` or `"- "`.
    private var blockItemPrefix: String {
        let space = UInt8(ascii: " "), dash = UInt8(ascii: "-")
        guard let sequence = firstSequence, !sequence.isFlow, let item = sequence.items.first else { return "  - " }
        let start = lineStart(of: item.span.start.offset)
        let prefix = bytes[start..<item.span.start.offset]
        // An item that shares its line with more than its dash (`: - a` under an explicit key)
        // shows no style to copy.
        guard prefix.contains(dash), prefix.allSatisfy({ $0 == space || $0 == dash }) else { return "  - " }
        let leadingSpaces = prefix.prefix { $0 == space }.count
        return String(decoding: prefix.dropFirst(min(keyIndent, leadingSpaces)), as: UTF8.self)
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
    /// An explicit key's extent starts at its `?` line.
    func entryExtent(_ entry: YAMLMapping.Entry, key: String, includingOwnComments: Bool) throws(FrontMatterError) -> Range<Int> {
        let keyStart = entry.keySpan.start.offset
        let start: Int
        if let indicator = explicitKeyIndicator(of: entry) {
            start = lineStart(of: indicator)
        } else {
            start = lineStart(of: keyStart)
            guard !fields.isFlow, bytes[start..<keyStart].allSatisfy({ $0 == UInt8(ascii: " ") }) else {
                throw .unsupportedEdit(key: key, reason: "it shares its line with other keys", location(ofKey: key))
            }
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
            let keyColumn = indentation(ofLineAt: start)
            while end < layout.yaml.upperBound {
                var index = end
                while index < layout.yaml.upperBound, bytes[index] == UInt8(ascii: " ") { index += 1 }
                guard index - end > keyColumn, index < layout.yaml.upperBound, bytes[index] == UInt8(ascii: "#") else { break }
                end = lineEnd(from: index)
            }
        }
        return start..<end
    }

    /// The `?` that makes an entry's key explicit (`? key` then `: value` lines), if it is:
    /// the first byte before the key that is not a space or line break, starting its line,
    /// and after the previous entry's value (so that `title: Why?` or a `?` line of a literal
    /// block is no indicator).
    private func explicitKeyIndicator(of entry: YAMLMapping.Entry) -> Int? {
        guard !fields.isFlow, let position = fields.entries.firstIndex(where: { $0.key == entry.key }) else { return nil }
        let keyStart = entry.keySpan.start.offset
        var index = keyStart
        while index > layout.yaml.lowerBound, [32, 9, 13, 10].contains(bytes[index - 1]) { index -= 1 }
        let indicator = index - 1
        guard index < keyStart, indicator >= layout.yaml.lowerBound, bytes[indicator] == UInt8(ascii: "?"),
              bytes[lineStart(of: indicator)..<indicator].allSatisfy({ $0 == UInt8(ascii: " ") }) else { return nil }
        if position > 0 {
            let previous = fields.entries[position - 1]
            guard indicator >= max(previous.value.span.end.offset, previous.keySpan.end.offset) else { return nil }
        }
        return indicator
    }

    /// The number of spaces that start the line beginning at `start`.
    private func indentation(ofLineAt start: Int) -> Int {
        var index = start
        while index < bytes.count, bytes[index] == UInt8(ascii: " ") { index += 1 }
        return index - start
    }

    func lineStart(of offset: Int) -> Int {
        var index = offset
        while index > 0, bytes[index - 1] != UInt8(ascii: "\n") { index -= 1 }
        return index
    }

    /// The offset just past the line break of the line holding `offset`.
    func lineEnd(from offset: Int) -> Int {
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
    func lineIsEmpty(after offset: Int) -> Bool {
        var index = offset
        while index < bytes.count, bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\t") { index += 1 }
        return index == bytes.count || bytes[index] == UInt8(ascii: "\n") || bytes[index] == UInt8(ascii: "\r")
            || bytes[index] == UInt8(ascii: "#")
    }
}
