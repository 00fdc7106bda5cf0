import ShelfKit

extension ISBN {
    /// An ISBN as a spreadsheet wrote it back after reading it as a number: `9780441172719.0`
    /// gets its `.0` removed; anything else is returned unchanged. (Scientific notation,
    /// ``isScientificNotation(_:)``, lost digits no repair brings back.)
    static func spreadsheetRepaired(_ text: String) -> String {
        if let point = text.firstIndex(of: "."), text[text.index(after: point)...].allSatisfy({ $0 == "0" }),
           text[..<point].allSatisfy({ $0.isASCII && $0.isNumber }) {
            return String(text[..<point])
        }
        return text
    }

    /// Whether `text` is a number in scientific notation, `9.78055E+12`, as a spreadsheet writes
    /// a long number: the ISBN's last digits are gone.
    static func isScientificNotation(_ text: String) -> Bool {
        let parts = text.trimmingSpaces().uppercased().split(separator: "E", omittingEmptySubsequences: false)
        guard parts.count == 2, let mantissa = parts.first, let exponent = parts.last,
              !mantissa.isEmpty, mantissa.allSatisfy({ $0.isNumber || $0 == "." || $0 == "," }),
              mantissa.first?.isNumber == true else { return false }
        let power = exponent.hasPrefix("+") ? exponent.dropFirst() : exponent
        return !power.isEmpty && power.allSatisfy(\.isNumber)
    }
}
