/// A typed YAML value, as the core schema of YAML 1.2 reads it; also what edits write.
///
/// Reading gives this from a ``YAMLNode`` (``YAMLNode/value``); writing takes it in
/// ``FrontMatterDocument/setValue(_:forKey:after:)``. Mappings keep their key order.
public enum YAMLValue: Sendable, Hashable, CustomStringConvertible {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    /// A plain `YYYY-MM-DD` scalar: a calendar day, never shifted by a time zone.
    case day(Day)
    case list([YAMLValue])
    case mapping([Entry])

    /// One key and value of a ``YAMLValue/mapping(_:)``.
    public struct Entry: Sendable, Hashable {
        /// The key.
        public var key: String
        /// The value.
        public var value: YAMLValue

        /// Creates an entry.
        public init(_ key: String, _ value: YAMLValue) {
            self.key = key
            self.value = value
        }
    }

    /// The value as it would read in a flow YAML document, for messages and tests.
    public var description: String {
        ScalarEmitter.flow(self)
    }

    /// Equality that treats NaN as equal to NaN, so that a value read back compares equal
    /// to the value written.
    public func isSameValue(as other: YAMLValue) -> Bool {
        switch (self, other) {
        case let (.double(a), .double(b)):
            return a == b || (a.isNaN && b.isNaN)
        case let (.list(a), .list(b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.isSameValue(as: $1) }
        case let (.mapping(a), .mapping(b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value.isSameValue(as: $1.value) }
        default:
            return self == other
        }
    }

    /// A short name of the kind of value, for messages ("a list", "a number").
    public var kindDescription: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .int: "a whole number"
        case .double: "a number"
        case .string: "text"
        case .day: "a date"
        case .list: "a list"
        case .mapping: "a mapping"
        }
    }
}
