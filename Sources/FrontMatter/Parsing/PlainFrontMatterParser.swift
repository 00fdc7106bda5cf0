/// Reads front matter written in the plain shapes most notes use, without libyaml, into the
/// very tree ``YAMLTreeParser`` builds from the same bytes: the same keys, texts, styles and
/// spans.
///
/// A library's first read parses every book's front matter; through libyaml's events that was
/// the largest part of the work (about 8.6 µs a book on one core). Nearly every note is a
/// column of one-line entries, so this reader takes that shape alone, byte by byte:
///
/// ```yaml
/// title: "Dune"          # a plain, 'single' or "double" quoted scalar on one line
/// authors:               # nothing: null, or a block list of one-line scalars below
///   - Frank Herbert
/// tags: [sf, 'classic']  # a flow list of one-line scalars
/// ```
///
/// Anything else gives `nil` and libyaml reads the block, which also says what is wrong: a
/// tab, a carriage return, a character YAML does not print, a quoted key, a key written twice,
/// a value over several lines, a block scalar (`|`, `>`), a nested mapping or list, an anchor,
/// a tag, a backslash in double quotes, a colon in a flow item, a `#` straight after a token.
/// Where this reader is unsure what libyaml would do, it declines: the answer has to be the
/// same tree or none. `FuzzCheck` compares the two readers on every input it makes, and
/// `PlainFrontMatterParserTests` on real notes and near misses.
struct PlainFrontMatterParser {
    let bytes: [UInt8]
    /// The YAML between the delimiter lines.
    let yaml: Range<Int>
    /// The 1-based line of the first YAML line.
    let firstLine: Int

    /// A line with content: not blank, not a comment alone.
    private struct Line {
        /// The first byte of the line.
        var start: Int
        /// The line break's offset, or the end of the YAML.
        var end: Int
        /// The 1-based line number in the file.
        var number: Int
        /// The spaces before its first character.
        var indent: Int
        /// The first character after the indentation.
        var content: Int { start + indent }
    }

    /// The front matter's mapping, or `nil` when the block is not in the plain shape (or holds
    /// no key at all).
    func parse() -> YAMLMapping? {
        guard !yaml.isEmpty, allCharactersArePlain(), let lines = contentLines(), !lines.isEmpty else { return nil }
        var entries: [YAMLMapping.Entry] = []
        entries.reserveCapacity(lines.count)
        var next = 0
        while next < lines.count {
            let line = lines[next]
            next += 1
            guard line.indent == 0, let (key, keySpan, colon) = key(of: line),
                  !entries.contains(where: { $0.key == key }) else { return nil }
            let valueStart = skippingSpaces(from: colon + 1, to: line.end)
            let value: YAMLNode
            if valueStart == line.end || bytes[valueStart] == hash {
                if next < lines.count, lines[next].indent > 0 || bytes[lines[next].content] == dash {
                    guard let (sequence, after) = blockSequence(lines, from: next) else { return nil }
                    value = .sequence(sequence)
                    next = after
                } else {
                    let empty = position(in: line, at: colon + 1)
                    value = .scalar(YAMLScalar(text: "", style: .plain, tag: nil, span: SourceSpan(start: empty, end: empty)))
                }
            } else {
                if bytes[valueStart] == openBracket {
                    guard let sequence = flowSequence(in: line, from: valueStart) else { return nil }
                    value = .sequence(sequence)
                } else {
                    guard let scalar = scalar(in: line, from: valueStart) else { return nil }
                    value = .scalar(scalar)
                }
                // A line indented below a one-line value continues it, or nests under it.
                if next < lines.count, lines[next].indent > 0 { return nil }
            }
            entries.append(YAMLMapping.Entry(key: key, keySpan: keySpan, value: value))
        }
        guard let first = entries.first, let last = entries.last else { return nil }
        return YAMLMapping(entries: entries, isFlow: false, span: SourceSpan(start: first.keySpan.start, end: last.value.span.end))
    }

    // MARK: - Lines

