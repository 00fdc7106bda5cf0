/// Edits of front matter written as one flow mapping: `{"title": "Dune", "rating": 4}`,
/// `{title: Dune, rating: 4}`, on one line or spread over many.
///
/// A value is replaced in its own bytes; a new entry goes after the entry for `after` (or the
/// last entry) with the separator the file already uses between entries, `, ` or a comma, line
/// break and indentation; a removed entry takes exactly one comma with it. The checks of
/// every edit (see ``FrontMatterDocument/setValue(_:forKey:after:)``) apply as to block
/// mappings.
///
/// The mapping is *JSON-shaped* when every key is written in double quotes (`{}` included, so
/// a new key in an empty mapping is written as JSON too). Then every key and value an edit
/// writes is JSON — strings and dates in double quotes, lists as `[…]`, `null` — so a file
/// other tools read as JSON stays JSON. One double-quoted key among plain ones is YAML that
/// happens to quote a key, and gets YAML flow scalars.
extension FrontMatterDocument {
    /// Whether the front matter is one flow mapping whose keys are all double-quoted.
    var isJSONShaped: Bool {
        fields.isFlow && fields.entries.allSatisfy { entry in
            let start = entry.keySpan.start.offset
            return start < bytes.count && bytes[start] == UInt8(ascii: "\"")
        }
    }

    // MARK: - Setting

    func flowCandidates(key: String, value: YAMLValue, after: String?) throws(FrontMatterError) -> [[ByteSplice]] {
        let json = isJSONShaped
        let entry = fields.entry(key)
        var texts: [String] = []
        if json {
            guard let text = JSONValue(exactly: value)?.text(.flow) else {
                throw .unsupportedEdit(key: key, reason: "the front matter is JSON, which cannot write \(value)", location(ofKey: key))
            }
            texts = [text]
        } else {
            // A quoted value stays quoted the same way; a plain one is written plain when safe.
            let written = entry?.value.scalar?.style
            let style: ScalarStyle? = written == .singleQuoted || written == .doubleQuoted ? written : nil
            texts = [ScalarEmitter.inline(value, context: .flow, preferring: style),
                     ScalarEmitter.inline(value, context: .flow, preferring: .doubleQuoted)]
        }
        texts = texts.reduce(into: []) { unique, text in if !unique.contains(text) { unique.append(text) } }

        if let entry {
            var candidates: [[ByteSplice]] = []
            if case .sequence(let sequence) = entry.value, sequence.isFlow, case .list(let items) = value,
               let list = json ? flowList(items, reusing: sequence, write: { JSONValue(exactly: $0)?.text(.flow) }) : flowList(items, reusing: sequence) {
                candidates.append([ByteSplice(sequence.span.range, list)])
            }
            for text in texts { candidates += flowValueSplices(entry, text) }
            return candidates
        }
        let keyText = json ? JSONValue.string(key).text(.flow) : ScalarEmitter.scalar(key, context: .flow, preferring: nil)
        let pairs = texts.map { keyText + flowKeyValueSeparator + $0 }
        guard let anchor = after.flatMap({ fields.entry($0) }) ?? fields.entries.last else {
            return try emptyFlowMappingAdditions(pairs, key: key)
        }
        let position = flowEntryEnd(anchor)
        return pairs.map { [ByteSplice(position..<position, flowEntrySeparator + $0)] }
    }

    /// Ways to put `text` in place of an entry's value. A value written as nothing (`{a: , b}`,
    /// `{a, b}`) has no bytes: the text goes after its colon, or after the key with a colon.
    private func flowValueSplices(_ entry: YAMLMapping.Entry, _ text: String) -> [[ByteSplice]] {
        let range = entry.value.span.range
        guard range.isEmpty else { return [[ByteSplice(range, text)]] }
        var candidates: [[ByteSplice]] = []
        var index = range.lowerBound
        while index > entry.keySpan.end.offset, [32, 9, 13, 10].contains(bytes[index - 1]) { index -= 1 }
        if index > entry.keySpan.end.offset, bytes[index - 1] == UInt8(ascii: ":") {
            if index < bytes.count, bytes[index] == UInt8(ascii: " ") {
                candidates.append([ByteSplice(index + 1..<index + 1, text)])
            } else {
                candidates.append([ByteSplice(index..<index, " " + text)])
            }
        }
        let keyEnd = entry.keySpan.end.offset
        candidates.append([ByteSplice(keyEnd..<keyEnd, flowKeyValueSeparator + text)])
        return candidates
    }

    /// `{}`, `{ }` or `{` and `}` on lines of their own: the first entry goes right after the
    /// brace, on a line of its own indented by two spaces in the last case.
    private func emptyFlowMappingAdditions(_ pairs: [String], key: String) throws(FrontMatterError) -> [[ByteSplice]] {
        let open = fields.span.start.offset, close = fields.span.end.offset - 1
        guard open < close, close < bytes.count, bytes[open] == UInt8(ascii: "{"), bytes[close] == UInt8(ascii: "}") else {
            throw .unsupportedEdit(key: key, reason: "the front matter's {…} mapping was not found", location(ofKey: key))
        }
        let multiLine = bytes[open..<close].contains(UInt8(ascii: "\n"))
        return pairs.map { [ByteSplice(open + 1..<open + 1, multiLine ? lineBreak + "  " + $0 : $0)] }
    }

