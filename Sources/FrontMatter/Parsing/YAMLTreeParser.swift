internal import CYAML

/// Builds a ``YAMLMapping`` from the YAML between the delimiter lines, with libyaml's event API.
///
/// libyaml's marks count characters from the start of the text it was given; the parser turns
/// them into byte offsets and 1-based lines and columns of the whole file, so every node and
/// every error points at the right place in the file a person opens.
struct YAMLTreeParser {
    let bytes: [UInt8]
    let layout: FileLayout
    let maximumDepth: Int
    /// Whether a key written twice in one mapping keeps its last value, as most YAML readers
    /// do, instead of failing; each such key is collected in ``DuplicateKeys``.
    var keepsLastDuplicate = false

    /// The keys written twice, collected while parsing.
    final class DuplicateKeys {
        var found: [FrontMatterError] = []
    }
    let duplicates = DuplicateKeys()

    /// A sequence or mapping still open. A struct mutated in place on the stack: an enum
    /// popped, changed and pushed back copied its arrays on every item, as the popped value
    /// still held them.
    private struct Frame {
        var isMapping: Bool
        var start: SourcePosition
        var isFlow: Bool
        var items: [YAMLNode] = []
        var entries: [YAMLMapping.Entry] = []
        /// The key read, waiting for its value.
        var pendingKey: (text: String, span: SourceSpan)?
        /// Each key's line, for duplicate keys; built only for large mappings, small ones are
        /// searched, which spares a dictionary per front matter.
        var keyLines: [String: Int]?

        /// The line of an earlier entry with `key`.
        mutating func lineOfKey(_ key: String) -> Int? {
            if let keyLines { return keyLines[key] }
            if entries.count < Self.searchLimit {
                return entries.first { $0.key == key }?.keySpan.start.line
            }
            var lines: [String: Int] = [:]
            for entry in entries where lines[entry.key] == nil { lines[entry.key] = entry.keySpan.start.line }
            keyLines = lines
            return lines[key]
        }

        /// Records an entry's key once it has its value.
        mutating func append(_ entry: YAMLMapping.Entry) {
            entries.append(entry)
            keyLines?[entry.key] = entry.keySpan.start.line
        }

        /// Entries searched one by one below this many.
        static let searchLimit = 32
    }

