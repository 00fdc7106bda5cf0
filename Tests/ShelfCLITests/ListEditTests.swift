import Foundation
import ShelfTestSupport
import Testing

/// Lists without retyping them: `set "authors=A, B"`, `set tags+=x tags-=y`, `shelf tag BOOK +x -y`.
struct ListEditTests {
    @Test func aCommaSeparatedValueOfAListFieldIsAList() throws {
        let library = try ExampleLibrary()
        expectRun(try library.shelf("set", "dune", "authors=Frank Herbert, Brian Herbert"), stdout: "finished/sci-fi/dune.md\n")
        expectRun(try library.shelf("set", "circe", #"authors=Madeline Miller, Miller\, Jr."#), stdout: "to-read/circe.md\n")
        #expect(try library.changes() == """
            diff --git a/finished/sci-fi/dune.md b/finished/sci-fi/dune.md
            --- a/finished/sci-fi/dune.md
            +++ b/finished/sci-fi/dune.md
            @@ -1,6 +1,6 @@
             ---
             title: Dune
            -authors: [Frank Herbert]
            +authors: [Frank Herbert, Brian Herbert]
             isbn: "9780441172719"
             published: 1965
             pages: 412
            diff --git a/to-read/circe.md b/to-read/circe.md
            --- a/to-read/circe.md
            +++ b/to-read/circe.md
            @@ -2,6 +2,7 @@
             title: Circe
             authors:
               - Madeline Miller
            +  - Miller, Jr.
             isbn: "9780316556347"
             published: 2018
             pages: 393

            """)
    }

    @Test func tagAndSetAddAndRemoveOneElementInEitherListStyle() throws {
        let library = try ExampleLibrary()
        try library.write("to-read/emma.md", "---\ntitle: Emma\ntags:\n  - classic  # mine\n  - kindle\n---\n")
        try library.git("add", "-A")
        try library.git("-c", "user.name=shelf", "-c", "user.email=shelf@example.org", "commit", "-q", "-m", "emma")
        expectRun(try library.shelf("tag", "dune", "+reread", "-classic"), stdout: "finished/sci-fi/dune.md\n")
        expectRun(try library.shelf("set", "emma", "tags+=reread", "tags-=kindle"), stdout: "to-read/emma.md\n")
        expectRun(try library.shelf("tag", "dune", "reread"), stdout: "finished/sci-fi/dune.md: nothing changed\n")
        #expect(try library.changes() == """
            diff --git a/finished/sci-fi/dune.md b/finished/sci-fi/dune.md
            --- a/finished/sci-fi/dune.md
            +++ b/finished/sci-fi/dune.md
            @@ -8,7 +8,7 @@ publisher: Ace
             language: en
             series: Dune
             series_index: 1
            -tags: [sci-fi, classic]
            +tags: [sci-fi, reread]
             rating: 5
             added: 2023-12-26
             started: 2024-01-02
            diff --git a/to-read/emma.md b/to-read/emma.md
            --- a/to-read/emma.md
            +++ b/to-read/emma.md
            @@ -2,5 +2,5 @@
             title: Emma
             tags:
               - classic  # mine
            -  - kindle
            +  - reread
             ---

            """)
    }

    @Test func removingWhatIsNotThereIsRefusedAndTheLastTagTakesTheKey() throws {
        let library = try ExampleLibrary()
        expectRun(try library.shelf("set", "dune", "tags-=kindle"), status: 1, stderr: """
            shelf: finished/sci-fi/dune.md: tags has no element "kindle"; its elements are sci-fi, classic

            """)
        expectRun(try library.shelf("tag", "dune", "-kindle", "+reread"), status: 1, stderr: """
            shelf: finished/sci-fi/dune.md: tags has no element "kindle"; its elements are sci-fi, classic

            """)
        #expect(try library.status() == "")
        expectRun(try library.shelf("tag", "dune", "-sci-fi", "-classic"), stdout: "finished/sci-fi/dune.md\n")
        #expect(try library.changes().contains("\n series_index: 1\n-tags: [sci-fi, classic]\n rating: 5\n"))
        let empty = try library.shelf("set", "dune", "tags+=")
        #expect(empty.status == 2 && empty.stderr.hasPrefix("shelf: tags+= names no element\n"), "\(empty)")
        let none = try library.shelf("tag", "dune")
        #expect(none.status == 2 && none.stderr.hasPrefix("shelf: give at least one +TAG or -TAG\n"), "\(none)")
    }
}
