/// A ``YAMLValue`` in JSON: scalars as JSON scalars, days as `YYYY-MM-DD` strings, mappings as
/// objects in key order. Decoding reads a `YYYY-MM-DD` string back as a day.
struct JSONYAMLValue: Codable, Sendable {
    var value: YAMLValue

    init(_ value: YAMLValue) { self.value = value }

    var entries: [YAMLValue.Entry] {
        if case .mapping(let entries) = value { return entries }
        return []
    }

    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    init(from decoder: any Decoder) throws {
        if let object = try? decoder.container(keyedBy: Key.self) {
            value = .mapping(try object.allKeys.map { key in
                .init(key.stringValue, try object.decode(JSONYAMLValue.self, forKey: key).value)
            })
            return
        }
        if var array = try? decoder.unkeyedContainer() {
            var items: [YAMLValue] = []
            while !array.isAtEnd { items.append(try array.decode(JSONYAMLValue.self).value) }
            value = .list(items)
            return
        }
        let single = try decoder.singleValueContainer()
        if single.decodeNil() {
            value = .null
        } else if let bool = try? single.decode(Bool.self) {
            value = .bool(bool)
        } else if let int = try? single.decode(Int.self) {
            value = .int(int)
        } else if let double = try? single.decode(Double.self) {
            value = .double(double)
        } else {
            let string = try single.decode(String.self)
            value = Day(string).map(YAMLValue.day) ?? .string(string)
        }
    }

    func encode(to encoder: any Encoder) throws {
        switch value {
        case .mapping(let entries):
            var object = encoder.container(keyedBy: Key.self)
            for entry in entries { try object.encode(JSONYAMLValue(entry.value), forKey: Key(stringValue: entry.key)) }
        case .list(let items):
            var array = encoder.unkeyedContainer()
            for item in items { try array.encode(JSONYAMLValue(item)) }
        case .null:
            var single = encoder.singleValueContainer()
            try single.encodeNil()
        case .bool(let bool):
            var single = encoder.singleValueContainer()
            try single.encode(bool)
        case .int(let int):
            var single = encoder.singleValueContainer()
            try single.encode(int)
        case .double(let double):
            var single = encoder.singleValueContainer()
            try single.encode(double)
        case .string(let string):
            var single = encoder.singleValueContainer()
            try single.encode(string)
        case .day(let day):
            var single = encoder.singleValueContainer()
            try single.encode(day.description)
        }
    }
}
