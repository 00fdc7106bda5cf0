extension ISBN {
    /// The digits of an ISBN as written in an export: `="0441172717"` → `0441172717`; `nil`
    /// when nothing is left. Goodreads wraps ISBNs in `="…"` so spreadsheets keep leading zeros;
    /// what a spreadsheet does to one that is not wrapped is the import's to undo
    /// (``ImportedIdentifiers``, with ``spreadsheetRepaired(_:)``).
    static func exported(_ text: String) -> String? {
        var value = Substring(text.trimmingSpaces())
        if value.hasPrefix("=") { value = value.dropFirst() }
        while value.hasPrefix("\"") { value = value.dropFirst() }
        while value.hasSuffix("\"") { value = value.dropLast() }
        let cleaned = value.filter { $0 != "-" && $0 != " " }
        return cleaned.isEmpty ? nil : String(cleaned)
    }

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

    /// The ISBN-13 of a valid ISBN-10 or ISBN-13, so both forms of one book compare equal; `nil`
    /// for anything that is not a valid ISBN.
    package static func thirteen(_ isbn: String) -> String? {
        let characters = String(isbn.filter { $0 != "-" && $0 != " " }.uppercased())
        guard problem(with: characters) == nil else { return nil }
        if characters.count == 13 { return characters }
        return withCheckDigit13("978" + characters.prefix(9))
    }

    /// The ISBN-10 of an ISBN-13 starting with 978, the only ones that have one.
    package static func ten(_ isbn: String) -> String? {
        guard let thirteen = thirteen(isbn), thirteen.hasPrefix("978") else { return nil }
        let body = thirteen.dropFirst(3).prefix(9)
        var sum = 0
        for (index, character) in body.enumerated() { sum += (character.wholeNumberValue ?? 0) * (10 - index) }
        let check = (11 - sum % 11) % 11
        return body + (check == 10 ? "X" : String(check))
    }

    /// Whether `text` looks like an Amazon ASIN (`B00ZVA3XL6`): ten letters and digits starting with `B0`.
    static func isASIN(_ text: String) -> Bool {
        text.count == 10 && text.uppercased().hasPrefix("B0") && text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
    }

    private static func withCheckDigit13(_ twelve: String) -> String {
        var sum = 0
        for (index, character) in twelve.enumerated() { sum += (character.wholeNumberValue ?? 0) * (index % 2 == 0 ? 1 : 3) }
        return twelve + String((10 - sum % 10) % 10)
    }
}
