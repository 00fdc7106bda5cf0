/// Writes values as YAML text that reads back as the same value.
///
/// Strings are written plain when that is safe, quoted when they would otherwise read as
/// something else (`"0441172717"`, `"yes"`, `"null"`, `"Dune: Part One"`, `'@home'`).
/// Strings that YAML 1.1 readers would type (`yes`, `1_000`, `2024-02-30`) are quoted too, so
/// that other tools reading the same files agree. Every edit is also checked by parsing the
/// result again (see ``FrontMatterDocument``), so a gap here can cost style, never data.
enum ScalarEmitter {
    /// Where a value is written: after `key: ` in a block, or inside `[ ]` / `{ }`.
    enum Context {
        case block
        case flow
    }

    /// The value on one line, in flow style for lists and mappings.
    static func flow(_ value: YAMLValue) -> String {
        inline(value, context: .flow, preferring: nil)
    }

    /// The value on one line. Newlines in strings are escaped.
    static func inline(_ value: YAMLValue, context: Context, preferring style: ScalarStyle?) -> String {
        switch value {
        case .null: return "null"
        case .bool(let bool): return bool ? "true" : "false"
        case .int(let int): return String(int)
        case .double(let double): return format(double)
        case .day(let day): return day.description
        case .string(let string): return scalar(string, context: context, preferring: style)
        case .list(let items):
            return "[" + items.map { inline($0, context: .flow, preferring: nil) }.joined(separator: ", ") + "]"
        case .mapping(let entries):
            return "{" + entries.map {
                scalar($0.key, context: .flow, preferring: nil) + ": " + inline($0.value, context: .flow, preferring: nil)
            }.joined(separator: ", ") + "}"
        }
    }

    /// A key, plain when safe.
    static func key(_ key: String) -> String {
        scalar(key, context: .block, preferring: nil)
    }

    static func format(_ double: Double) -> String {
        if double.isNaN { return ".nan" }
        if double == .infinity { return ".inf" }
        if double == -.infinity { return "-.inf" }
        return double.description
    }

    /// A string in the requested style when it can be, otherwise the safest that reads back.
    static func scalar(_ string: String, context: Context, preferring style: ScalarStyle?) -> String {
        let printable = !string.unicodeScalars.contains(where: needsEscape)
        switch style {
        case .doubleQuoted?:
            return doubleQuoted(string)
        case .singleQuoted?:
            return printable ? singleQuoted(string) : doubleQuoted(string)
        default:
            if printable, isPlainSafe(string, context: context) { return string }
            if printable, string.utf8.contains(UInt8(ascii: "\"")) || string.utf8.contains(UInt8(ascii: "\\")) {
                return singleQuoted(string)
            }
            return doubleQuoted(string)
        }
    }

    /// Quotes doubled by Unicode scalar: split by `Character`, a quote followed by a combining
    /// mark (`'\u{301}`) is one grapheme and would be left single, closing the scalar early.
    static func singleQuoted(_ string: String) -> String {
        var result = "'"
        for scalar in string.unicodeScalars {
            if scalar == "'" { result += "'" }
            result.unicodeScalars.append(scalar)
        }
        return result + "'"
    }

    static func doubleQuoted(_ string: String) -> String {
        var result = ""
        appendDoubleQuoted(string, to: &result, json: false)
        return result
    }

