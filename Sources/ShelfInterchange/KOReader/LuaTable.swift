/// A value of the Lua table KOReader writes as a book's sidecar (`metadata.epub.lua`):
/// `return { ["doc_props"] = { ["title"] = "1984", … }, … }`.
///
/// KOReader writes these with its own serializer (`dump.lua`), so only literals occur: strings,
/// numbers, booleans, `nil` and tables, keys in brackets or bare. Nothing is evaluated.
enum LuaValue: Sendable, Hashable {
    case string(String)
    case number(Double)
    case boolean(Bool)
    case table([String: LuaValue])

    /// The entry at `key` of a table (a number key is its decimal text, `"1"`).
    subscript(key: String) -> LuaValue? {
        guard case .table(let entries) = self else { return nil }
        return entries[key]
    }

    /// The string, or a number written as text.
    var text: String? {
        switch self {
        case .string(let text): text
        case .number(let number): number.rounded() == number && abs(number) < 1e15 ? String(Int(number)) : String(number)
        default: nil
        }
    }

    /// The number, when it is a whole one.
    var integer: Int? {
        guard case .number(let number) = self, number.rounded() == number, abs(number) < 1e15 else { return nil }
        return Int(number)
    }

    /// The number.
    var number: Double? {
        guard case .number(let number) = self else { return nil }
        return number
    }
}

/// Reads the Lua literal a KOReader sidecar holds.
struct LuaTableReader {
    /// Why a text is not a readable table, and where (1-based line).
    struct Failure: Error, Sendable {
        var line: Int
        var reason: String
    }

    private let bytes: [UInt8]
    private var position = 0
    private var depth = 0

    private init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// The value `return`ed by `bytes` (a sidecar's whole content).
    static func read(_ bytes: [UInt8]) throws(Failure) -> LuaValue {
        var reader = LuaTableReader(bytes)
        reader.skipSpace()
        if reader.consume("return") { reader.skipSpace() }
        let value = try reader.value()
        reader.skipSpace()
        guard reader.position >= reader.bytes.count else { throw reader.failure("unexpected text after the table") }
        return value ?? .table([:])
    }

    // MARK: - Values

    /// A value; `nil` for Lua's `nil`.
    private mutating func value() throws(Failure) -> LuaValue? {
        skipSpace()
        guard let byte = peek() else { throw failure("the file ends where a value should be") }
        switch byte {
        case UInt8(ascii: "{"): return try table()
        case UInt8(ascii: "\""), UInt8(ascii: "'"): return .string(try quoted())
        case UInt8(ascii: "["): return .string(try long())
        default:
            if consume("true") { return .boolean(true) }
            if consume("false") { return .boolean(false) }
            if consume("nil") { return nil }
            return .number(try number())
        }
    }

    private mutating func table() throws(Failure) -> LuaValue {
        depth += 1
        defer { depth -= 1 }
        guard depth < 200 else { throw failure("tables nested too deep") }
        position += 1
        var entries: [String: LuaValue] = [:]
        var next = 1
        while true {
            skipSpace()
            guard let byte = peek() else { throw failure("the file ends inside a table") }
            if byte == UInt8(ascii: "}") { position += 1; return .table(entries) }
            var key: String?
            if byte == UInt8(ascii: "["), peek(at: 1) != UInt8(ascii: "["), peek(at: 1) != UInt8(ascii: "=") {
                position += 1
                guard let keyValue = try value(), let text = keyValue.text else { throw failure("a key should be a string or a number") }
                key = text
                skipSpace()
                guard consume("]") else { throw failure("expected ] after a key") }
                skipSpace()
                guard consume("=") else { throw failure("expected = after a key") }
            } else if Self.isNameStart(byte) {
                let start = position
                var end = position
                while end < bytes.count, Self.isNameByte(bytes[end]) { end += 1 }
                var after = end
                while after < bytes.count, Self.isSpace(bytes[after]) { after += 1 }
                if after < bytes.count, bytes[after] == UInt8(ascii: "="), bytes[safe: after + 1] != UInt8(ascii: "=") {
                    key = String(decoding: bytes[start..<end], as: UTF8.self)
                    position = after + 1
                }
            }
            let item = try value()
            if let key {
                entries[key] = item
            } else {
                if let item { entries[String(next)] = item }
                next += 1
            }
            skipSpace()
            if consume(",") || consume(";") { continue }
            skipSpace()
            guard peek() == UInt8(ascii: "}") else { throw failure("expected , or } in a table") }
        }
    }

