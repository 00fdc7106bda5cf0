/// JSON string literals, written by hand where `JSONEncoder` would cost too much or order keys
/// its own way: the index's custom keys and the CLI's JSON output share this one.
package enum JSONEscaping {
    /// Appends `string` as a JSON string literal: quotes, backslashes and control characters
    /// escaped, and U+2028 and U+2029, which JavaScript does not take raw in a string.
    package static func appendString(_ string: String, to output: inout String) {
        output += "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x2028 || scalar.value == 0x2029 {
                    let hex = String(scalar.value, radix: 16)
                    output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    output.unicodeScalars.append(scalar)
                }
            }
        }
        output += "\""
    }
}
