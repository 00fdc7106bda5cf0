import ShelfKit

/// Numbers as a spreadsheet writes them back when it re-saves an export.
///
/// Goodreads writes `5` and `1007`; Excel or Numbers may write the same cells as `5.0`, `5,0`
/// (a decimal comma), `1,007` or `1.007` or `1 007` (thousands separators), `1965.0`. Each of those
/// has one meaning as a whole number, so it is read; `4.5` is not a whole number and is refused.
/// A separator followed by exactly three digits groups thousands (`1,000` is a thousand, never
/// one), since a spreadsheet drops a fraction's trailing zeros.
enum SpreadsheetNumber {
    /// Characters that separate thousands: comma, dot, space, no-break spaces, apostrophe (Swiss).
    private static let groupSeparators: Set<Character> = [",", ".", " ", "\u{00A0}", "\u{202F}", "'"]

    /// `5`, ` 5 `, `5.0`, `5,0`, `1,007`, `1.007`, `1 007`, `1,007.0`, `-700`; `nil` for anything
    /// that is not a whole number written one of those ways.
    static func whole(_ text: String) -> Int? {
        var body = Substring(text.trimmingSpaces())
        var negative = false
        if let sign = body.first, sign == "-" || sign == "+" || sign == "\u{2212}" {
            negative = sign != "+"
            body = body.dropFirst()
        }
        guard let magnitude = digits(body) ?? wholeWithZeroFraction(body), let value = Int(magnitude) else { return nil }
        return negative ? -value : value
    }

    /// A number with a decimal point or a decimal comma (`4.25`, `4,25`), or a whole number as
    /// ``whole(_:)`` reads it; `nil` otherwise.
    static func decimal(_ text: String) -> Double? {
        let trimmed = text.trimmingSpaces()
        if let value = whole(trimmed) { return Double(value) }
        let plain = trimmed.allSatisfy { $0.isASCII && ($0.isNumber || $0 == "." || $0 == "-" || $0 == "+") }
        if plain, let value = Double(trimmed), value.isFinite { return value }
        let commas = trimmed.count(where: { $0 == "," })
        guard commas == 1, !trimmed.contains("."),
              trimmed.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == "," || $0 == "-" || $0 == "+") }),
              let value = Double(trimmed.replacingComma()), value.isFinite else { return nil }
        return value
    }

    /// The digits of `1007` or of `1,007` (groups of three after a first of one to three, one
    /// separator throughout); `nil` otherwise.
    private static func digits(_ text: Substring, excluding excluded: Character? = nil) -> String? {
        guard !text.isEmpty else { return nil }
        if isDigits(text) { return String(text) }
        guard let separator = text.first(where: { !isDigit($0) }), separator != excluded,
              groupSeparators.contains(separator) else { return nil }
        let groups = text.split(separator: separator, omittingEmptySubsequences: false)
        guard let first = groups.first, (1...3).contains(first.count), groups.count > 1,
              groups.allSatisfy(isDigits), groups.dropFirst().allSatisfy({ $0.count == 3 }) else { return nil }
        return groups.joined()
    }

    /// The whole part of `5.0`, `5,00`, `1965.0`, `1,007.0`: a fraction of zeros only after the
    /// last dot or comma.
    private static func wholeWithZeroFraction(_ text: Substring) -> String? {
        guard let point = text.lastIndex(where: { $0 == "." || $0 == "," }) else { return nil }
        let fraction = text[text.index(after: point)...]
        guard !fraction.isEmpty, fraction.allSatisfy({ $0 == "0" }) else { return nil }
        return digits(text[..<point], excluding: text[point])
    }

    private static func isDigit(_ character: Character) -> Bool {
        character.isASCII && character.isNumber
    }

    private static func isDigits(_ text: Substring) -> Bool {
        !text.isEmpty && text.allSatisfy(isDigit)
    }
}

private extension String {
    func replacingComma() -> String {
        String(map { $0 == "," ? "." : $0 })
    }
}
