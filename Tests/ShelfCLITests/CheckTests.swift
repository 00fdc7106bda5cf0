import Foundation
import Testing

/// `shelf check`: every problem as `path:line:column: message`, sorted, exit status 1.
struct CheckTests {
    @Test func theExampleLibraryIsClean() throws {
        let library = try ExampleLibrary()
        expectRun(try library.shelf("check"), stderr: "shelf: no problems in 47 books\n")
    }

    @Test func everyKindOfProblemWithItsPosition() throws {
        let library = try ExampleLibrary()
        try library.write("finished/bad-yaml.md", "---\ntitle: Bad YAML\ntitle: Again\n---\n")
        try library.write("reading/unclosed.md", "---\ntitle: [unclosed\n---\n")
        try library.write("finished/no-title.md", "---\nauthors: [Nobody]\n---\n")
        try library.write("finished/empty-title.md", "---\ntitle: \"\"\n---\n")
        try library.write("to-read/dune.md", "---\ntitle: Another Dune\n---\n")
        try library.write("finished/bad-date.md", "---\ntitle: Bad Date\nfinished: 2024-02-30\n---\n")
        try library.write("finished/seven.md", "---\ntitle: Seven\nrating: 7\n---\n")
        try library.write("finished/bad-isbn.md", "---\ntitle: Bad ISBN\nisbn: \"9780441172718\"\n---\n")
        try library.write("finished/orphan/2024-01-01.md", "---\nfrom: 1\nto: 5\n---\n")
        try library.write("finished/sci-fi/dune/2024-03-01.md", "---\nfrom: 50\nto: 20\n---\n")
        try library.write("finished/sci-fi/dune/notes.md", "---\nto: 5\n---\n")
        try library.write("covers/not-a-book.md", "not even front matter")

        let result = try library.shelf("check")
        expectRun(result, status: 1, stdout: """
            finished/bad-date.md:3:11: finished should be a date (YYYY-MM-DD), found "2024-02-30"
            finished/bad-isbn.md:3:7: isbn has a wrong check digit, found "9780441172718"
            finished/bad-yaml.md:3:1: duplicate key "title" (first on line 2)
            finished/empty-title.md:2:8: title is empty; every book needs a title
            finished/no-title.md:1:1: title is missing; every book needs a title
            finished/orphan/: session folder without a book: finished/orphan.md does not exist
            finished/sci-fi/dune.md: duplicate slug "dune": also to-read/dune.md; rename one of the files
            finished/sci-fi/dune.md:15:11: finished is before the last session, finished/sci-fi/dune/2024-03-01.md, found "2024-02-11"
            finished/sci-fi/dune/2024-03-01.md:3:5: to goes back below page 412, reached on 2024-02-11, found "20"
            finished/sci-fi/dune/2024-03-01.md:3:5: to is below from (50), found "20"
            finished/sci-fi/dune/notes.md: session file name is not a date; name it YYYY-MM-DD-HHMM.md or YYYY-MM-DD.md
            finished/seven.md:3:9: rating should be between 0.5 and 5 in steps of 0.5, found "7"
            reading/unclosed.md:3:1: invalid YAML: did not find expected ',' or ']' while parsing a flow sequence (started on line 2)
            to-read/dune.md: duplicate slug "dune": also finished/sci-fi/dune.md; rename one of the files

            """, stderr: "shelf: 14 problems in 12 files\n")
    }

    @Test func aFileThatIsNotUTF8() throws {
        let library = try ExampleLibrary()
        let url = library.root.appendingPathComponent("finished/latin1.md")
        try Data("---\ntitle: Caf".utf8 + [0xE9] + Data("\n---\n".utf8)).write(to: url)
        expectRun(try library.shelf("check"), status: 1, stdout: """
            finished/latin1.md:2:11: invalid UTF-8: the file must be saved as UTF-8 text

            """, stderr: "shelf: 1 problem in 1 file\n")
    }

    @Test func sessionsThatContradictTheirBook() throws {
        let library = try ExampleLibrary()
        // The Name of the Wind: 662 pages, started 2026-10-01, sessions up to page 212 on 2026-10-11.
        try library.write("reading/fantasy/the-name-of-the-wind/2026-10-20.md", "---\nfrom: 212\nto: 900\n---\n")
        try library.write("reading/fantasy/the-name-of-the-wind/2026-10-25.md", "---\nfrom: 10\nto: 20\n---\n")
        try library.write("reading/fantasy/the-name-of-the-wind/2026-09-01.md", "---\nto: 5\n---\n")
        // Dune, finished 2024-02-11, read again later.
        try library.write("finished/sci-fi/dune/2024-03-01.md", "---\nminutes: 20\n---\n")
        expectRun(try library.shelf("check"), status: 1, stdout: """
            finished/sci-fi/dune.md:15:11: finished is before the last session, finished/sci-fi/dune/2024-03-01.md, found "2024-02-11"
            reading/fantasy/the-name-of-the-wind.md:12:10: started is after the first session, reading/fantasy/the-name-of-the-wind/2026-09-01.md, found "2026-10-01"
            reading/fantasy/the-name-of-the-wind/2026-10-01.md:2:7: from is below page 5, reached on 2026-09-01, so pages 1–5 are counted twice; correct one of the two sessions, found "1"
            reading/fantasy/the-name-of-the-wind/2026-10-20.md:3:5: to is past the last page of reading/fantasy/the-name-of-the-wind.md (662), found "900"
            reading/fantasy/the-name-of-the-wind/2026-10-25.md:3:5: to goes back below page 900, reached on 2026-10-20, found "20"

            """, stderr: "shelf: 5 problems in 5 files\n")
    }
}
