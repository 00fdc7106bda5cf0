/// Text made safe inside HTML or XML, for the reviews the Goodreads export writes and the SVG
/// chart of `shelf stats`.
package enum MarkupEscaping {
    /// `text` with `&`, `<` and `>` as entities, and with `quotes` also `"` and `'`, for a value
    /// inside an attribute.
    package static func escaped(_ text: String, quotes: Bool = false) -> String {
        var output = ""
        for character in text {
            switch character {
            case "&": output += "&amp;"
            case "<": output += "&lt;"
            case ">": output += "&gt;"
            case "\"" where quotes: output += "&quot;"
            case "'" where quotes: output += "&apos;"
            default: output.append(character)
            }
        }
        return output
    }
}
