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
