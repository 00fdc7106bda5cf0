internal import Foundation
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
        try Self.tagged(value).encode(to: encoder)
    }

    /// The JSON ``encode(to:)`` writes, without `JSONEncoder`, which cost a tenth of the time
    /// of parsing a book with custom keys in a first build. Reads back with ``init(json:)``, or
    /// `JSONDecoder`.
    var json: String {
        Self.tagged(value).text(.compact)
    }

    /// Reads back what ``json`` wrote, through `JSONSerialization`: four times as fast as
    /// `JSONDecoder` on a custom key (1.5 against 5.7 µs), which a listing pays for each book
    /// that has one. `nil` for text that is not such JSON.
    init?(json: String) {
        guard let object = try? JSONSerialization.jsonObject(with: Data(json.utf8)),
              let value = Self.value(tagged: object) else { return nil }
        self.value = value
    }

    /// The value of a tagged object as `JSONSerialization` reads it.
    private static func value(tagged object: Any) -> YAMLValue? {
        guard let dictionary = object as? [String: Any], dictionary.count == 1,
              let (key, content) = dictionary.first, let tag = Tag(rawValue: key) else { return nil }
        switch tag {
        case .null: return .null
        case .bool: return (content as? Bool).map(YAMLValue.bool)
        case .int: return (content as? Int).map(YAMLValue.int)
        case .double: return (content as? String).map { .double(Double($0) ?? .nan) }
        case .string: return (content as? String).map(YAMLValue.string)
        case .day: return (content as? String).flatMap { Day($0) }.map(YAMLValue.day)
        case .list:
            guard let items = content as? [Any] else { return nil }
            var values: [YAMLValue] = []
            values.reserveCapacity(items.count)
            for item in items {
                guard let value = value(tagged: item) else { return nil }
                values.append(value)
            }
            return .list(values)
        case .mapping:
            guard let pairs = content as? [Any] else { return nil }
            var entries: [YAMLValue.Entry] = []
            entries.reserveCapacity(pairs.count)
            for pair in pairs {
                guard let pair = pair as? [Any], pair.count == 2, let key = pair[0] as? String,
                      let value = value(tagged: pair[1]) else { return nil }
                entries.append(YAMLValue.Entry(key, value))
            }
            return .mapping(entries)
        }
    }

    /// The value under its tag; a double as text, so NaN and infinities survive and JSON's
    /// number rules round nothing; a mapping entry as `[key, value]`.
    private static func tagged(_ value: YAMLValue) -> JSONValue {
        let (tag, content): (Tag, JSONValue) = switch value {
        case .null: (.null, .bool(true))
        case .bool(let flag): (.bool, .bool(flag))
        case .int(let number): (.int, .int(number))
        case .double(let number): (.double, .string(number.description))
        case .string(let text): (.string, .string(text))
        case .day(let day): (.day, .string(day.description))
        case .list(let items): (.list, .array(items.map(tagged)))
        case .mapping(let entries): (.mapping, .array(entries.map { .array([.string($0.key), tagged($0.value)]) }))
        }
        return .object([(tag.rawValue, content)])
    }

    /// A mapping entry as `[key, value]`, read back.
    private struct Pair: Decodable {
        var key: String
        var value: IndexedYAMLValue

        init(from decoder: any Decoder) throws {
            var container = try decoder.unkeyedContainer()
            key = try container.decode(String.self)
            value = try container.decode(IndexedYAMLValue.self)
        }
    }
}
