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
}
