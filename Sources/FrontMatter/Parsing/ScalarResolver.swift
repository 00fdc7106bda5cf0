/// Resolves plain scalars by the YAML 1.2 core schema, plus calendar days.
///
/// YAML 1.1 readers turn `no` into `false` and `0441172717` into an octal number; the core
/// schema of YAML 1.2 does neither, so `language: no` stays Norwegian. A plain `YYYY-MM-DD`
/// is a ``Day``, which front matter uses for dates everywhere.
enum ScalarResolver {
    static func resolve(_ text: String, style: ScalarStyle, tag: String?) -> YAMLValue {
        if let tag {
            return resolveTagged(text, tag: tag)
        }
        guard style == .plain else { return .string(text) }
        return resolvePlain(text)
    }

    static func resolvePlain(_ text: String) -> YAMLValue {
        let utf8 = text.utf8
        guard let first = utf8.first else { return .null }
        // Only a handful of first bytes can start a non-string; most titles fail this at once.
        switch first {
        case UInt8(ascii: "n"), UInt8(ascii: "N"), UInt8(ascii: "~"):
            return isNull(text) ? .null : .string(text)
        case UInt8(ascii: "t"), UInt8(ascii: "T"), UInt8(ascii: "f"), UInt8(ascii: "F"):
            switch text {
            case "true", "True", "TRUE": return .bool(true)
            case "false", "False", "FALSE": return .bool(false)
            default: return .string(text)
            }
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."):
            return resolveNumberOrDay(text) ?? .string(text)
        default:
            return .string(text)
        }
    }

    /// The core schema's tag of null, the one tag that makes any text null.
    static let nullTag = "tag:yaml.org,2002:null"

    static func isNull(_ text: String) -> Bool {
        text.isEmpty || text == "~" || text == "null" || text == "Null" || text == "NULL"
    }

    private static func resolveNumberOrDay(_ text: String) -> YAMLValue? {
        if text.utf8.count == 10, let day = Day(text) { return .day(day) }
        if let int = integer(text) { return .int(int) }
        if let double = float(text) { return .double(double) }
        return nil
    }

    /// `[-+]?[0-9]+`, `0o[0-7]+`, `0x[0-9a-fA-F]+`; `nil` when out of range or not an integer.
    static func integer(_ text: String) -> Int? {
        let bytes = Array(text.utf8)
        if bytes.count > 2, bytes[0] == UInt8(ascii: "0"), bytes[1] == UInt8(ascii: "x") || bytes[1] == UInt8(ascii: "o") {
            // The digits are cut in bytes: `dropFirst(2)` on the text drops graphemes, and
            // `0x\u{301}1F` would lose the combining mark with the `x` and read as a number.
            let digits = bytes[2...]
            guard !digits.contains(UInt8(ascii: "+")), !digits.contains(UInt8(ascii: "-")) else { return nil }
            return Int(String(decoding: digits, as: UTF8.self), radix: bytes[1] == UInt8(ascii: "x") ? 16 : 8)
        }
        var digits = bytes[...]
        if let sign = digits.first, sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") { digits = digits.dropFirst() }
        guard !digits.isEmpty, digits.allSatisfy({ (48...57).contains($0) }) else { return nil }
        return Int(text)
    }

    /// `[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?` and the `.inf`/`.nan` spellings.
    static func float(_ text: String) -> Double? {
        switch text {
        case ".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF": return .infinity
        case "-.inf", "-.Inf", "-.INF": return -.infinity
        case ".nan", ".NaN", ".NAN": return .nan
        default: break
        }
        let bytes = Array(text.utf8)
        var index = 0
        func digits() -> String {
            let start = index
            while index < bytes.count, (48...57).contains(bytes[index]) { index += 1 }
            return String(decoding: bytes[start..<index], as: UTF8.self)
        }
        var sign = ""
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
            sign = bytes[index] == UInt8(ascii: "-") ? "-" : ""
            index += 1
        }
        let integerPart = digits()
        var fractionPart = ""
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            fractionPart = digits()
        } else if integerPart.isEmpty {
            return nil
        }
        guard !integerPart.isEmpty || !fractionPart.isEmpty else { return nil }
        var exponent = ""
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
                exponent = bytes[index] == UInt8(ascii: "-") ? "-" : ""
                index += 1
            }
            let exponentDigits = digits()
            guard !exponentDigits.isEmpty else { return nil }
            exponent = "e" + exponent + exponentDigits
        }
        guard index == bytes.count else { return nil }
        // Swift's parser does not take "1." or ".5"; give it the full form.
        let integerText = integerPart.isEmpty ? "0" : integerPart
        let fractionText = fractionPart.isEmpty ? "0" : fractionPart
        return Double(sign + integerText + "." + fractionText + exponent)
    }

    /// The core schema's explicit tags; any other tag leaves the text a string.
    private static func resolveTagged(_ text: String, tag: String) -> YAMLValue {
        switch tag {
        case nullTag: return .null
        case "tag:yaml.org,2002:bool": return resolvePlain(text).ifCase(\.isBool) ?? .string(text)
        case "tag:yaml.org,2002:int": return integer(text).map(YAMLValue.int) ?? .string(text)
        case "tag:yaml.org,2002:float": return (integer(text).map(Double.init) ?? float(text)).map(YAMLValue.double) ?? .string(text)
        default: return .string(text)
        }
    }
}

private extension YAMLValue {
    var isBool: Bool {
        if case .bool = self { return true }
        return false
    }

    func ifCase(_ predicate: (YAMLValue) -> Bool) -> YAMLValue? {
        predicate(self) ? self : nil
    }
}

