/// Typed reads of one value: the rules ``FrontMatterDocument``'s typed reads apply to a key's
/// value, for a value given in code as for one read from a file. Each is `nil` when the value
/// cannot be read as asked, and for null.
extension YAMLValue {
    /// Whether this is null.
    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    /// The text of a scalar as it is written (``YAMLNode/text`` of the value written and read
    /// back): `4.5`, `true`, `2024-03-01`, a string as it is. `nil` for null, lists and mappings.
    public var text: String? {
        switch self {
        case .null, .list, .mapping: nil
        case .string(let text): text
        case .bool, .int, .double, .day: description
        }
    }

    /// The items as text, as ``YAMLNode/strings`` reads them: a scalar as a one-item list,
    /// nested lists flattened, null items skipped; `nil` when an item is a mapping.
    public var strings: [String]? {
        switch self {
        case .null: return []
        case .mapping: return nil
        case .list(let items):
            var result: [String] = []
            for item in items {
                guard let strings = item.strings else { return nil }
                result += strings
            }
            return result
        case .bool, .int, .double, .string, .day:
            return text.map { [$0] }
        }
    }

    /// A whole number; text that reads as one too, since people write `pages: "412"`.
    public var wholeNumber: Int? {
        switch self {
        case .int(let value): value
        case .string(let text): ScalarResolver.integer(String(text.trimmingSpaces))
        default: nil
        }
    }

    /// A number, whole or not; text that reads as one too.
    public var numberValue: Double? {
        switch self {
        case .int(let value): return Double(value)
        case .double(let value): return value
        case .string(let text):
            let trimmed = String(text.trimmingSpaces)
            return ScalarResolver.integer(trimmed).map(Double.init) ?? ScalarResolver.float(trimmed)
        default: return nil
        }
    }

    /// A day: a `YYYY-MM-DD` date, plain or quoted, or the day of a timestamp
    /// (``FrontMatterDocument/day(fromDateOrTimestamp:)``).
    public var dayValue: Day? {
        switch self {
        case .day(let value): value
        case .string(let text): FrontMatterDocument.day(fromDateOrTimestamp: String(text.trimmingSpaces))
        default: nil
        }
    }
}
