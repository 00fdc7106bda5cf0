/// ISBN check digits, so `check` can catch a mistyped number.
package enum ISBN {
    /// Why `isbn` is not a valid ISBN-10 or ISBN-13, completing "isbn …", or `nil` when it is.
    /// Hyphens and spaces are ignored.
    package static func problem(with isbn: String) -> String? {
        let characters = Array(isbn.filter { $0 != "-" && $0 != " " }.uppercased())
        switch characters.count {
        case 10:
            var sum = 0
            for (index, character) in characters.enumerated() {
                let value: Int
                if let digit = character.wholeNumberValue, character.isASCII {
                    value = digit
                } else if character == "X", index == 9 {
                    value = 10
                } else {
                    return "has a character that is not a digit"
                }
                sum += value * (10 - index)
            }
            return sum % 11 == 0 ? nil : "has a wrong check digit"
        case 13:
            var sum = 0
            for (index, character) in characters.enumerated() {
                guard let digit = character.wholeNumberValue, character.isASCII else {
                    return "has a character that is not a digit"
                }
                sum += digit * (index % 2 == 0 ? 1 : 3)
            }
            return sum % 10 == 0 ? nil : "has a wrong check digit"
        default:
            return "should have 10 or 13 digits, not \(characters.count)"
        }
    }

    /// The digits of an ISBN as written in an export: `="0441172717"` → `0441172717`; `nil`
    /// when nothing is left. Goodreads wraps ISBNs in `="…"` so spreadsheets keep leading zeros;
    /// what a spreadsheet does to one that is not wrapped is the import's to undo
    /// (``ImportedIdentifiers``, with ``spreadsheetRepaired(_:)``).
    package static func exported(_ text: String) -> String? {
        var value = Substring(text.trimmingSpaces())
        if value.hasPrefix("=") { value = value.dropFirst() }
        while value.hasPrefix("\"") { value = value.dropFirst() }
        while value.hasSuffix("\"") { value = value.dropLast() }
        let cleaned = value.filter { $0 != "-" && $0 != " " }
        return cleaned.isEmpty ? nil : String(cleaned)
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
    package static func isASIN(_ text: String) -> Bool {
        text.count == 10 && text.uppercased().hasPrefix("B0") && text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
    }

    private static func withCheckDigit13(_ twelve: String) -> String {
        var sum = 0
        for (index, character) in twelve.enumerated() { sum += (character.wholeNumberValue ?? 0) * (index % 2 == 0 ? 1 : 3) }
        return twelve + String((10 - sum % 10) % 10)
    }
}
