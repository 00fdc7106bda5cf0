import Foundation
import ShelfTestSupport
import Testing

/// `shelf set` and `shelf unset`: typed values, minimal diffs, and nothing written on error.
struct SetUnsetTests {
    /// A key one slip from a key the schema or the book knows, that no book has, is a typo until
    /// said otherwise: nothing is written. A new key is said to be new.
    @Test func aKeyOneSlipFromAKnownKeyIsRefused() throws {
        let library = try ExampleLibrary()
        expectRun(try library.shelf("set", "dune", "ratng=5", "Tags=x"), status: 2,
                  stderr: "shelf: no book has the key \"ratng\" (did you mean rating?); give --new-key to add it as it is\n")
        expectRun(try library.shelf("set", "dune", "Tags=x"), status: 2,
                  stderr: "shelf: no book has the key \"Tags\" (did you mean tags?); give --new-key to add it as it is\n")
        #expect(try library.changes().isEmpty)
        expectRun(try library.shelf("set", "dune", "ratng=5", "--new-key"), stdout: "finished/sci-fi/dune.md\n",
                  stderr: "shelf: ratng is a new key: no other book has it\n")
        // Once a book has it, it is one of the library's keys; so is `translator`, which books
        // of the example library use beside the schema's `translators`.
        expectRun(try library.shelf("set", "hyperion", "ratng=4"), stdout: "finished/sci-fi/hyperion.md\n")
        expectRun(try library.shelf("set", "hyperion", "translator=Nobody"), stdout: "finished/sci-fi/hyperion.md\n")
        expectRun(try library.shelf("set", "hyperion", "mood=calm"), stdout: "finished/sci-fi/hyperion.md\n",
                  stderr: "shelf: mood is a new key: no other book has it\n")
        expectRun(try library.shelf("set", "hyperion", "mood=calmer"), stdout: "finished/sci-fi/hyperion.md\n")
    }

