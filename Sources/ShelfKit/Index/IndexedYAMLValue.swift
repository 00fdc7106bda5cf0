/// A ``YAMLValue`` in the index's JSON, tagged so it reads back exactly: a quoted
/// `"2024-01-02"` stays text, `5.0` stays a double, mappings keep their key order.
struct IndexedYAMLValue: Codable, Sendable {
    var value: YAMLValue

    init(_ value: YAMLValue) { self.value = value }

    private enum Tag: String, CodingKey {
        case null = "n", bool = "b", int = "i", double = "f", string = "s", day = "d", list = "l", mapping = "m"
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Tag.self)
        guard let tag = container.allKeys.first else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "untagged value"))
        }
        switch tag {
        case .null: value = .null
        case .bool: value = .bool(try container.decode(Bool.self, forKey: tag))
        case .int: value = .int(try container.decode(Int.self, forKey: tag))
        case .double:
            let text = try container.decode(String.self, forKey: tag)
            value = .double(Double(text) ?? .nan)
        case .string: value = .string(try container.decode(String.self, forKey: tag))
        case .day:
            let text = try container.decode(String.self, forKey: tag)
            guard let day = Day(text) else {
                throw DecodingError.dataCorruptedError(forKey: tag, in: container, debugDescription: "not a day")
            }
            value = .day(day)
        case .list: value = .list(try container.decode([IndexedYAMLValue].self, forKey: tag).map(\.value))
        case .mapping:
            let pairs = try container.decode([Pair].self, forKey: tag)
            value = .mapping(pairs.map { YAMLValue.Entry($0.key, $0.value.value) })
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Tag.self)
        switch value {
        case .null: try container.encode(true, forKey: .null)
        case .bool(let flag): try container.encode(flag, forKey: .bool)
        case .int(let number): try container.encode(number, forKey: .int)
        // As text, so NaN and infinities survive and JSON's number rules do not round anything.
        case .double(let number): try container.encode(number.description, forKey: .double)
        case .string(let text): try container.encode(text, forKey: .string)
        case .day(let day): try container.encode(day.description, forKey: .day)
        case .list(let items): try container.encode(items.map(IndexedYAMLValue.init), forKey: .list)
        case .mapping(let entries): try container.encode(entries.map { Pair(key: $0.key, value: IndexedYAMLValue($0.value)) }, forKey: .mapping)
        }
    }

    /// The JSON ``encode(to:)`` writes, built directly: going through `JSONEncoder` cost a
    /// tenth of the time of parsing a book with custom keys in a first build. Reads back with
    /// `JSONDecoder` like the encoder's output.
    var json: String {
        var output = ""
        Self.write(value, to: &output)
        return output
    }

    private static func write(_ value: YAMLValue, to output: inout String) {
        switch value {
        case .null: output += #"{"n":true}"#
        case .bool(let flag): output += flag ? #"{"b":true}"# : #"{"b":false}"#
        case .int(let number): output += #"{"i":"# + String(number) + "}"
        case .double(let number): tagged("f", number.description, to: &output)
        case .string(let text): tagged("s", text, to: &output)
        case .day(let day): tagged("d", day.description, to: &output)
        case .list(let items):
            output += #"{"l":["#
            for (index, item) in items.enumerated() {
                if index > 0 { output += "," }
                write(item, to: &output)
            }
            output += "]}"
        case .mapping(let entries):
            output += #"{"m":["#
            for (index, entry) in entries.enumerated() {
                if index > 0 { output += "," }
                output += "["
                JSONEscaping.appendString(entry.key, to: &output)
                output += ","
                write(entry.value, to: &output)
                output += "]"
            }
            output += "]}"
        }
    }

    private static func tagged(_ tag: String, _ text: String, to output: inout String) {
        output += #"{""# + tag + #"":"#
        JSONEscaping.appendString(text, to: &output)
        output += "}"
    }

    /// A mapping entry as `[key, value]`.
    private struct Pair: Codable {
        var key: String
        var value: IndexedYAMLValue

        init(key: String, value: IndexedYAMLValue) {
            self.key = key
            self.value = value
        }

        init(from decoder: any Decoder) throws {
            var container = try decoder.unkeyedContainer()
            key = try container.decode(String.self)
            value = try container.decode(IndexedYAMLValue.self)
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.unkeyedContainer()
            try container.encode(key)
            try container.encode(value)
        }
    }
}
