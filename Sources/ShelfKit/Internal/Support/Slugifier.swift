internal import Foundation

/// Turns a title into a slug: `"Cien años de soledad"` → `cien-anos-de-soledad`.
///
/// Latin letters lose their accents so slugs are easy to type; letters of other scripts stay, so
/// `三体` gets a slug of its own instead of the fallback. Apostrophes join the letters around them
/// (`Earth's` → `earths`, not `earth-s`), and a long title is cut between words.
package enum Slugifier {
    /// The longest slug made, in characters; titles can be very long.
    static let maximumLength = 80
    /// The slug of a title with no letters or digits at all.
    static let fallback = "book"

    /// Apostrophes, straight and typographic, which are dropped rather than turned into `-`.
    static let apostrophes: Set<Unicode.Scalar> = ["\u{27}", "\u{2019}"]

    /// The slug for `title`: NFC, lowercase, Latin diacritics folded, apostrophes dropped, runs of
    /// anything else that is not a letter or digit turned into one `-`, trimmed, and cut at the last
    /// `-` that leaves at most ``maximumLength`` characters (at ``maximumLength`` when one word is
    /// longer than that).
    package static func slug(for title: String) -> String {
        var result = ""
        var pendingDash = false
        for scalar in title.precomposedStringWithCanonicalMapping.lowercased().unicodeScalars {
            for folded in fold(scalar) {
                if apostrophes.contains(folded) {
                    continue
                } else if folded.properties.isAlphabetic || folded.properties.numericType != nil {
                    if pendingDash, !result.isEmpty { result.append("-") }
                    pendingDash = false
                    result.unicodeScalars.append(folded)
                } else if !folded.properties.isDiacritic || !folded.properties.isGraphemeExtend {
                    pendingDash = true
                }
            }
        }
        return result.isEmpty ? fallback : cutAtWord(result)
    }

    /// `slug` cut at a word boundary: the longest run of whole words that fits in ``maximumLength``.
    private static func cutAtWord(_ slug: String) -> String {
        guard slug.count > maximumLength else { return slug }
        let fitting = slug.prefix(maximumLength + 1)
        guard let boundary = fitting.lastIndex(of: "-") else { return String(slug.prefix(maximumLength)) }
        return String(fitting[..<boundary])
    }

    /// A Latin letter without its marks (`á` → `a`, `ø` → `o`, `ß` → `ss`); other scalars as they are.
    private static func fold(_ scalar: Unicode.Scalar) -> [Unicode.Scalar] {
        if let special = specialLatin[scalar] { return Array(special.unicodeScalars) }
        guard isLatin(scalar) else { return [scalar] }
        let decomposed = String(scalar).decomposedStringWithCanonicalMapping.unicodeScalars
        return decomposed.filter { !$0.properties.isGraphemeExtend }
    }

    private static func isLatin(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00C0...0x024F, 0x1E00...0x1EFF: return true
        default: return false
        }
    }

    /// Latin letters that do not decompose into a base letter and marks.
    private static let specialLatin: [Unicode.Scalar: String] = [
        "ß": "ss", "æ": "ae", "œ": "oe", "ø": "o", "đ": "d", "ð": "d", "þ": "th", "ł": "l", "ı": "i", "ħ": "h",
    ]
}
