/// Front matter values as plain text for a CSV cell.
enum ImportText {
    /// A scalar as text; lists joined with `, `.
    static func plain(_ value: YAMLValue) -> String {
        switch value {
        case .null: ""
        case .string(let text): text
        case .list(let items): items.map(plain).joined(separator: ", ")
        default: value.description
        }
    }
}

extension YAMLValue {
    /// The whole number, when this is one.
    var intValue: Int? {
        if case .int(let value) = self { return value }
        return nil
    }
}
