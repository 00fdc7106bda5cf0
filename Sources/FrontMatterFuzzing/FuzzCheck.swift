import FrontMatter

/// What one input did to the parser.
public enum FuzzOutcome: Sendable, Equatable {
    /// It parsed and every invariant of a parsed document held.
    case parsed
    /// It was refused with an error at a valid position.
    case refused
    /// An invariant broke; the text says which.
    case violation(String)
}

/// Runs one input through the parser and checks what must hold whatever the input:
/// a parsed document renders to the same bytes, its spans lie inside the file, and a
/// refusal points at a line and column that exist.
public enum FuzzCheck {
    /// Checks one input.
    public static func run(_ bytes: [UInt8]) -> FuzzOutcome {
        if let violation = compareReaders(bytes) { return .violation(violation) }
        do {
            let document = try FrontMatterDocument(bytes: bytes, path: "fuzz.md")
            guard document.bytes == bytes else { return .violation("rendering changed the bytes") }
            for entry in document.fields.entries {
                let span = entry.value.span
                guard span.start.offset <= span.end.offset, span.end.offset <= bytes.count,
                      entry.keySpan.start.offset < entry.keySpan.end.offset || entry.key.isEmpty else {
                    return .violation("span of \(entry.key) out of bounds: \(span)")
                }
            }
            if let violation = checkEdits(of: document, seed: bytes.count) { return .violation(violation) }
            return .parsed
        } catch {
            let lines = lineCount(bytes)
            let location = error.location
            guard location.path == "fuzz.md", location.line >= 1, location.line <= lines + 1, location.column >= 1 else {
                return .violation("error at an impossible place: \(error)")
            }
            return .refused
        }
    }

    /// Where the plain reader reads a block, libyaml must read the same tree from it; a block
    /// libyaml refuses, the plain reader must decline.
    public static func compareReaders(_ bytes: [UInt8]) -> String? {
        guard let readings = FrontMatterDocument.bothReadings(of: bytes), let plain = readings.plain else { return nil }
        switch readings.libyaml {
        case .success(let tree) where tree == plain:
            return nil
        case .success(let tree):
            return "the plain reader read \(plain) where libyaml read \(tree)"
        case .failure(let error):
            return "the plain reader read \(plain) where libyaml refused: \(error)"
        }
    }

    /// Edits a parsed document as shelf does — a value set in place, a key added, a key
    /// removed — and checks each edit that was made independently of the editor's own check:
    /// the result parses, the edited key holds what was asked, every other key keeps its value
    /// and place, and the body keeps its bytes. An edit may be refused; it may never mangle.
    static func checkEdits(of document: FrontMatterDocument, seed: Int) -> String? {
        let keys = document.fields.keys
        var edits: [(String, YAMLValue?)] = [("rating", .int(seed % 5 + 1)), ("fuzzed", .string("x: \(seed) #"))]
        if let first = keys.first { edits.append((first, .list([.string("a, b"), .int(seed)]))) }
        if let last = keys.last { edits.append((last, nil)) }
        for (key, value) in edits {
            var edited = document
            do {
                if let value { try edited.setValue(value, forKey: key) } else { try edited.removeValue(forKey: key) }
            } catch {
                continue
            }
            guard let reparsed = try? FrontMatterDocument(bytes: edited.bytes, path: "fuzz.md") else {
                return "editing \(key) left bytes that do not parse"
            }
            if let value {
                guard reparsed[key].map({ $0.value.isSameValue(as: value) }) == true else {
                    return "setting \(key) did not read back"
                }
            } else if reparsed[key] != nil {
                return "removing \(key) left it"
            }
            let others = keys.filter { $0 != key }
            guard others == reparsed.fields.keys.filter({ $0 != key }) else { return "editing \(key) moved other keys" }
            for other in others where !(document[other]?.value.isSameValue(as: reparsed[other]?.value ?? .null) ?? false) {
                return "editing \(key) changed \(other)"
            }
            guard Array(document.bytes[document.bodyRange]) == Array(edited.bytes[edited.bodyRange]) else {
                return "editing \(key) changed the body"
            }
        }
        return nil
    }

    /// Lines as YAML counts them: a line ends at LF, CR LF, or a lone CR.
    static func lineCount(_ bytes: [UInt8]) -> Int {
        var lines = 1
        for (index, byte) in bytes.enumerated() {
            if byte == UInt8(ascii: "\n") || (byte == UInt8(ascii: "\r") && (index + 1 == bytes.count || bytes[index + 1] != UInt8(ascii: "\n"))) {
                lines += 1
            }
        }
        return lines
    }
}
