import Foundation
@testable import ShelfKit
import ShelfTestSupport
import Testing

/// A fragment of a title names the book it matches best: an exact title, then whole words, then
/// the start of a slug, the start of a word, anywhere in a title.
struct ResolveRankTests {
    @Test(arguments: [
        ("The Road", "the road", .exactTitle),
        ("The Name of the Wind", "wind", .wholeWords),
        ("The Name of the Wind", "of the", .wholeWords),
        ("The Winding Stair", "wind", .wordPrefix),
        ("Rewinding", "wind", .inTitle),
        ("Wind and Winding", "winding", .wholeWords),
        ("Windy Wind", "wind", .wholeWords),
        ("Gödel, Escher, Bach", "godel", .wholeWords),
        ("Catch-22", "22", .wholeWords),
    ] as [(String, String, ReferenceRank)])
    func ranks(_ title: String, _ needle: String, _ rank: ReferenceRank) {
        #expect(ReferenceRank.of(title: title, folded: needle) == rank)
    }

    @Test func aTitleWithoutTheFragmentHasNoRank() {
        #expect(ReferenceRank.of(title: "Dune", folded: "wind") == nil)
        #expect(ReferenceRank.of(title: "Dune", folded: "") == nil)
    }

    @Test(arguments: LibraryKind.allCases)
    func theBestRankWinsAndATieIsAmbiguous(_ kind: LibraryKind) async throws {
        let test = try TestLibrary.make(kind)
        for title in ["The Name of the Wind", "The Winding Stair", "Winding Down", "Ringworld", "The Fellowship of the Ring"] {
            _ = try await test.library.add(Book(title: title), to: .toRead, in: "")
        }
        #expect(try await test.library.resolve("wind").id == "the-name-of-the-wind")
        #expect(try await test.library.resolve("ring").id == "the-fellowship-of-the-ring")
        #expect(try await test.library.resolve("ringw").id == "ringworld")
        await #expect(throws: ShelfError.ambiguousReference(reference: "winding", candidates: ["the-winding-stair", "winding-down"])) {
            try await test.library.resolve("winding")
        }
    }
}