    /// Appends `string` in double quotes: `\"`, `\\`, `\n`, `\t`, `\r`, and a code for every
    /// other scalar ``needsEscape(_:)`` names. YAML takes `\0` and `\xXX` where they are
    /// shorter; `json` writes `\uXXXX` throughout, which JSON and YAML read alike.
    static func appendDoubleQuoted(_ string: String, to result: inout String, json: Bool) {
        result += "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case "\r": result += "\\r"
            case "\0" where !json: result += "\\0"
            default:
                if needsEscape(scalar) {
                    let hex = String(scalar.value, radix: 16, uppercase: true)
                    if scalar.value <= 0xFF, !json {
                        result += "\\x" + String(repeating: "0", count: 2 - hex.count) + hex
                    } else {
                        result += "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
                    }
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        result += "\""
    }

    /// Characters that only a double-quoted scalar can hold: line breaks, controls, the BOM.
    static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09: return false
        case 0x00...0x1F, 0x7F, 0x80...0x9F, 0x2028, 0x2029, 0xFEFF, 0xFFFE, 0xFFFF: return true
        default: return false
        }
    }

    /// Whether `string` can stand unquoted and still read back as the same string.
    static func isPlainSafe(_ string: String, context: Context) -> Bool {
        guard let first = string.unicodeScalars.first, let last = string.unicodeScalars.last else { return false }
        if first == " " || last == " " || first == "\t" || last == "\t" { return false }
        if "-?:,[]{}#&*!|>'\"%@`".unicodeScalars.contains(first) { return false }
        if last == ":" { return false }
        // Searched in UTF-8, not by `Character`: `" #\u{301}"` holds YAML's ` #` though its graphemes hold no `#`.
        let utf8 = Array(string.utf8)
        if utf8.contains(UInt8(ascii: "\t")) || contains(utf8, ": ") || contains(utf8, " #") { return false }
        if context == .flow, string.unicodeScalars.contains(where: { ",[]{}:".unicodeScalars.contains($0) }) { return false }
        if readsAsOtherTypeInYAML11(string) { return false }
        if case .string = ScalarResolver.resolvePlain(string) { return true }
        return false
    }

    private static func contains(_ utf8: [UInt8], _ needle: StaticString) -> Bool {
        let pattern = needle.withUTF8Buffer { Array($0) }
        guard utf8.count >= pattern.count else { return false }
        return (0...(utf8.count - pattern.count)).contains { utf8[$0..<$0 + pattern.count].elementsEqual(pattern) }
    }

    /// Words and numbers that YAML 1.1 readers (many other tools) would not read as text.
    private static func readsAsOtherTypeInYAML11(_ string: String) -> Bool {
        switch string.lowercased() {
        case "y", "n", "yes", "no", "on", "off", "true", "false", "null", "~", "=", "<<": return true
        default: break
        }
        guard let first = string.unicodeScalars.first, "0123456789+-.".unicodeScalars.contains(first) else { return false }
        let numeric = "0123456789_.:+-eExXoObB abcdefABCDEFtTzZ".unicodeScalars
        return string.unicodeScalars.allSatisfy { numeric.contains($0) }
    }

    /// A literal block scalar (`|`) for multi-line text, indented by `indent` spaces, ending
    /// with a line break; `nil` when the text cannot be written that way.
    ///
    /// Lines are split on the `\n` byte and written with `lineBreak`, so a CRLF file gets CRLF
    /// lines; text holding a `\r` is left to double quotes, since a literal block cannot keep it.
    static func literalBlock(_ string: String, indent: Int, lineBreak: String) -> String? {
        let newline = UInt8(ascii: "\n"), space = UInt8(ascii: " ")
        guard string.utf8.contains(newline), !string.unicodeScalars.contains(where: { $0 != "\n" && needsEscape($0) }) else {
            return nil
        }
        var content = Array(string.utf8)[...]
        var trailingBreaks = 0
        while content.last == newline {
            content = content.dropLast()
            trailingBreaks += 1
        }
        let lines = content.split(separator: newline, omittingEmptySubsequences: false)
        // A first line that starts with a space would need an indentation indicator; and lines
        // of only spaces blur with the indentation. Leave those to double quotes.
        guard let firstLine = lines.first, firstLine.first != space, !firstLine.isEmpty,
              !lines.contains(where: { !$0.isEmpty && $0.allSatisfy { $0 == space } }) else { return nil }
        let chomping = trailingBreaks == 0 ? "-" : trailingBreaks == 1 ? "" : "+"
        let padding = Array(repeating: space, count: indent)
        let breakBytes = Array(lineBreak.utf8)
        var result = Array(("|" + chomping).utf8) + breakBytes
        for line in lines {
            if !line.isEmpty { result += padding + line }
            result += breakBytes
        }
        for _ in 0..<max(0, trailingBreaks - 1) { result += breakBytes }
        return String(decoding: result, as: UTF8.self)
    }
}