    /// A string in quotes, with Lua's escapes.
    private mutating func quoted() throws(Failure) -> String {
        let quote = bytes[position]
        position += 1
        var out: [UInt8] = []
        while position < bytes.count {
            let byte = bytes[position]
            position += 1
            if byte == quote { return String(decoding: out, as: UTF8.self) }
            if byte == UInt8(ascii: "\n") { throw failure("a line break inside a string") }
            guard byte == UInt8(ascii: "\\") else { out.append(byte); continue }
            guard position < bytes.count else { break }
            let escape = bytes[position]
            position += 1
            switch escape {
            case UInt8(ascii: "n"), UInt8(ascii: "\n"): out.append(UInt8(ascii: "\n"))
            case UInt8(ascii: "t"): out.append(UInt8(ascii: "\t"))
            case UInt8(ascii: "r"): out.append(UInt8(ascii: "\r"))
            case UInt8(ascii: "a"): out.append(7)
            case UInt8(ascii: "b"): out.append(8)
            case UInt8(ascii: "f"): out.append(12)
            case UInt8(ascii: "v"): out.append(11)
            case UInt8(ascii: "z"): while position < bytes.count, Self.isSpace(bytes[position]) { position += 1 }
            case UInt8(ascii: "x"):
                guard position + 2 <= bytes.count, let value = UInt8(String(decoding: bytes[position..<position + 2], as: UTF8.self),
                                                                     radix: 16) else { throw failure("a bad \\x escape") }
                out.append(value)
                position += 2
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                var value = Int(escape - UInt8(ascii: "0"))
                var count = 1
                while count < 3, position < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[position]) {
                    value = value * 10 + Int(bytes[position] - UInt8(ascii: "0"))
                    position += 1
                    count += 1
                }
                guard value < 256 else { throw failure("a bad decimal escape") }
                out.append(UInt8(value))
            default: out.append(escape)
            }
        }
        throw failure("the file ends inside a string")
    }

    /// A long string, `[[…]]` or `[==[…]==]`.
    private mutating func long() throws(Failure) -> String {
        position += 1
        var level = 0
        while consume("=") { level += 1 }
        guard consume("[") else { throw failure("expected a value") }
        if peek() == UInt8(ascii: "\n") { position += 1 }
        let closing = [UInt8(ascii: "]")] + Array(repeating: UInt8(ascii: "="), count: level) + [UInt8(ascii: "]")]
        let start = position
        while position + closing.count <= bytes.count {
            if bytes[position] == UInt8(ascii: "]"), Array(bytes[position..<position + closing.count]) == closing {
                let text = String(decoding: bytes[start..<position], as: UTF8.self)
                position += closing.count
                return text
            }
            position += 1
        }
        throw failure("the file ends inside a long string")
    }

    private mutating func number() throws(Failure) -> Double {
        let start = position
        while position < bytes.count, Self.isNumberByte(bytes[position]) { position += 1 }
        let text = String(decoding: bytes[start..<position], as: UTF8.self)
        if let value = Double(text) { return value }
        if text.hasPrefix("0x") || text.hasPrefix("0X"), let value = Int(text.dropFirst(2), radix: 16) { return Double(value) }
        if text.hasPrefix("-0x"), let value = Int(text.dropFirst(3), radix: 16) { return -Double(value) }
        position = start
        throw failure(text.isEmpty ? "expected a value" : "\(text) is not a number")
    }

    // MARK: - Bytes

    private func peek(at offset: Int = 0) -> UInt8? {
        bytes[safe: position + offset]
    }

    private mutating func consume(_ word: String) -> Bool {
        let utf8 = Array(word.utf8)
        guard position + utf8.count <= bytes.count, Array(bytes[position..<position + utf8.count]) == utf8 else { return false }
        // A keyword is a whole word: `nilly` is a name.
        if utf8.count > 1, let after = bytes[safe: position + utf8.count], Self.isNameByte(after) { return false }
        position += utf8.count
        return true
    }

    /// Skips spaces and comments (`-- …` to the end of the line, `--[[ … ]]`).
    private mutating func skipSpace() {
        while position < bytes.count {
            if Self.isSpace(bytes[position]) { position += 1; continue }
            if bytes[position] == UInt8(ascii: "-"), peek(at: 1) == UInt8(ascii: "-") {
                position += 2
                if peek() == UInt8(ascii: "["), (try? long()) != nil { continue }
                while position < bytes.count, bytes[position] != UInt8(ascii: "\n") { position += 1 }
                continue
            }
            return
        }
    }

    private func failure(_ reason: String) -> Failure {
        Failure(line: 1 + bytes[..<min(position, bytes.count)].reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }, reason: reason)
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0B || byte == 0x0C
    }

    private static func isNameStart(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
            || byte == UInt8(ascii: "_")
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        isNameStart(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    private static func isNumberByte(_ byte: UInt8) -> Bool {
        isNameByte(byte) || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+")
    }
}

extension Array {
    fileprivate subscript(safe index: Int) -> Element? {
        indices.contains(index) ? self[index] : nil
    }
}