    /// What the file writes between a key and its value: `": "`, or `":"` in compact JSON.
    private var flowKeyValueSeparator: String {
        guard let first = fields.entries.first, first.value.span.start.offset > first.keySpan.end.offset else { return ": " }
        let gap = bytes[first.keySpan.end.offset..<first.value.span.start.offset]
        let colon = gap.split(separator: UInt8(ascii: ":"), omittingEmptySubsequences: false)
        guard colon.count == 2, colon.allSatisfy({ $0.allSatisfy { $0 == UInt8(ascii: " ") } }) else { return ": " }
        // A plain key needs a space after its colon; a quoted one, as in JSON, does not.
        guard !colon[1].isEmpty || bytes[first.keySpan.start.offset] == UInt8(ascii: "\"") else { return ": " }
        return String(decoding: gap, as: UTF8.self)
    }

    /// What the file writes between entries: the first gap between two entries that is one
    /// comma among spaces and line breaks (`, `, `,`, `,\n  `); else, when the first entry stands
    /// on a line of its own, a comma, a line break and that line's indentation; else `, `.
    private var flowEntrySeparator: String {
        let entries = fields.entries
        let blank: [UInt8] = [32, 9, 13, 10]
        for (previous, next) in zip(entries, entries.dropFirst()) {
            let end = flowEntryEnd(previous), start = next.keySpan.start.offset
            guard end <= start else { continue }
            let gap = bytes[end..<start]
            if gap.filter({ $0 == UInt8(ascii: ",") }).count == 1, gap.allSatisfy({ $0 == UInt8(ascii: ",") || blank.contains($0) }) {
                return String(decoding: gap, as: UTF8.self)
            }
        }
        if let first = entries.first, let indent = ownLineIndentation(of: first) {
            return "," + lineBreak + String(decoding: indent, as: UTF8.self)
        }
        return ", "
    }

    /// The spaces before an entry's key when the key starts a line after the mapping's `{`.
    private func ownLineIndentation(of entry: YAMLMapping.Entry) -> ArraySlice<UInt8>? {
        let keyStart = entry.keySpan.start.offset
        let start = lineStart(of: keyStart)
        guard start > fields.span.start.offset else { return nil }
        let indent = bytes[start..<keyStart]
        return indent.allSatisfy { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") } ? indent : nil
    }

    /// One past an entry's last byte: its value's, or its key's when the value is written as nothing.
    private func flowEntryEnd(_ entry: YAMLMapping.Entry) -> Int {
        max(entry.value.span.end.offset, entry.keySpan.end.offset)
    }

    // MARK: - Removing

    /// The bytes of an entry and exactly one comma next to it: the one after it, or for the last
    /// entry the one before it (so a trailing comma stays a trailing comma). An entry with a line
    /// of its own goes with its whole line, so no blank line is left.
    func flowRemoval(of entry: YAMLMapping.Entry) throws(FrontMatterError) -> [ByteSplice] {
        let entries = fields.entries
        guard let position = entries.firstIndex(where: { $0.key == entry.key }) else { return [] }
        let keyStart = entry.keySpan.start.offset
        let end = flowEntryEnd(entry)
        let ownLine = ownLineIndentation(of: entry) != nil
        let lineBegin = lineStart(of: keyStart)
        let followingComma = comma(after: end)
        func refused() -> FrontMatterError {
            .unsupportedEdit(key: entry.key, reason: "its separating comma was not found", location(ofKey: entry.key))
        }

        if position + 1 < entries.count {
            guard let comma = followingComma else { throw refused() }
            if ownLine, isOnLine(comma, of: end), lineIsEmpty(after: comma + 1) {
                return [ByteSplice(lineBegin..<lineEnd(from: comma + 1), [])]
            }
            var stop = comma + 1
            while stop < bytes.count, bytes[stop] == UInt8(ascii: " ") || bytes[stop] == UInt8(ascii: "\t") { stop += 1 }
            return [ByteSplice(keyStart..<stop, [])]
        }
        if position > 0 {
            guard let previousComma = comma(after: flowEntryEnd(entries[position - 1])) else { throw refused() }
            if ownLine {
                if let trailing = followingComma, isOnLine(trailing, of: end), lineIsEmpty(after: trailing + 1) {
                    return [ByteSplice(lineBegin..<lineEnd(from: trailing + 1), [])]
                }
                if followingComma == nil, lineIsEmpty(after: end) {
                    return [ByteSplice(previousComma..<previousComma + 1, []), ByteSplice(lineBegin..<lineEnd(from: end), [])]
                }
            }
            return [ByteSplice(previousComma..<end, [])]
        }
        let stop = followingComma.map { $0 + 1 } ?? end
        if ownLine, lineIsEmpty(after: stop), isOnLine(stop, of: end) {
            return [ByteSplice(lineBegin..<lineEnd(from: stop), [])]
        }
        return [ByteSplice(keyStart..<stop, [])]
    }

    /// The comma that follows `offset` past spaces and line breaks, if one does.
    private func comma(after offset: Int) -> Int? {
        var index = offset
        while index < bytes.count, [32, 9, 13, 10].contains(bytes[index]) { index += 1 }
        return index < bytes.count && bytes[index] == UInt8(ascii: ",") ? index : nil
    }

    /// Whether no line break stands between `start` and `offset`.
    private func isOnLine(_ offset: Int, of start: Int) -> Bool {
        !bytes[min(start, offset)..<max(start, offset)].contains(UInt8(ascii: "\n"))
    }
}
