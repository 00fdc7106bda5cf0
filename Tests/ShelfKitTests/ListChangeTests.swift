import Foundation
@testable import ShelfKit
import ShelfTestSupport
import Testing

/// One element of a list added or removed, and lists written on a command line.
struct ListChangeTests {
    @Test(arguments: [
        ("Frank Herbert, Brian Herbert", ["Frank Herbert", "Brian Herbert"]),
        ("Frank Herbert", ["Frank Herbert"]),
        (#"Le Guin\, Ursula K., Someone"#, ["Le Guin, Ursula K.", "Someone"]),
        (#"a\\b, c"#, [#"a\b"#, "c"]),
        (" a ,, b ,", ["a", "b"]),
        ("", []),
    ])
    func listElements(_ text: String, _ elements: [String]) {
        #expect(Book.listElements(of: text) == elements)
    }

    @Test func changesKeepOrderAndRefuseWhatIsNotThere() throws {
        let book = Book(title: "Dune", authors: ["Frank Herbert"], tags: ["sci-fi", "classic", "kindle"])
        let changed = try book.changingList("tags", [.add("reread"), .remove("kindle"), .add("sci-fi")])
        #expect(changed.tags == ["sci-fi", "classic", "reread"])
        #expect(try book.changingList("author", [.add("Brian Herbert")]).authors == ["Frank Herbert", "Brian Herbert"])
        #expect(try book.changingList("tags", [.remove("sci-fi"), .remove("classic"), .remove("kindle")]).value(forKey: "tags") == nil)
        #expect(throws: ShelfError.invalidValue(path: "", key: "tags", value: "",
                                                reason: "has no element \"paper\"; its elements are sci-fi, classic, kindle", at: nil)) {
            try book.changingList("tags", [.remove("paper")])
        }
        #expect(throws: ShelfError.invalidValue(path: "", key: "rating", value: "",
                                                reason: "is not a list, so it has no elements to add or remove", at: nil)) {
            try book.changingList("rating", [.add("5")])
        }
    }

    @Test func customListKeysChangeToo() throws {
        var book = Book(title: "Dune")
        book.extra = [.init("shelves", .list([.string("owned")])), .init("format", .string("paperback"))]
        #expect(try book.changingList("shelves", [.add("lent")]).value(forKey: "shelves") == .list([.string("owned"), .string("lent")]))
        #expect(try book.changingList("moods", [.add("dark")]).value(forKey: "moods") == .list([.string("dark")]))
        #expect(throws: ShelfError.self) { try book.changingList("format", [.add("ebook")]) }
    }

    /// Written through the library: only the element's bytes change, in either list style.
    @Test(arguments: LibraryKind.allCases)
    func aChangeEditsOnlyTheElement(_ kind: LibraryKind) async throws {
        let test = try TestLibrary.make(kind)
        defer { test.remove() }
        try await test.write("---\ntitle: Emma\ntags: [\"classic\", kindle]  # mine\n---\n", to: "to-read/emma.md")
        try await test.write("---\ntitle: Circe\ntags:\n  - myth   # first\n  - kindle\n---\n", to: "to-read/circe.md")
        for id in ["emma", "circe"] as [BookID] {
            try await test.library.update(id) { book throws(ShelfError) in book = try book.changingList("tags", [.add("reread"), .remove("kindle")]) }
        }
        #expect(await test.text("to-read/emma.md") == "---\ntitle: Emma\ntags: [\"classic\", reread]  # mine\n---\n")
        #expect(await test.text("to-read/circe.md") == "---\ntitle: Circe\ntags:\n  - myth   # first\n  - reread\n---\n")
    }
}