    /// The lines with content (not blank, not a comment alone), or `nil` when one is a
    /// document marker.
    private func contentLines() -> [Line]? {
        var lines: [Line] = []
        var start = yaml.lowerBound
        var number = firstLine
        while start < yaml.upperBound {
            var end = start
            while end < yaml.upperBound, bytes[end] != newline { end += 1 }
            let content = skippingSpaces(from: start, to: end)
            if content < end, bytes[content] != hash {
                // `---` or `...` at the margin is a document marker to libyaml: left to it. (A
                // `%` directive starts no key, so ``key(of:)`` declines it.)
                if content == start, end - start >= 3, bytes[start] == dot || bytes[start] == dash,
                   bytes[start + 1] == bytes[start], bytes[start + 2] == bytes[start] { return nil }
                lines.append(Line(start: start, end: end, number: number, indent: content - start))
            }
            start = end + 1
            number += 1
        }
        return lines
    }

    /// Whether every byte is one this reader takes: no tab, carriage return or other control
    /// character, none of the characters YAML counts as a line break or will not print
    /// (U+0080–U+009F, U+2028, U+2029, U+FEFF, U+FFFE, U+FFFF). The bytes are valid UTF-8.
    private func allCharactersArePlain() -> Bool {
        var index = yaml.lowerBound
        while index < yaml.upperBound {
            let byte = bytes[index]
            if byte < 0x20 {
                guard byte == newline else { return false }
            } else if byte == 0x7F {
                return false
            } else if byte == 0xC2 {
                guard index + 1 < yaml.upperBound, bytes[index + 1] >= 0xA0 else { return false }
            } else if byte == 0xE2 {
                if index + 2 < yaml.upperBound, bytes[index + 1] == 0x80, bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9 {
                    return false
                }
            } else if byte == 0xEF, index + 2 < yaml.upperBound {
                let second = bytes[index + 1], third = bytes[index + 2]
                if (second == 0xBB && third == 0xBF) || (second == 0xBF && (third == 0xBE || third == 0xBF)) { return false }
            }
            index += 1
        }
        return true
    }

    // MARK: - Keys and values

    /// The key of a line at the left margin, its span, and the offset of its colon: a plain
    /// scalar up to the first colon, which a space or the line's end must follow.
    private func key(of line: Line) -> (String, SourceSpan, Int)? {
        let start = line.start
        guard start < line.end, startsPlain(at: start, on: line, allowingDash: false) else { return nil }
        var colon = start
        while colon < line.end, bytes[colon] != colonByte {
            // ` #` would start a comment inside the key.
            if bytes[colon] == hash, bytes[colon - 1] == space { return nil }
            colon += 1
        }
        // A colon inside the key (`a:b: c`) or a space before the colon is left to libyaml.
        guard colon < line.end, colon - start <= Self.longestKey, bytes[colon - 1] != space,
              colon + 1 == line.end || bytes[colon + 1] == space else { return nil }
        let span = SourceSpan(start: position(in: line, at: start), end: position(in: line, at: colon))
        return (text(start..<colon), span, colon)
    }

    /// A scalar on one line of block context starting at `start`, with only spaces or a comment
    /// after it on the line.
    private func scalar(in line: Line, from start: Int) -> YAMLScalar? {
        let byte = bytes[start]
        if byte == singleQuote || byte == doubleQuote {
            guard let (scalar, end) = quoted(in: line, from: start), restIsEmpty(line, from: end) else { return nil }
            return scalar
        }
        guard startsPlain(at: start, on: line, allowingDash: true) else { return nil }
        var end = start
        var last = start
        while end < line.end {
            let current = bytes[end]
            if current == space {
                if end + 1 < line.end, bytes[end + 1] == hash { break }
            } else {
                // `: ` or a final `:` would make the scalar a key.
                if current == colonByte, end + 1 == line.end || bytes[end + 1] == space { return nil }
                last = end + 1
            }
            end += 1
        }
        return YAMLScalar(text: text(start..<last), style: .plain, tag: nil,
                          span: SourceSpan(start: position(in: line, at: start), end: position(in: line, at: last)))
    }

