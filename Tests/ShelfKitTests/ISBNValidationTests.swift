import Foundation
@testable import ShelfKit
import ShelfTestSupport
import Testing

/// An ISBN is checked when written, as a rating is; copies of a book are found by ISBN or by
/// title and first author; `check` reports files that share an ISBN.
struct ISBNValidationTests {
    @Test(arguments: LibraryKind.allCases)
    func aWrongISBNIsRefusedWhenWrittenAndNothingChanges(_ kind: LibraryKind) async throws {
        let test = try TestLibrary.make(kind)
        defer { test.remove() }
        await expectError(.invalidValue(path: "to-read/emma.md", key: "isbn", value: "9780441172718",
                                        reason: "has a wrong check digit", at: nil)) {
            try await test.library.add(Book(title: "Emma", isbn: "9780441172718"), to: .toRead, in: "")
        }
        #expect(await !test.exists("to-read/emma.md"))
        try await test.library.add(Book(title: "Emma", isbn: "978-0-441-17271-9"), to: .toRead, in: "")
        let before = await test.bytes("to-read/emma.md")
        await expectError(.invalidValue(path: "to-read/emma.md", key: "isbn", value: "12345",
                                        reason: "should have 10 or 13 digits, not 5", at: nil)) {
            try await test.library.update("emma") { $0.isbn = "12345" }
        }
        #expect(await test.bytes("to-read/emma.md") == before)
        try await test.library.update("emma") { $0.isbn = "0 441 17271 7" }
        #expect(try await test.library.book("emma").isbn == "0 441 17271 7")
    }

    /// A value already in the file is reported by `check`, never a reason to refuse another edit.
    @Test(arguments: LibraryKind.allCases)
    func aWrongISBNAlreadyInTheFileBlocksNoOtherEdit(_ kind: LibraryKind) async throws {
        let test = try TestLibrary.make(kind)
        defer { test.remove() }
        try await test.write("---\ntitle: Emma\nisbn: \"9780441172718\"\n---\n", to: "to-read/emma.md")
        try await test.library.update("emma") { $0.pages = 474 }
        #expect(await test.text("to-read/emma.md") == "---\ntitle: Emma\nisbn: \"9780441172718\"\npages: 474\n---\n")
    }

    @Test(arguments: LibraryKind.allCases)
    func duplicatesAreFoundByISBNOrTitleAndFirstAuthor(_ kind: LibraryKind) async throws {
        let test = try TestLibrary.make(kind)
        defer { test.remove() }
        try await test.library.add(.dune, to: .finished, in: "sci-fi")
        try await test.library.add(Book(title: "Dune Messiah", authors: ["Frank Herbert"]), to: .toRead, in: "")
        let byISBN = try await test.library.duplicates(of: Book(title: "Dune (film tie-in)", isbn: "0-441-17271-7"))
        #expect(byISBN.map(\.book.path) == ["finished/sci-fi/dune.md"] && byISBN.map(\.reason) == [.isbn("9780441172719")])
        let byTitle = try await test.library.duplicates(of: Book(title: "DÚNE", authors: ["frank herbert", "Someone"]))
        #expect(byTitle.map(\.book.path) == ["finished/sci-fi/dune.md"] && byTitle.map(\.reason) == [.titleAndFirstAuthor])
        #expect(try await test.library.duplicates(of: Book(title: "Dune", authors: ["Brian Herbert"])).isEmpty)
    }

    @Test func checkReportsFilesSharingAnISBN() async throws {
        let root = try TemporaryFolder.make(with: [
            ".shelf/config.yaml": "statuses: [to-read, reading, finished, abandoned]\n",
            "finished/dune.md": "---\ntitle: Dune\nisbn: \"9780441172719\"\n---\n",
            "to-read/dune-again.md": "---\ntitle: Dune Again\nauthors: [Frank Herbert]\nisbn: 0-441-17271-7\n---\n",
            "to-read/emma.md": "---\ntitle: Emma\nisbn: \"9780141439587\"\n---\n",
        ])
        defer { try? FileManager.default.removeItem(atPath: root) }
        #expect(try await FileLibrary(root: root).check().map(\.description) == [
            "finished/dune.md:3:7: duplicate isbn 9780441172719: also in to-read/dune-again.md; two files of one book?",
            "to-read/dune-again.md:4:7: duplicate isbn 9780441172719: also in finished/dune.md; two files of one book?",
        ])
    }
}