    /// Parses the front matter; an empty or comment-only block is an empty mapping.
    func parse() throws(FrontMatterError) -> YAMLMapping {
        let yaml = layout.yaml
        let startPosition = SourcePosition(offset: yaml.lowerBound, line: layout.yamlFirstLine, column: 1)
        guard !yaml.isEmpty else { return .empty(at: startPosition) }
        let offsets = CharacterOffsets(bytes: bytes, range: yaml)

        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else {
            throw .syntax(problem: "out of memory", SourceLocation(line: layout.yamlFirstLine, column: 1))
        }
        defer { yaml_parser_delete(&parser) }

        let result: Result<YAMLNode?, FrontMatterError> = bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return .success(nil) }
            yaml_parser_set_input_string(&parser, base + yaml.lowerBound, yaml.count)
            yaml_parser_set_encoding(&parser, YAML_UTF8_ENCODING)
            do throws(FrontMatterError) {
                return .success(try readEvents(&parser, offsets: offsets))
            } catch {
                return .failure(error)
            }
        }
        switch try result.get() {
        case nil:
            return .empty(at: startPosition)
        case .mapping(let mapping)?:
            return mapping
        case .sequence(let sequence)?:
            throw .notAMapping(found: "a list", location(of: sequence.span.start))
        case .scalar(let scalar)?:
            if scalar.isNull { return .empty(at: startPosition) }
            throw .notAMapping(found: "the text \(quoted(scalar.text))", location(of: scalar.span.start))
        }
    }

    private func readEvents(_ parser: inout yaml_parser_t, offsets: CharacterOffsets) throws(FrontMatterError) -> YAMLNode? {
        var stack: [Frame] = []
        var root: YAMLNode?
        var event = yaml_event_t()

        func position(_ mark: yaml_mark_t) -> SourcePosition {
            SourcePosition(offset: offsets.byteOffset(ofCharacter: Int(mark.index)),
                           line: layout.yamlFirstLine + Int(mark.line), column: Int(mark.column) + 1)
        }

        func attach(_ node: YAMLNode) throws(FrontMatterError) {
            guard !stack.isEmpty else {
                root = node
                return
            }
            let top = stack.count - 1
            guard stack[top].isMapping else {
                stack[top].items.append(node)
                return
            }
            if let pendingKey = stack[top].pendingKey {
                stack[top].append(YAMLMapping.Entry(key: pendingKey.text, keySpan: pendingKey.span, value: node))
                stack[top].pendingKey = nil
            } else {
                guard case .scalar(let key) = node else { throw .complexKey(location(of: node.span.start)) }
                if let firstLine = stack[top].lineOfKey(key.text) {
                    let error = FrontMatterError.duplicateKey(key.text, firstLine: firstLine, location(of: key.span.start))
                    guard keepsLastDuplicate else { throw error }
                    duplicates.found.append(error)
                    stack[top].entries.removeAll { $0.key == key.text }
                    stack[top].keyLines = nil
                }
                stack[top].pendingKey = (key.text, key.span)
            }
        }

        while true {
            guard yaml_parser_parse(&parser, &event) == 1 else {
                throw syntaxError(parser, offsets: offsets)
            }
            defer { yaml_event_delete(&event) }
            let start = position(event.start_mark)
            let end = position(event.end_mark)

            switch event.type {
            case YAML_STREAM_END_EVENT:
                return root
            case YAML_ALIAS_EVENT:
                throw .anchorOrAlias(location(of: start))
            case YAML_SCALAR_EVENT:
                let scalar = event.data.scalar
                if scalar.anchor != nil { throw .anchorOrAlias(location(of: start)) }
                let text = String(decoding: UnsafeBufferPointer(start: scalar.value, count: Int(scalar.length)), as: UTF8.self)
                try attach(.scalar(YAMLScalar(text: text, style: style(scalar.style), tag: tag(scalar.tag),
                                              span: SourceSpan(start: start, end: end))))
            case YAML_SEQUENCE_START_EVENT:
                if event.data.sequence_start.anchor != nil { throw .anchorOrAlias(location(of: start)) }
                guard stack.count < maximumDepth else { throw .tooDeep(limit: maximumDepth, location(of: start)) }
                stack.append(Frame(isMapping: false, start: start,
                                   isFlow: event.data.sequence_start.style == YAML_FLOW_SEQUENCE_STYLE))
            case YAML_MAPPING_START_EVENT:
                if event.data.mapping_start.anchor != nil { throw .anchorOrAlias(location(of: start)) }
                guard stack.count < maximumDepth else { throw .tooDeep(limit: maximumDepth, location(of: start)) }
                stack.append(Frame(isMapping: true, start: start,
                                   isFlow: event.data.mapping_start.style == YAML_FLOW_MAPPING_STYLE))
            case YAML_SEQUENCE_END_EVENT:
                guard let frame = stack.popLast(), !frame.isMapping else { continue }
                // A block sequence's end mark is the next token, past blank and comment lines;
                // its own text ends with its last item.
                let sequenceEnd = frame.isFlow ? end : (frame.items.last?.span.end ?? end)
                try attach(.sequence(YAMLSequence(items: frame.items, isFlow: frame.isFlow,
                                                  span: SourceSpan(start: frame.start, end: sequenceEnd))))
            case YAML_MAPPING_END_EVENT:
                guard let frame = stack.popLast(), frame.isMapping else { continue }
                let mappingEnd = frame.isFlow ? end : (frame.entries.last?.value.span.end ?? end)
                try attach(.mapping(YAMLMapping(entries: frame.entries, isFlow: frame.isFlow,
                                                span: SourceSpan(start: frame.start, end: mappingEnd))))
            default:
                continue
            }
        }
    }

    private func style(_ style: yaml_scalar_style_t) -> ScalarStyle {
        switch style {
        case YAML_SINGLE_QUOTED_SCALAR_STYLE: .singleQuoted
        case YAML_DOUBLE_QUOTED_SCALAR_STYLE: .doubleQuoted
        case YAML_LITERAL_SCALAR_STYLE: .literal
        case YAML_FOLDED_SCALAR_STYLE: .folded
        default: .plain
        }
    }

    private func tag(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
        guard let pointer else { return nil }
        return String(cString: pointer)
    }

    private func location(of position: SourcePosition) -> SourceLocation {
        SourceLocation(line: position.line, column: position.column)
    }

    private func syntaxError(_ parser: yaml_parser_t, offsets: CharacterOffsets) -> FrontMatterError {
        let mark = parser.problem_mark
        let problemLine = layout.yamlFirstLine + Int(mark.line)
        if let tab = firstTabIndentation(throughLine: problemLine) {
            return .tabIndentation(tab)
        }
        var problem = parser.problem.map { String(cString: $0) } ?? "unknown error"
        if let context = parser.context.map({ String(cString: $0) }) {
            problem += " \(context)"
            let contextLine = layout.yamlFirstLine + Int(parser.context_mark.line)
            if contextLine != problemLine { problem += " (started on line \(contextLine))" }
        }
        return .syntax(problem: problem, SourceLocation(line: problemLine, column: Int(mark.column) + 1))
    }

    /// The first line up to `lastLine` whose indentation holds a tab, which libyaml reports
    /// only as "found character that cannot start any token".
    private func firstTabIndentation(throughLine lastLine: Int) -> SourceLocation? {
        var line = layout.yamlFirstLine
        var index = layout.yaml.lowerBound
        while index < layout.yaml.upperBound, line <= lastLine {
            var column = 1
            while index < layout.yaml.upperBound, bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\t") {
                if bytes[index] == UInt8(ascii: "\t") { return SourceLocation(line: line, column: column) }
                index += 1
                column += 1
            }
            while index < layout.yaml.upperBound, bytes[index] != UInt8(ascii: "\n") { index += 1 }
            index += 1
            line += 1
        }
        return nil
    }

    private func quoted(_ text: String) -> String {
        let short = text.count > 40 ? String(text.prefix(40)) + "…" : text
        return "\"\(short)\""
    }
}

/// Maps libyaml's character indexes to byte offsets in the file.
struct CharacterOffsets {
    private let base: Int
    /// Byte offset of each character, or empty when the text is ASCII and the two agree.
    private let starts: [Int32]

    init(bytes: [UInt8], range: Range<Int>) {
        base = range.lowerBound
        var isASCII = true
        for index in range where bytes[index] >= 0x80 {
            isASCII = false
            break
        }
        if isASCII {
            starts = []
            return
        }
        var starts: [Int32] = []
        starts.reserveCapacity(range.count + 1)
        for index in range where bytes[index] & 0xC0 != 0x80 {
            starts.append(Int32(index - range.lowerBound))
        }
        starts.append(Int32(range.count))
        self.starts = starts
    }

    func byteOffset(ofCharacter index: Int) -> Int {
        if starts.isEmpty { return base + index }
        return base + Int(starts[min(index, starts.count - 1)])
    }
}