    /// A quoted scalar closed on its line, and the offset past its closing quote. Single quotes
    /// double themselves inside; double quotes with a backslash (an escape) are left to libyaml.
    private func quoted(in line: Line, from start: Int) -> (YAMLScalar, Int)? {
        let quote = bytes[start]
        var index = start + 1
        var doubled = false
        while true {
            guard index < line.end else { return nil }
            let byte = bytes[index]
            if byte == quote {
                guard quote == singleQuote, index + 1 < line.end, bytes[index + 1] == singleQuote else { break }
                doubled = true
                index += 2
                continue
            }
            if byte == backslash, quote == doubleQuote { return nil }
            index += 1
        }
        let end = index + 1
        let text = doubled ? undoubled(start + 1..<index) : self.text(start + 1..<index)
        let scalar = YAMLScalar(text: text, style: quote == singleQuote ? .singleQuoted : .doubleQuoted,
                                tag: nil, span: SourceSpan(start: position(in: line, at: start), end: position(in: line, at: end)))
        return (scalar, end)
    }

    /// The text inside single quotes with each `''` read as one `'`.
    private func undoubled(_ range: Range<Int>) -> String {
        var text: [UInt8] = []
        text.reserveCapacity(range.count)
        var index = range.lowerBound
        while index < range.upperBound {
            text.append(bytes[index])
            index += bytes[index] == singleQuote ? 2 : 1
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// A flow list closed on its line, `[a, 'b', "c"]`, of one-line scalars.
    private func flowSequence(in line: Line, from start: Int) -> YAMLSequence? {
        var items: [YAMLNode] = []
        var index = skippingSpaces(from: start + 1, to: line.end)
        guard index < line.end else { return nil }
        if bytes[index] != closeBracket {
            while true {
                guard index < line.end else { return nil }
                let item: YAMLScalar, end: Int
                if bytes[index] == singleQuote || bytes[index] == doubleQuote {
                    guard let (scalar, after) = quoted(in: line, from: index) else { return nil }
                    (item, end) = (scalar, after)
                } else {
                    guard let (scalar, after) = flowPlain(in: line, from: index) else { return nil }
                    (item, end) = (scalar, after)
                }
                items.append(.scalar(item))
                index = skippingSpaces(from: end, to: line.end)
                guard index < line.end else { return nil }
                if bytes[index] == closeBracket { break }
                guard bytes[index] == comma else { return nil }
                index = skippingSpaces(from: index + 1, to: line.end)
                // `[a, ]` and `[a,, b]` are left to libyaml.
                guard index < line.end, bytes[index] != closeBracket, bytes[index] != comma else { return nil }
            }
        }
        let end = index + 1
        guard restIsEmpty(line, from: end) else { return nil }
        return YAMLSequence(items: items, isFlow: true,
                            span: SourceSpan(start: position(in: line, at: start), end: position(in: line, at: end)))
    }

    /// A plain scalar inside a flow list, and the offset past its last character: it ends
    /// before a comma, a bracket or the spaces before one. Colons, braces and comments are left
    /// to libyaml, and so is `?`, which libyaml before 0.2.5 read as a key's mark there.
    private func flowPlain(in line: Line, from start: Int) -> (YAMLScalar, Int)? {
        guard startsPlain(at: start, on: line, allowingDash: false) else { return nil }
        var index = start
        var last = start
        while index < line.end {
            let byte = bytes[index]
            if byte == comma || byte == closeBracket { break }
            if byte == colonByte || byte == openBracket || byte == openBrace || byte == closeBrace || byte == question { return nil }
            if byte == hash, bytes[index - 1] == space { return nil }
            if byte != space { last = index + 1 }
            index += 1
        }
        let scalar = YAMLScalar(text: text(start..<last), style: .plain, tag: nil,
                                span: SourceSpan(start: position(in: line, at: start), end: position(in: line, at: last)))
        return (scalar, last)
    }

    /// A block list starting at `lines[first]`: every item `- ` and a one-line scalar, all at
    /// the same indentation, up to a line back at the left margin that is no item. Returns the
    /// list and the index of the line after it.
    private func blockSequence(_ lines: [Line], from first: Int) -> (YAMLSequence, Int)? {
        let indent = lines[first].indent
        var items: [YAMLNode] = []
        var next = first
        while next < lines.count {
            let line = lines[next]
            if line.indent == 0, indent > 0 || bytes[line.start] != dash { break }
            let dashAt = line.content
            guard line.indent == indent, bytes[dashAt] == dash, dashAt + 1 < line.end, bytes[dashAt + 1] == space else { return nil }
            let itemStart = skippingSpaces(from: dashAt + 1, to: line.end)
            guard itemStart < line.end, bytes[itemStart] != openBracket, let item = scalar(in: line, from: itemStart) else { return nil }
            items.append(.scalar(item))
            next += 1
        }
        guard let lastItem = items.last else { return nil }
        let start = position(in: lines[first], at: lines[first].content)
        return (YAMLSequence(items: items, isFlow: false, span: SourceSpan(start: start, end: lastItem.span.end)), next)
    }

    // MARK: - Bytes

    /// Whether a plain scalar this reader takes may start at `index`: not a space and no YAML
    /// indicator, but, with `allowingDash` (a value in block context), `-` before a character
    /// that is not a space (`-5`). Keys and flow items starting with `-` are left to libyaml.
    private func startsPlain(at index: Int, on line: Line, allowingDash: Bool) -> Bool {
        switch bytes[index] {
        case space, hash, colonByte, comma, openBracket, closeBracket, openBrace, closeBrace, singleQuote, doubleQuote,
             UInt8(ascii: "?"), UInt8(ascii: "&"), UInt8(ascii: "*"), UInt8(ascii: "!"), UInt8(ascii: "|"),
             UInt8(ascii: ">"), UInt8(ascii: "%"), UInt8(ascii: "@"), UInt8(ascii: "`"):
            return false
        case dash:
            return allowingDash && index + 1 < line.end && bytes[index + 1] != space
        default:
            return true
        }
    }

    /// Whether only spaces, or spaces then a comment, follow `index` on the line.
    private func restIsEmpty(_ line: Line, from index: Int) -> Bool {
        let rest = skippingSpaces(from: index, to: line.end)
        return rest == line.end || (rest > index && bytes[rest] == hash)
    }

    private func skippingSpaces(from index: Int, to end: Int) -> Int {
        var index = index
        while index < end, bytes[index] == space { index += 1 }
        return index
    }

    /// The position of `offset` on `line`, its column counted in characters as libyaml counts.
    private func position(in line: Line, at offset: Int) -> SourcePosition {
        var column = 1
        var index = line.start
        while index < offset {
            if bytes[index] & 0xC0 != 0x80 { column += 1 }
            index += 1
        }
        return SourcePosition(offset: offset, line: line.number, column: column)
    }

    private func text(_ range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }

    /// libyaml's longest simple key is 1,024 characters; keys are kept well inside it.
    private static let longestKey = 512

    private let space = UInt8(ascii: " ")
    private let newline = UInt8(ascii: "\n")
    private let hash = UInt8(ascii: "#")
    private let dash = UInt8(ascii: "-")
    private let dot = UInt8(ascii: ".")
    private let colonByte = UInt8(ascii: ":")
    private let comma = UInt8(ascii: ",")
    private let question = UInt8(ascii: "?")
    private let openBracket = UInt8(ascii: "[")
    private let closeBracket = UInt8(ascii: "]")
    private let openBrace = UInt8(ascii: "{")
    private let closeBrace = UInt8(ascii: "}")
    private let singleQuote = UInt8(ascii: "'")
    private let doubleQuote = UInt8(ascii: "\"")
    private let backslash = UInt8(ascii: "\\")
}
