/// A ``YAMLValue`` in JSON, for `Codable` books and sessions: written as ``JSONValue`` writes
/// it (days as `YYYY-MM-DD` strings, mappings as objects in key order); read back with a
/// `YYYY-MM-DD` string as a day.
struct JSONYAMLValue: Codable, Sendable {
    var value: YAMLValue

    init(_ value: YAMLValue) { self.value = value }

    var entries: [YAMLValue.Entry] {
        if case .mapping(let entries) = value { return entries }
        return []
    }

    init(from decoder: any Decoder) throws {
        if let object = try? decoder.container(keyedBy: JSONValue.Key.self) {
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
        guard let json = JSONValue(exactly: value) else {
            throw EncodingError.invalidValue(value, .init(codingPath: encoder.codingPath,
                                                          debugDescription: "JSON cannot hold NaN or an infinity"))
        }
        try json.encode(to: encoder)
    }
}
