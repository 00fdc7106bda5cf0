import Foundation
@testable import ShelfKit
import Testing

/// Values as other tools write them read as what they mean, and are never rewritten unasked.
struct RealWorldValueTests {
    /// The index joins authors and tags with U+001F; an item holding it (only a `"\x1f"`
    /// escape can write one) is refused alike by every library, not split in two by one.
    @Test(arguments: LibraryKind.allCases)
    func listItemsHoldingTheUnitSeparatorAreRefused(_ kind: LibraryKind) async throws {
        let test = try TestLibrary.make(kind)
        defer { test.remove() }
        try await test.write("---\ntitle: Odd\nauthors: [\"Ann\\x1fBob\"]\ntags: [fine]\n---\n", to: "to-read/odd.md")
        let book = try await test.library.book("odd")
        #expect(book.authors.isEmpty)
        #expect(book.tags == ["fine"])
        #expect(try await test.library.books(matching: "author=ann").isEmpty)
        let messages = try await test.library.check().map(\.message)
        #expect(messages.count == 1 && messages[0].hasPrefix("authors holds the control character U+001F; remove it"), "\(messages)")
    }

    @Test(arguments: LibraryKind.allCases)
    func timestampsAndMonthsRead(_ kind: LibraryKind) async throws {
        let test = try TestLibrary.make(kind)
        defer { test.remove() }
        let text = """
            ---
            title: The Name of the Rose
            published: 1980-01-01T00:00:00+00:00
            added: 2023-04-02 21:15
            ---

            """
        try await test.write(text, to: "to-read/the-name-of-the-rose.md")
        try await test.write("---\ntitle: Project Hail Mary\npublished: 2021-05\n---\n", to: "to-read/project-hail-mary.md")
        let rose = try await test.library.book("the-name-of-the-rose")
        #expect(rose.published == .day(day("1980-01-01")))
        #expect(rose.added == day("2023-04-02"))
        let mary = try await test.library.book("project-hail-mary")
        #expect(mary.published == .year(2021))
        #expect(try await test.library.check().isEmpty)

        var edited = mary
        edited.pages = 476
        _ = try await test.library.update(edited)
        #expect(await test.text("to-read/project-hail-mary.md") == "---\ntitle: Project Hail Mary\npublished: 2021-05\npages: 476\n---\n")
    }

    /// Obsidian's book plugins and many hand-made notes write `author`, often as a wiki link.
    @Test(arguments: LibraryKind.allCases)
    func aSingularAuthorKeyHoldsTheAuthors(_ kind: LibraryKind) async throws {
        let test = try TestLibrary.make(kind)
        defer { test.remove() }
        let text = """
            ---
            title: Dune
            author: "[[Frank Herbert]]"
            category: Science Fiction
            total: 412
            ---

            Spice.

            """
        try await test.write(text, to: "reading/dune.md")
        try await test.write("---\ntitle: Emma\nauthors: [Jane Austen]\nauthor: Someone Else\n---\n", to: "to-read/emma.md")
        let dune = try await test.library.book("dune")
        #expect(dune.authors == ["[[Frank Herbert]]"])
        #expect(dune.extra.map(\.key) == ["category", "total"])
        #expect(try await test.library.books(matching: "author:herbert").map(\.title) == ["Dune"])
        // With both keys, `authors` holds the authors and `author` is a key of its own.
        let emma = try await test.library.book("emma")
        #expect(emma.authors == ["Jane Austen"])
        #expect(emma.extra.map(\.key) == ["author"])

        // An edit of the authors goes to the key the file has; other edits leave it alone and
        // place new keys after it, as after `authors`.
        let withPages = text.replacingOccurrences(of: "]]\"\n", with: "]]\"\npages: 412\n")
        var edited = dune
        edited.pages = 412
        _ = try await test.library.update(edited)
        #expect(await test.text("reading/dune.md") == withPages)
        var renamed = try await test.library.book("dune")
        renamed.authors = ["Frank Herbert", "Brian Herbert"]
        _ = try await test.library.update(renamed)
        #expect(await test.text("reading/dune.md")
            == withPages.replacingOccurrences(of: "author: \"[[Frank Herbert]]\"", with: "author: [Frank Herbert, Brian Herbert]"))

        // `author` and `authors` both name that key in a change; a file with both keeps them apart.
        let set = try (try await test.library.book("dune")).setting("author", to: .string("Brian Herbert"))
        #expect(set.authors == ["Brian Herbert"] && set.extra.map(\.key) == ["category", "total"])
        _ = try await test.library.update(set)
        #expect(await test.text("reading/dune.md")
            == withPages.replacingOccurrences(of: "author: \"[[Frank Herbert]]\"", with: "author: [Brian Herbert]"))
        let removal = try await test.library.removeKeys(["authors"], from: try await test.library.book("dune"))
        let (unset, absent) = (removal.book, removal.absent)
        #expect(unset.authors.isEmpty && absent.isEmpty)
        #expect(await test.text("reading/dune.md") == withPages.replacingOccurrences(of: "author: \"[[Frank Herbert]]\"\n", with: ""))
        let emmaSet = try emma.setting("author", to: .string("Anonymous"))
        #expect(emmaSet.authors == ["Jane Austen"] && emmaSet.value(forKey: "author") == .string("Anonymous"))
    }
}