    @Test func setChangesOnlyTheLinesOfTheKeysGiven() throws {
        let library = try ExampleLibrary()
        expectRun(try library.shelf("set", "dune", "rating=4.5", "format=hardcover", "tags=[sci-fi, classic, desert]", "reread=true"),
                  stdout: "finished/sci-fi/dune.md\n", stderr: "shelf: reread is a new key: no other book has it\n")
        #expect(try library.changes() == """
            diff --git a/finished/sci-fi/dune.md b/finished/sci-fi/dune.md
            --- a/finished/sci-fi/dune.md
            +++ b/finished/sci-fi/dune.md
            @@ -8,13 +8,14 @@ publisher: Ace
             language: en
             series: Dune
             series_index: 1
            -tags: [sci-fi, classic]
            -rating: 5
            +tags: [sci-fi, classic, desert]
            +rating: 4.5
             added: 2023-12-26
             started: 2024-01-02
             finished: 2024-02-11
             cover: https://covers.openlibrary.org/b/isbn/9780441172719-L.jpg
            -format: paperback
            +format: hardcover
            +reread: true
             ---
            \u{20}
             ## Review

            """)
    }

    @Test func valuesAreTypedAsYAMLTypesThem() throws {
        let library = try ExampleLibrary()
        expectRun(try library.shelf("set", "ulysses", "stopped_at=120", "ratio=0.15", "paused=2024-07-01", "owned=false",
                                    "shelf=top left"),
                  stdout: "abandoned/classics/ulysses.md\n",
                  stderr: "shelf: ratio, paused, owned and shelf are new keys: no other book has them\n")
        let result = try library.shelf("show", "ulysses", "--format", "json")
        let book = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let object = try #require(book["custom"] as? [String: Any])
        #expect(object["stopped_at"] as? Int == 120)
        #expect(object["ratio"] as? Double == 0.15)
        #expect(object["paused"] as? String == "2024-07-01")
        #expect(object["owned"] as? Bool == false)
        #expect(object["shelf"] as? String == "top left")
        #expect(try library.changes().contains("""
            -stopped_at: 118
            +stopped_at: 120
            +ratio: 0.15
            +paused: 2024-07-01
            +owned: false
            +shelf: top left
            """))
    }

    @Test(arguments: [["isbn=0441172717", "--string"], ["isbn=0441172717"]])
    func anISBNKeepsItsLeadingZero(arguments: [String]) throws {
        let library = try ExampleLibrary()
        expectRun(try library.shelf(["set", "dune"] + arguments, in: "."), stdout: "finished/sci-fi/dune.md\n")
        #expect(try library.changes() == """
            diff --git a/finished/sci-fi/dune.md b/finished/sci-fi/dune.md
            --- a/finished/sci-fi/dune.md
            +++ b/finished/sci-fi/dune.md
            @@ -1,7 +1,7 @@
             ---
             title: Dune
             authors: [Frank Herbert]
            -isbn: "9780441172719"
            +isbn: "0441172717"
             published: 1965
             pages: 412
             publisher: Ace

            """)
    }

    @Test func stringKeepsNumbersAsText() throws {
        let library = try ExampleLibrary()
        expectRun(try library.shelf("set", "dune", "edition=007", "--string"), stdout: "finished/sci-fi/dune.md\n")
        #expect(try library.changes().contains("\n+edition: \"007\"\n"))
    }

    @Test(arguments: [
        ("rating=7", "finished/sci-fi/dune.md: rating should be between 0.5 and 5 in steps of 0.5, found \"7\""),
        ("pages=many", "finished/sci-fi/dune.md: pages should be a whole number, found \"many\""),
        ("finished=2024-02-30", "finished/sci-fi/dune.md: finished should be a date (YYYY-MM-DD), found \"2024-02-30\""),
    ])
    func anInvalidValueChangesNoFile(assignment: String, message: String) throws {
        let library = try ExampleLibrary()
        expectRun(try library.shelf("set", "dune", "format=hardcover", assignment), status: 1, stderr: "shelf: \(message)\n")
        #expect(try library.status() == "")
    }

    @Test func anEmptyTitleIsRefused() throws {
        let library = try ExampleLibrary()
        expectRun(try library.shelf("set", "dune", "title=", "--string"), status: 1,
                  stderr: "shelf: finished/sci-fi/dune.md: title is empty; every book needs a title\n")
        #expect(try library.status() == "")
    }

    @Test func settingTheSameValueWritesNothing() throws {
        let library = try ExampleLibrary()
        let before = try FileManager.default.attributesOfItem(atPath: library.root.appendingPathComponent("finished/sci-fi/dune.md").path)
        expectRun(try library.shelf("set", "dune", "rating=5", "format=paperback"), stdout: "finished/sci-fi/dune.md: nothing changed\n")
        let after = try FileManager.default.attributesOfItem(atPath: library.root.appendingPathComponent("finished/sci-fi/dune.md").path)
        #expect(try library.status() == "")
        #expect(before[.modificationDate] as? Date == after[.modificationDate] as? Date)
    }

    @Test(arguments: [
        (["set", "dune", "status=finished"], "shelf: status comes from where the file is; use `shelf move` to change it\n"),
        (["set", "dune", "folder=x"], "shelf: folder comes from where the file is; use `shelf move` to change it\n"),
        (["set", "dune", "slug=dune-1965"], "shelf: slug comes from the file's name; use `shelf move BOOK --slug NEW` to rename the book\n"),
        (["set", "dune", "rating"], "shelf: expected key=value, got \"rating\"\n"),
        (["set", "dune", "=5"], "shelf: expected key=value, got \"=5\"\n"),
        (["set", "dune", "pages="],
         "shelf: pages= has no value; remove the key with `shelf unset BOOK pages`, or give --string for empty text\n"),
        (["unset", "dune", "title"], "shelf: a book must keep its title; use `shelf set BOOK title=…`\n"),
        (["unset", "dune", "path"], "shelf: path comes from where the file is; use `shelf move` to change it\n"),
    ])
    func usageErrorsExitTwo(arguments: [String], message: String) throws {
        let library = try ExampleLibrary()
        let result = try library.shelf(arguments, in: ".")
        #expect(result.status == 2)
        #expect(result.stdout == "")
        #expect(result.stderr.hasPrefix(message))
        #expect(result.stderr.contains("Usage: shelf \(arguments[0]) "))
        #expect(try library.status() == "")
    }

    @Test func unsetRemovesABlockListWithAllItsLines() throws {
        let library = try ExampleLibrary()
        expectRun(try library.shelf("unset", "good-omens", "authors", "tags", "nope"),
                  stdout: "finished/fantasy/good-omens.md\n",
                  stderr: "shelf: finished/fantasy/good-omens.md has no key \"nope\"\n")
        #expect(try library.changes() == """
            diff --git a/finished/fantasy/good-omens.md b/finished/fantasy/good-omens.md
            --- a/finished/fantasy/good-omens.md
            +++ b/finished/fantasy/good-omens.md
            @@ -1,15 +1,11 @@
             ---
             title: Good Omens
             subtitle: "The Nice and Accurate Prophecies of Agnes Nutter, Witch"
            -authors:
            -  - Terry Pratchett
            -  - Neil Gaiman
             isbn: "9780060853983"
             published: 1990
             pages: 412
             publisher: William Morrow
             language: en
            -tags: [fantasy, comedy]
             rating: 4
             added: 2024-11-28
             started: 2024-12-02

            """)
    }

    /// A value shelf cannot read is left out of the book, but `unset` removes it from the file.
    @Test func unsetRemovesAValueOfTheWrongType() throws {
        let library = try ExampleLibrary()
        let path = "finished/fantasy/good-omens.md"
        try library.write(path, try library.read(path).replacingOccurrences(of: "rating: 4\n", with: "rating: ⭐⭐⭐⭐\n"))
        expectRun(try library.shelf("unset", "good-omens", "rating"), stdout: "finished/fantasy/good-omens.md\n")
        #expect(try library.changes() == """
            diff --git a/finished/fantasy/good-omens.md b/finished/fantasy/good-omens.md
            --- a/finished/fantasy/good-omens.md
            +++ b/finished/fantasy/good-omens.md
            @@ -10,7 +10,6 @@ pages: 412
             publisher: William Morrow
             language: en
             tags: [fantasy, comedy]
            -rating: 4
             added: 2024-11-28
             started: 2024-12-02
             finished: 2024-12-20

            """)
    }

    /// A path picks one of two books that share a slug, for `unset` as for `set`.
    @Test func unsetFindsABookByPathWhenItsSlugIsShared() throws {
        let library = try ExampleLibrary()
        try library.write("to-read/dune.md", "---\ntitle: Dune (a second copy)\ncover: covers/dune.jpg\n---\n")
        expectRun(try library.shelf("unset", "finished/sci-fi/dune", "cover"), stdout: "finished/sci-fi/dune.md\n")
        #expect(try !library.read("finished/sci-fi/dune.md").contains("cover:"))
        #expect(try library.read("to-read/dune.md").contains("cover:"))
    }

    @Test func unsetAnUnknownKeyChangesNothing() throws {
        let library = try ExampleLibrary()
        expectRun(try library.shelf("unset", "good-omens", "nope", "zap"),
                  stdout: "finished/fantasy/good-omens.md: nothing changed\n",
                  stderr: "shelf: finished/fantasy/good-omens.md has no keys \"nope\", \"zap\"\n")
        #expect(try library.status() == "")
    }
}
