import Foundation
@testable import ShelfKit
import Testing

/// The exact text of every error a person can see.
struct MessageTests {
    static let cases: [(ShelfError, String)] = [
        (.bookNotFound(reference: "dnue", closeMatches: ["dune"]), "no book matches \"dnue\"; did you mean dune?"),
        (.bookNotFound(reference: "x", closeMatches: ["a", "b", "c"]), "no book matches \"x\"; did you mean a, b or c?"),
        (.bookNotFound(reference: "zzz", closeMatches: []), "no book matches \"zzz\""),
        (.ambiguousReference(reference: "the", candidates: ["the-a", "the-b"]),
         "\"the\" matches 2 books: the-a, the-b; use more of the slug or title"),
        (.duplicateSlug(slug: "dune", paths: ["a/dune.md", "b/dune.md"]),
         "2 books have the slug \"dune\": a/dune.md, b/dune.md; rename all but one of the files"),
        (.invalidFrontMatter(.unclosed(FrontMatter.SourceLocation(path: "a.md", line: 1, column: 1))),
         "a.md:1:1: front matter is not closed: the opening --- has no closing --- line"),
        (.invalidValue(path: "a.md", key: "pages", value: "many", reason: "should be a whole number", at: SourceLocation(line: 3, column: 8)),
         "a.md:3:8: pages should be a whole number, found \"many\""),
        (.invalidValue(path: "a.md", key: "title", value: "", reason: "is empty", at: nil), "a.md: title is empty"),
        (.invalidValue(path: "", key: "finished", value: "xyz", reason: "should be a date (YYYY-MM-DD)", at: nil),
         "finished should be a date (YYYY-MM-DD), found \"xyz\""),
        (.alreadyExists(path: "to-read/dune.md"), "to-read/dune.md already exists; choose another slug or folder"),
        (.changedOnDisk(path: "to-read/dune.md"),
         "to-read/dune.md changed on disk since it was read; nothing was written — read it again and retry"),
        (.unknownStatus(name: "done", known: ["to-read", "finished"]),
         "unknown status \"done\"; the statuses are to-read, finished (set in .shelf/config.yaml)"),
        (.libraryNotFound(searchedFrom: "/home/ada"),
         "no library found in /home/ada or any folder above it"),
        (.notALibrary(path: "/home/ada/notes", enclosingLibrary: nil), "/home/ada/notes is not a library: it has no .shelf folder"),
        (.notALibrary(path: "/home/ada/books/finished", enclosingLibrary: "/home/ada/books"),
         "/home/ada/books/finished is not a library: it has no .shelf folder; it is a folder of the library /home/ada/books"),
        (.insideLibrary(path: "/home/ada/books/finished/club", library: "/home/ada/books"),
         "/home/ada/books/finished/club is inside the library /home/ada/books, which would list the new library's books as its own"),
        (.io(path: "to-read/x.md", operation: "open", message: "Permission denied"), "to-read/x.md: open failed: Permission denied"),
        (.sessionPageBelowProgress(bookID: "dune", page: 50, progress: 120),
         "the session ends on page 50, but dune was already at page 120; check the page numbers"),
        (.unsafeName(name: "../x", reason: "\".\" and \"..\" would leave the folder"),
         "\"../x\" cannot be used as a name in the library: \".\" and \"..\" would leave the folder"),
        (.notInTrash("dune"), "dune is not in the trash (.shelf/trash)"),
        (.libraryBusy, "another program is writing to this library; try again"),
        (.cancelled, "the write was cancelled; nothing was changed"),
    ]

    @Test(arguments: 0..<cases.count)
    func message(_ index: Int) {
        #expect(Self.cases[index].0.description == Self.cases[index].1)
    }

    @Test func anAppShowsTheSameMessage() {
        let error: any Error = ShelfError.notInTrash("dune")
        #expect(error.localizedDescription == "dune is not in the trash (.shelf/trash)")
    }

    @Test func problemsRender() {
        #expect(Problem(path: "a.md", line: 2, column: 3, message: "m").description == "a.md:2:3: m")
        #expect(Problem(path: "a/", line: 0, column: 0, message: "m").description == "a/: m")
        #expect(Problem(path: "a.md", line: 9, column: 1, message: "m") < Problem(path: "b.md", line: 1, column: 1, message: "m"))
    }
}
