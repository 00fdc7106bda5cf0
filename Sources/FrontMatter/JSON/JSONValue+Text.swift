/// JSON text, written by hand: `JSONEncoder` orders keys its own way and costs too much where
/// the index writes a value per custom key.
extension JSONValue {
    /// How the text is spread out.
    package enum Layout: Sendable {
        /// One line, no spaces: `{"a":1,"b":[1,2]}`, for JSON Lines and the index.
        case compact
        /// One line, spaced as YAML flow style is: `{"a": 1, "b": [1, 2]}`, for front matter
        /// written as JSON.
        case flow
        /// Two spaces a level, one member a line.
        case pretty
    }

    /// The value as JSON text; with `indent`, pretty text as it reads that many spaces in,
    /// as an item of a pretty array or object at that depth.
    package func text(_ layout: Layout, indent: Int = 0) -> String {
        var output = ""
        append(to: &output, layout: layout, indent: indent)
        return output
    }

    private func append(to output: inout String, layout: Layout, indent: Int) {
        switch self {
        case .null: output += "null"
        case .bool(let bool): output += bool ? "true" : "false"
        case .int(let int): output += String(int)
        // Swift's shortest form (`4.5`, `1e+300`, `-0.0`) is valid JSON and a YAML 1.2 float.
        case .double(let double): output += double.isFinite ? double.description : "null"
        case .string(let string): Self.appendString(string, to: &output)
        case .array(let items):
            Self.appendContainer(items, open: "[", close: "]", to: &output, layout: layout, indent: indent) { item, output, indent in
                item.append(to: &output, layout: layout, indent: indent)
            }
        case .object(let members):
            Self.appendContainer(members, open: "{", close: "}", to: &output, layout: layout, indent: indent) { member, output, indent in
                Self.appendString(member.0, to: &output)
                output += layout == .compact ? ":" : ": "
                member.1.append(to: &output, layout: layout, indent: indent)
            }
        }
    }

    private static func appendContainer<Element>(
        _ elements: [Element], open: String, close: String, to output: inout String, layout: Layout, indent: Int,
        element: (Element, inout String, Int) -> Void
    ) {
        output += open
        guard !elements.isEmpty else {
            output += close
            return
        }
        let inner = indent + 2
        for (index, item) in elements.enumerated() {
            if index > 0 { output += layout == .flow ? ", " : "," }
            if layout == .pretty { output += "\n" + String(repeating: " ", count: inner) }
            element(item, &output, inner)
        }
        if layout == .pretty { output += "\n" + String(repeating: " ", count: indent) }
        output += close
    }

    /// Appends `string` as a JSON string literal. Only escapes JSON and YAML read alike are
    /// used, so the text is also a YAML double-quoted scalar: see
    /// ``ScalarEmitter/appendDoubleQuoted(_:to:json:)``.
    package static func appendString(_ string: String, to output: inout String) {
        ScalarEmitter.appendDoubleQuoted(string, to: &output, json: true)
    }
}
