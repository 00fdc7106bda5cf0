/// Values written as JSON, for front matter written as one JSON object.
///
/// JSON text is also YAML flow text that reads back as the same value, with one exception:
/// JSON has no dates, so a day is written as its `"YYYY-MM-DD"` text and reads back as text
/// (``YAMLValue/daysAsText``); typed reads still take it as a day.
extension ScalarEmitter {
    /// The value as JSON; `nil` when it holds NaN or an infinity, which JSON cannot spell.
    static func json(_ value: YAMLValue) -> String? {
        switch value {
        case .null: return "null"
        case .bool(let bool): return bool ? "true" : "false"
        case .int(let int): return String(int)
        // Swift's shortest form (`4.5`, `1e+300`, `-0.0`) is valid JSON and a YAML 1.2 float.
        case .double(let double): return double.isFinite ? double.description : nil
        case .day(let day): return jsonString(day.description)
        case .string(let string): return jsonString(string)
        case .list(let items):
            var parts: [String] = []
            for item in items {
                guard let part = json(item) else { return nil }
                parts.append(part)
            }
            return "[" + parts.joined(separator: ", ") + "]"
        case .mapping(let entries):
            var parts: [String] = []
            for entry in entries {
                guard let part = json(entry.value) else { return nil }
                parts.append(jsonString(entry.key) + ": " + part)
            }
            return "{" + parts.joined(separator: ", ") + "}"
        }
    }

    /// A JSON string. Only escapes JSON and YAML read alike are used: `\"`, `\\`, `\n`, `\r`,
    /// `\t` and `\uXXXX` for other controls and for the characters YAML would take as line
    /// breaks or refuse unescaped (NEL, U+2028, the BOM, …), which JSON allows raw.
    static func jsonString(_ string: String) -> String {
        var result = "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default:
                if scalar.value < 0x20 || needsEscape(scalar) {
                    let hex = String(scalar.value, radix: 16, uppercase: true)
                    result += "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }
}

extension YAMLValue {
    /// The value as it reads back from JSON: days become their `YYYY-MM-DD` text.
    var daysAsText: YAMLValue {
        switch self {
        case .day(let day): .string(day.description)
        case .list(let items): .list(items.map(\.daysAsText))
        case .mapping(let entries): .mapping(entries.map { .init($0.key, $0.value.daysAsText) })
        case .null, .bool, .int, .double, .string: self
        }
    }
}
