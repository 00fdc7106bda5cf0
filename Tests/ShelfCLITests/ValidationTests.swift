import Foundation
import ShelfTestSupport
import Testing

/// One rule per field, whichever command writes it: the same mistake gets the same message and
/// exit status 1, and nothing is written.
struct ValidationTests {
    @Test func aWrongISBNIsRefusedByAddAndSetAndNothingIsWritten() throws {
        let library = try ExampleLibrary()
        expectRun(try library.shelf("add", "Emma", "--isbn", "9780441172718"), status: 1,
                  stderr: "shelf: to-read/emma.md: isbn has a wrong check digit, found \"9780441172718\"\n")
        expectRun(try library.shelf("add", "Emma", "--isbn", "12345"), status: 1,
                  stderr: "shelf: to-read/emma.md: isbn should have 10 or 13 digits, not 5, found \"12345\"\n")
        expectRun(try library.shelf("set", "dune", "isbn=0441172718"), status: 1,
                  stderr: "shelf: finished/sci-fi/dune.md: isbn has a wrong check digit, found \"0441172718\"\n")
        #expect(try library.status() == "")
        // Hyphens and spaces are part of how ISBNs are printed.
        expectRun(try library.shelf("set", "dune", "isbn=0 441 17271 7"), stdout: "finished/sci-fi/dune.md\n")
        #expect(try library.changes().contains("\n-isbn: \"9780441172719\"\n+isbn: \"0 441 17271 7\"\n"))
    }

    @Test func aRatingOutOfRangeExitsOneFromFinishAsFromSet() throws {
        let library = try ExampleLibrary()
        let message = "rating should be between 0.5 and 5 in steps of 0.5, found \"7\"\n"
        expectRun(try library.shelf("set", "fall of", "rating=7"), status: 1, stderr: "shelf: reading/the-fall-of-hyperion.md: " + message)
        expectRun(try library.shelf("finish", "fall of", "--rating", "7"), status: 1,
                  stderr: "shelf: finished/the-fall-of-hyperion.md: " + message)
        #expect(try library.status() == "")
    }

    @Test func addWarnsAboutACopyByISBNOrTitleAndAuthorAndStillAdds() throws {
        let library = try ExampleLibrary()
        expectRun(try library.shelf("add", "Dune (tie-in)", "--isbn", "978-0-441-17271-9"), stdout: "to-read/dune-tie-in.md\n",
                  stderr: "shelf: warning: finished/sci-fi/dune.md has the same isbn, 9780441172719\n")
        expectRun(try library.shelf("add", "Dune", "--author", "Frank Herbert", "--slug", "dune-2"), stdout: "to-read/dune-2.md\n",
                  stderr: "shelf: warning: finished/sci-fi/dune.md has the same title and first author\n")
        expectRun(try library.shelf("add", "Dune", "--author", "Brian Herbert", "--slug", "dune-3"), stdout: "to-read/dune-3.md\n")
        #expect(try library.status() == "A  to-read/dune-2.md\nA  to-read/dune-3.md\nA  to-read/dune-tie-in.md\n")
        expectRun(try library.shelf("check"), status: 1, stdout: """
            finished/sci-fi/dune.md:4:7: duplicate isbn 9780441172719: also in to-read/dune-tie-in.md; two files of one book?
            to-read/dune-tie-in.md:3:7: duplicate isbn 9780441172719: also in finished/sci-fi/dune.md; two files of one book?

            """, stderr: "shelf: 2 problems in 2 files\n")
    }
}
