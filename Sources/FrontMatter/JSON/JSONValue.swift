/// A JSON value whose objects keep their members in order: the one way shelf turns values
/// into JSON, for front matter written as a JSON object, the index's stored values and the
/// command line's `--format json`.
///
/// JSON text is also YAML flow text that reads back as the same value, but for days: JSON has
/// no dates, so a day is its `YYYY-MM-DD` text and reads back as text (``YAMLValue/daysAsText``;
/// typed reads still take it as a day). JSON has no NaN or infinities either: ``init(_:)``
/// writes them as `null`, ``init(exactly:)`` refuses them.
package indirect enum JSONValue: Sendable, Encodable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([JSONValue])
    case object([(String, JSONValue)])

    /// `yaml` as JSON, NaN and infinities as `null`: for output a person or a script reads.
    package init(_ yaml: YAMLValue) {
        self = Self.converting(yaml, exactly: false) ?? .null
    }

    /// `yaml` as JSON, or `nil` when it holds NaN or an infinity: for a writer that must keep
    /// the value it was given.
    package init?(exactly yaml: YAMLValue) {
        guard let value = Self.converting(yaml, exactly: true) else { return nil }
        self = value
    }

    private static func converting(_ yaml: YAMLValue, exactly: Bool) -> JSONValue? {
        switch yaml {
        case .null: return .null
        case .bool(let bool): return .bool(bool)
        case .int(let int): return .int(int)
        case .double(let double): return double.isFinite ? .double(double) : exactly ? nil : .null
        case .string(let string): return .string(string)
        case .day(let day): return .string(day.description)
        case .list(let items):
            var converted: [JSONValue] = []
            for item in items {
                guard let value = converting(item, exactly: exactly) else { return nil }
                converted.append(value)
            }
            return .array(converted)
        case .mapping(let entries):
            var members: [(String, JSONValue)] = []
            for entry in entries {
                guard let value = converting(entry.value, exactly: exactly) else { return nil }
                members.append((entry.key, value))
            }
            return .object(members)
        }
    }

    package func encode(to encoder: any Encoder) throws {
        switch self {
        case .object(let members):
            var object = encoder.container(keyedBy: Key.self)
            for (key, value) in members { try object.encode(value, forKey: Key(stringValue: key)) }
        case .array(let items):
            var array = encoder.unkeyedContainer()
            for item in items { try array.encode(item) }
        case .null, .bool, .int, .double, .string:
            var single = encoder.singleValueContainer()
            switch self {
            case .bool(let bool): try single.encode(bool)
            case .int(let int): try single.encode(int)
            case .double(let double): try single.encode(double)
            case .string(let string): try single.encode(string)
            case .null, .array, .object: try single.encodeNil()
            }
        }
    }

    /// Any string as a coding key, for objects.
    package struct Key: CodingKey {
        package var stringValue: String
        package var intValue: Int? { nil }
        package init(stringValue: String) { self.stringValue = stringValue }
        package init?(intValue: Int) { nil }
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
