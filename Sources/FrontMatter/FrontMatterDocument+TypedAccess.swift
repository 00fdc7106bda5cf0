/// Typed reads of top-level keys. Each returns `nil` when the key is absent or null, and throws
/// ``FrontMatterError/typeMismatch(key:expected:found:_:)`` with the value's position when the
/// value cannot be read as asked.
extension FrontMatterDocument {
    /// Text, whatever the scalar resolves to: `isbn: 0441172717` reads as `"0441172717"`.
    public func string(_ key: String) throws(FrontMatterError) -> String? {
        guard let node = present(key) else { return nil }
        guard let text = node.text else { throw mismatch(key, node, expected: "text") }
        return text
    }

    /// A whole number; a quoted number is accepted too, since people write `pages: "412"`.
    public func int(_ key: String) throws(FrontMatterError) -> Int? {
        guard let node = present(key) else { return nil }
        if let value = node.value.wholeNumber { return value }
        throw mismatch(key, node, expected: "a whole number")
    }

    /// A number, whole or not.
    public func double(_ key: String) throws(FrontMatterError) -> Double? {
        guard let node = present(key) else { return nil }
        if let value = node.value.numberValue { return value }
        throw mismatch(key, node, expected: "a number")
    }

    /// `true` or `false`.
    public func bool(_ key: String) throws(FrontMatterError) -> Bool? {
        guard let node = present(key) else { return nil }
        if case .bool(let value) = node.value { return value }
        throw mismatch(key, node, expected: "true or false")
    }

    /// A `YYYY-MM-DD` date, plain or quoted. A timestamp that other tools write
    /// (`2024-03-01T21:15:00Z`, `2024-03-01 21:15`) reads as its calendar day, as written.
    public func day(_ key: String) throws(FrontMatterError) -> Day? {
        guard let node = present(key) else { return nil }
        if let value = node.value.dayValue { return value }
        throw mismatch(key, node, expected: "a date (YYYY-MM-DD)")
    }

    /// A list of text; a single value is read as a one-item list.
    public func strings(_ key: String) throws(FrontMatterError) -> [String]? {
        guard let node = present(key) else { return nil }
        guard let strings = node.strings else { throw mismatch(key, node, expected: "a list of text") }
        return strings
    }

    /// The day of `2024-03-01`, `2024-03-01T21:15:00+01:00` or `2024-03-01 21:15`; the time and
    /// zone are ignored, since the day the person wrote is the day they meant.
    public static func day(fromDateOrTimestamp text: String) -> Day? {
        if let day = Day(text) { return day }
        let utf8 = Array(text.utf8)
        guard utf8.count > 11, utf8[10] == UInt8(ascii: "T") || utf8[10] == UInt8(ascii: "t") || utf8[10] == UInt8(ascii: " "),
              (48...57).contains(utf8[11]) else { return nil }
        return Day(String(decoding: utf8[..<10], as: UTF8.self))
    }

    private func present(_ key: String) -> YAMLNode? {
        guard let node = fields[key], !node.isNull else { return nil }
        return node
    }

    private func mismatch(_ key: String, _ node: YAMLNode, expected: String) -> FrontMatterError {
        let found: String
        if let scalar = node.scalar {
            found = "\"\(scalar.text)\""
        } else {
            found = node.value.kindDescription
        }
        return .typeMismatch(key: key, expected: expected, found: found, location(of: node))
    }
}

extension String {
    var trimmingSpaces: Substring {
        var slice = self[...]
        while slice.first == " " { slice = slice.dropFirst() }
        while slice.last == " " { slice = slice.dropLast() }
        return slice
    }
}
