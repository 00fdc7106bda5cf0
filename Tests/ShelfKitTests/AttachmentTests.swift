import Foundation
@testable import ShelfKit
import ShelfTestSupport
import Testing

/// Files written beside a book in the book's own write (a fetched cover): named after the
/// book's file, named in its key, taken along by a move, taken back by undo, never written over.
struct AttachmentTests {
    static let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0x01, 0x02]

    /// A status changed in the closure is a move, as in `update(_:_:)`, never dropped; with files
    /// to attach beside the book where it is, it is refused and nothing is written.
    @Test(arguments: LibraryKind.allCases)
    func aStatusChangedInTheUpdateMovesTheBookOrIsRefusedWithAttachments(_ kind: LibraryKind) async throws {
        let test = try TestLibrary.make(kind)
        defer { test.remove() }
        try await test.write(LibraryWritingTests.handWritten, to: "finished/dune.md")
        let attachment = BookAttachment(fileExtension: "jpg", bytes: Self.jpeg, key: "cover")
        await #expect(throws: ShelfError.self) {
            try await test.library.update("dune", attaching: [attachment]) { $0.status = .abandoned }
        }
        #expect(await test.text("finished/dune.md") == LibraryWritingTests.handWritten)
        #expect(await !test.exists("finished/dune.jpg"))
        let moved = try await test.library.update("dune", attaching: []) { $0.status = .abandoned }
        #expect(moved.path == "abandoned/dune.md")
        #expect(await !test.exists("finished/dune.md"))
    }

    @Test(arguments: LibraryKind.allCases)
    func anUpdateWritesTheFileAndItsKeyInOneWriteThatUndoTakesBack(_ kind: LibraryKind) async throws {
        let test = try TestLibrary.make(kind)
        defer { test.remove() }
        try await test.write(LibraryWritingTests.handWritten, to: "finished/dune.md")
        let written = try await test.library.update("dune", attaching: [BookAttachment(fileExtension: "jpg", bytes: Self.jpeg, key: "cover")]) {
            $0.publisher = "Ace"
        }
        #expect(written.cover == "dune.jpg")
        #expect(await test.bytes("finished/dune.jpg") == Self.jpeg)
        #expect(await test.text("finished/dune.md") == """
            ---
            title: Dune
            authors: [Frank Herbert]
            # my copy
            pages: 412
            publisher: Ace
            tags:
              - sci-fi
            finished: 2024-02-11
            cover: dune.jpg
            format: paperback
            ---

            ## Review
            """)
        _ = try await test.library.undoLastWrite()
        #expect(await test.text("finished/dune.md") == LibraryWritingTests.handWritten)
        #expect(await !test.exists("finished/dune.jpg"))
    }

    @Test(arguments: LibraryKind.allCases)
    func anotherFileWithTheNameIsNeverWrittenOver(_ kind: LibraryKind) async throws {
        let test = try TestLibrary.make(kind)
        defer { test.remove() }
        try await test.write(LibraryWritingTests.handWritten, to: "finished/dune.md")
        try await test.write("not a cover", to: "finished/dune.jpg")
        await expectError(.alreadyExists(path: "finished/dune.jpg")) {
            try await test.library.update("dune", attaching: [BookAttachment(fileExtension: "jpg", bytes: Self.jpeg, key: "cover")]) { _ in }
        }
        #expect(await test.text("finished/dune.md") == LibraryWritingTests.handWritten)
        #expect(await test.text("finished/dune.jpg") == "not a cover")
    }

    @Test(arguments: LibraryKind.allCases)
    func aNewBookGetsItsAttachmentNamedAfterItsSlugAndACoverBesideItMovesWithIt(_ kind: LibraryKind) async throws {
        let test = try TestLibrary.make(kind)
        defer { test.remove() }
        let added = try await test.library.add(Book(title: "Kindred"), to: .toRead, in: "",
                                               attaching: [BookAttachment(fileExtension: "png", bytes: Self.jpeg, key: "cover")])
        #expect(added.cover == "kindred.png")
        #expect(await test.bytes("to-read/kindred.png") == Self.jpeg)
        _ = try await test.library.move("kindred", to: .reading, folder: "octavia")
        #expect(await test.bytes("reading/octavia/kindred.png") == Self.jpeg)
        #expect(await !test.exists("to-read/kindred.png"))
        _ = try await test.library.undoLastWrite()
        #expect(await test.bytes("to-read/kindred.png") == Self.jpeg)
    }

    @Test(arguments: [
        ("dune.jpg", "finished/sci-fi", "finished/sci-fi/dune.jpg"),
        ("./covers/dune.jpg", "finished", "finished/covers/dune.jpg"),
        ("../../covers/dune.jpg", "finished/sci-fi", "covers/dune.jpg"),
        ("../../../dune.jpg", "finished/sci-fi", nil),
        ("https://covers.openlibrary.org/b/id/1-L.jpg", "finished", nil),
        ("/home/me/dune.jpg", "finished", nil),
        ("[[dune.jpg]]", "finished", nil),
    ] as [(String, String, String?)])
    func aCoverKeyNamesAFileOrNot(value: String, directory: String, path: String?) {
        #expect(CoverFile.path(of: value, besideBookIn: directory) == path)
    }
}
