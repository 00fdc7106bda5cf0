import FrontMatter
import FrontMatterFuzzing

/// Random front matter written as one `{…}` mapping, JSON- or YAML-shaped, on one line or many,
/// with LF or CRLF line breaks, for the property tests.
struct RandomFlowMapping {
    /// The whole file.
    var text: String
    /// Whether every key is double-quoted and every value JSON.
    var isJSON: Bool
    /// The keys written, in order.
    var keys: [String]

    private static let keyNames = ["title", "rating", "started", "tags", "a b", "título", "📚", "key:colon"]

    private static let jsonValues = [
        "\"Dune\"", "\"He said \\\"no\\\"\\n\"", "\"\\u0085 and \\u2028\"", "42", "-1.5", "1e+300", "true", "false",
        "null", "\"2024-01-02\"", "[\"a\", 1, null]", "[]", "{\"k\": \"v\"}", "{}", "\"café 📚\"", "\"\"",
    ]

    private static let yamlValues = [
        "Dune", "'single ''quoted'''", "\"double \\\"quoted\\\"\"", "[a, 'b c', 3]", "2024-01-02", "~", "{k: v}", "42",
        "-1.5", "true", "yes", "\"\"", "[]", "Frank Herbert",
    ]

    static func make(_ random: inout SeededGenerator) -> RandomFlowMapping {
        let isJSON = Bool.random(using: &random)
        let lineBreak = Bool.random(using: &random) ? "\n" : "\r\n"
        let count = Int.random(in: 0...5, using: &random)
        let keys = Array(keyNames.shuffled(using: &random).prefix(count))
        let compact = isJSON && Int.random(in: 0..<4, using: &random) == 0
        let entries = keys.map { key -> String in
            if isJSON {
                return jsonKey(key) + (compact ? ":" : ": ") + (jsonValues.randomElement(using: &random) ?? "null")
            }
            let written = key.unicodeScalars.contains(":") ? "\"\(key)\"" : key
            return written + ": " + (yamlValues.randomElement(using: &random) ?? "~")
        }
        let mapping: String
        if Bool.random(using: &random) {
            let indent = Bool.random(using: &random) ? "  " : "    "
            mapping = entries.isEmpty
                ? "{" + lineBreak + "}"
                : "{" + lineBreak + indent + entries.joined(separator: "," + lineBreak + indent) + lineBreak + "}"
        } else {
            mapping = "{" + entries.joined(separator: compact ? "," : ", ") + "}"
        }
        let body = lineBreak + "Body with {braces}, \"quotes\" and" + lineBreak + "---" + lineBreak
        return RandomFlowMapping(text: "---" + lineBreak + mapping + lineBreak + "---" + lineBreak + body,
                                 isJSON: isJSON, keys: keys)
    }

    /// A key as JSON writes it; the names above need no escapes.
    private static func jsonKey(_ key: String) -> String {
        "\"" + key + "\""
    }

    /// A key to edit: one that is there, or a new one.
    static func key(in document: FrontMatterDocument, _ random: inout SeededGenerator) -> String {
        let present = document.fields.keys
        if present.isEmpty || Int.random(in: 0..<3, using: &random) == 0 {
            return (keyNames + ["new", "new key", "\"quoted\""]).randomElement(using: &random) ?? "new"
        }
        return present.randomElement(using: &random) ?? "new"
    }
}

extension YAMLValue {
    /// The value as it reads back from JSON, which has no dates: days become their text.
    var readFromJSON: YAMLValue {
        switch self {
        case .day(let day): .string(day.description)
        case .list(let items): .list(items.map(\.readFromJSON))
        case .mapping(let entries): .mapping(entries.map { .init($0.key, $0.value.readFromJSON) })
        case .null, .bool, .int, .double, .string: self
        }
    }

    /// Whether JSON can write the value: NaN and the infinities it cannot.
    var isJSONWritable: Bool {
        switch self {
        case .double(let double): double.isFinite
        case .list(let items): items.allSatisfy(\.isJSONWritable)
        case .mapping(let entries): entries.allSatisfy(\.value.isJSONWritable)
        case .null, .bool, .int, .string, .day: true
        }
    }
}
