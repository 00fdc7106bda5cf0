@testable import ShelfKit
import ShelfTestSupport
import Testing

/// The shapes of real notes that edits once mangled: no final newline, a body right after the
/// fence, CRLF, `author` beside an empty `authors`, a value shelf does not accept. Each edit must
/// change exactly the bytes of its key, checked byte for byte.
struct RealFileEditTests {
    /// A file, the edit, and the exact bytes expected after it.
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var before: String
        var edit: @Sendable (inout Book) throws -> Void
        var after: String

        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "no final newline", before: "---\ntitle: No EOL\n---\n\nLast line", edit: { $0.rating = 3 },
             after: "---\ntitle: No EOL\nrating: 3\n---\n\nLast line"),
        Case(name: "body right after the fence", before: "---\ntitle: Tight\n---\nBody", edit: { $0.rating = 3 },
             after: "---\ntitle: Tight\nrating: 3\n---\nBody"),
        Case(name: "CRLF", before: "---\r\ntitle: X\r\n---\r\n\r\n# Heading\r\nText\r\n", edit: { $0.rating = 3 },
             after: "---\r\ntitle: X\r\nrating: 3\r\n---\r\n\r\n# Heading\r\nText\r\n"),
        Case(name: "CRLF, body after the fence, no final newline", before: "---\r\ntitle: X\r\n---\r\n# Heading\r\nText",
             edit: { $0.rating = 3 }, after: "---\r\ntitle: X\r\nrating: 3\r\n---\r\n# Heading\r\nText"),
        Case(name: "CRLF body changed", before: "---\r\ntitle: X\r\n---\r\n\r\nOld\r\n", edit: { $0.body = "New\r\n" },
             after: "---\r\ntitle: X\r\n---\r\n\r\nNew\r\n"),
        Case(name: "author beside an empty authors",
             before: "---\ntitle: Ubik\nauthor: Philip K. Dick\nauthors:\n---\n", edit: { $0.rating = 3 },
             after: "---\ntitle: Ubik\nauthor: Philip K. Dick\nrating: 3\nauthors:\n---\n"),
        Case(name: "a rating shelf does not accept, another key set",
             before: "---\ntitle: Zero\nrating: 0\ntags: [a]\n---\n", edit: { $0.tags = ["b"] },
             after: "---\ntitle: Zero\nrating: 0\ntags: [b]\n---\n"),
        Case(name: "a fractional rating, a custom key set",
             before: "---\ntitle: Odd\nrating: 4.2\n---\n", edit: { $0.extra.append(.init("format", .string("ebook"))) },
             after: "---\ntitle: Odd\nrating: 4.2\nformat: ebook\n---\n"),
        Case(name: "combining marks and emoji in the body",
             before: "---\ntitle: Ame\u{301}lie\n---\n\ne\u{301}\r\n👩‍👩‍👧\r\n", edit: { $0.pages = 10 },
             after: "---\ntitle: Ame\u{301}lie\npages: 10\n---\n\ne\u{301}\r\n👩‍👩‍👧\r\n"),
    ]

    @Test(arguments: cases)
    func anEditChangesOnlyItsKey(_ example: Case) async throws {
        for kind in LibraryKind.allCases {
            let test = try TestLibrary.make(kind)
            defer { test.remove() }
            try await test.write(example.before, to: "finished/book.md")
            var book = try await test.library.book("book")
            try example.edit(&book)
            let updated = try await test.library.update(book)
            #expect(await test.bytes("finished/book.md") == Array(example.after.utf8), "\(kind)")
            #expect(try await test.library.book("book") == updated, "\(kind)")
        }
    }

    @Test(arguments: LibraryKind.allCases)
    func aNewBookWithACRLFBodyGetsNoExtraLineBreak(_ kind: LibraryKind) async throws {
        let test = try TestLibrary.make(kind)
        defer { test.remove() }
        try await test.library.add(Book(id: "x", title: "X", added: testToday, body: "Notes\r\n"), to: .toRead, in: "")
        #expect(await test.bytes("to-read/x.md") == Array("---\ntitle: X\nadded: 2024-03-15\n---\n\nNotes\r\n".utf8))
    }

    @Test(arguments: LibraryKind.allCases)
    func aCRLFBodyIsReadWholeAndFound(_ kind: LibraryKind) async throws {
        let test = try TestLibrary.make(kind)
        defer { test.remove() }
        try await test.write("---\r\ntitle: X\r\n---\r\n\r\n# Heading\r\nText\r\n", to: "finished/x.md")
        #expect(Array(try await test.library.book("x").body.utf8) == Array("# Heading\r\nText\r\n".utf8))
        #expect(try await test.library.search("heading").map(\.path) == ["finished/x.md"])
    }

    @Test(arguments: LibraryKind.allCases)
    func authorBesideAnEmptyAuthorsHoldsTheAuthors(_ kind: LibraryKind) async throws {
        let test = try TestLibrary.make(kind)
        defer { test.remove() }
        try await test.write("---\ntitle: Ubik\nauthor: Philip K. Dick\nauthors:\n---\n", to: "finished/ubik.md")
        var book = try await test.library.book("ubik")
        #expect(book.authors == ["Philip K. Dick"])
        #expect(book.extra.isEmpty)
        book.authors = ["Philip K. Dick", "Someone Else"]
        try await test.library.update(book)
        #expect(await test.text("finished/ubik.md") == "---\ntitle: Ubik\nauthor: [Philip K. Dick, Someone Else]\nauthors:\n---\n")
    }

    @Test(arguments: LibraryKind.allCases)
    func settingAKeyKeepsTheBodyAsItIs(_ kind: LibraryKind) async throws {
        let test = try TestLibrary.make(kind)
        defer { test.remove() }
        try await test.write("---\r\ntitle: X\r\n---\r\nBody", to: "finished/x.md")
        let book = try await test.library.book("x")
        let edited = try book.setting("rating", to: .int(3)).setting("format", to: .string("ebook"))
        #expect(edited.body == book.body)
        try await test.library.update(edited)
        #expect(await test.bytes("finished/x.md") == Array("---\r\ntitle: X\r\nrating: 3\r\nformat: ebook\r\n---\r\nBody".utf8))
    }

    @Test(arguments: LibraryKind.allCases)
    func anUnacceptableValueBlocksOnlyItsOwnKey(_ kind: LibraryKind) async throws {
        let test = try TestLibrary.make(kind)
        defer { test.remove() }
        try await test.write("---\ntitle: Zero\nrating: 0\ntags: [a]\nformat: ebook\n---\n", to: "finished/zero.md")
        let book = try await test.library.book("zero")
        let removed = try await test.library.removeKeys(["format"], from: book).book
        #expect(removed.rating == 0)
        #expect(await test.text("finished/zero.md") == "---\ntitle: Zero\nrating: 0\ntags: [a]\n---\n")
        var rated = try await test.library.book("zero")
        rated.rating = 0.5
        rated = try await test.library.update(rated)
        #expect(await test.text("finished/zero.md") == "---\ntitle: Zero\nrating: 0.5\ntags: [a]\n---\n")
        // Setting the unacceptable value itself is refused, naming the key.
        rated.rating = 7
        await expectError(.invalidValue(path: "finished/zero.md", key: "rating", value: "7",
                                        reason: "should be between 0.5 and 5 in steps of 0.5", at: nil)) {
            try await test.library.update(rated)
        }
    }
}
