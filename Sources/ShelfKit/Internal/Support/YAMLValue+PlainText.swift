extension YAMLValue {
    /// The value as a person reads it and a CSV cell holds it: text without quotes, null as
    /// nothing, list items joined by `separator`, anything else as it reads in YAML (`4.5`,
    /// `2024-01-02`, `{a: 1}`). `shelf show`, templates and the Goodreads CSV join lists with
    /// `, `, `shelf list --format csv` with `; `.
    package func plainText(joiningListsWith separator: String = ", ") -> String {
        switch self {
        case .null: ""
        case .string(let text): text
        case .list(let items): items.map { $0.plainText(joiningListsWith: separator) }.joined(separator: separator)
        default: description
        }
    }

    /// The whole number, when this is one.
    package var intValue: Int? {
        if case .int(let value) = self { return value }
        return nil
    }
}
