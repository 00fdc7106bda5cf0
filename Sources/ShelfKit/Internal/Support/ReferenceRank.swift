internal import Foundation

/// How well a reference names a book, best first. The best rank held by one book alone
/// wins, so "wind" is The Name of the Wind (a whole word) and not "The Winding Stair" (the
/// start of a word); two books sharing the best rank are ambiguous.
enum ReferenceRank: Int, Comparable {
    /// The title, folded, is the reference.
    case exactTitle
    /// The reference is one or more whole words of the title.
    case wholeWords
    /// The slug starts with the reference.
    case slugPrefix
    /// The reference starts a word of the title.
    case wordPrefix
    /// The reference is somewhere in the title.
    case inTitle

    static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The best rank of a title for `needle`, already folded; nil when the title does not
    /// contain it.
    static func of(title: String, folded needle: String) -> ReferenceRank? {
        guard !needle.isEmpty else { return nil }
        let folded = TextFolding.fold(title)
        if folded == needle { return .exactTitle }
        var best: ReferenceRank?
        var start = folded.startIndex
        while let range = folded.range(of: needle, range: start..<folded.endIndex) {
            let startsWord = range.lowerBound == folded.startIndex || !isWordCharacter(folded[folded.index(before: range.lowerBound)])
            let endsWord = range.upperBound == folded.endIndex || !isWordCharacter(folded[range.upperBound])
            let rank: ReferenceRank = startsWord ? (endsWord ? .wholeWords : .wordPrefix) : .inTitle
            best = min(best ?? rank, rank)
            if rank == .wholeWords { break }
            start = folded.index(after: range.lowerBound)
        }
        return best
    }

    private static func isWordCharacter(_ character: Character) -> Bool {
        character.isLetter || character.isNumber
    }
}
