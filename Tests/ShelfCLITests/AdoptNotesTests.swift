import Foundation
import ShelfTestSupport
import Testing

/// `shelf init` in a folder of book notes people already kept, and every change afterwards in
/// the notes' own keys, words and places.
struct AdoptNotesTests {
    /// A Jekyll reading list: books in `_books/` with their status in a key, a post beside them.
    static func jekyllSite() throws -> ExampleLibrary {
        let library = try ExampleLibrary(empty: true)
        try library.write("_books/dune.md", """
            ---
            layout: book
            title: Dune
            author: Herbert, Frank
            status: read
            date_read: 2024-05-01
            stars: 4
            ---
            A desert planet.

            """)
        try library.write("_books/the-dispossessed.md", """
            ---
            layout: book
            title: The Dispossessed
            author: "[[Ursula K. Le Guin]]"
            status: reading
            started: 2026-11-01
            ---

            """)
        try library.write("_books/excession.md", """
            ---
            layout: book
            title: Excession
            author: Iain M. Banks
            status: want
            ---

            """)
        try library.write("_posts/2024-01-01-hello.md", """
            ---
            title: Hello
            date: 2024-01-01
            author: Site Owner
            ---
            First post.

            """)
        try library.git("add", "-A")
        try library.git("-c", "user.name=shelf", "-c", "user.email=shelf@example.org", "commit", "-q", "-m", "notes")
        return library
    }

    @Test func initAdoptsTheNotesAsTheyAreAndSaysWhatItFound() throws {
        let library = try Self.jekyllSite()
        expectRun(try library.shelf("init"), stdout: """
            Found 3 book notes in _books/: every note in _books/.
            Left alone 1 other note: _posts/2024-01-01-hello.md.

            field     key               notes
            title     title             3
            authors   author            3
            started   started           1
            finished  date_read         1
            rating    stars (out of 5)  1

            Status: in the key status, in the notes' words:
              to-read: want
              reading: reading
              finished: read
            3 state a status, 0 have a finish date (finished), 0 state nothing: shown as to-read (notes.unstated in .shelf/config.yaml); nothing is written in them until you change that book.
            Sessions go in .shelf/sessions/, hidden from sites and vaults.
            Wrote this map to .shelf/config.yaml; no note was changed.
            In its git repository: added `_books/**/*.md merge=shelf` to .gitattributes; added `.shelf/sessions/**/*.md merge=shelf` to .gitattributes; set merge.shelf.name in the repository's .git/config; set merge.shelf.driver in the repository's .git/config.

            """)
        #expect(try library.read(".shelf/config.yaml") == """
            # Statuses, in reading order. The notes say theirs, in the words under notes.words.
            statuses: [to-read, reading, finished, abandoned]
            # The version of the files' layout; a newer shelf that changes it says so.
            format: 2
            # How the notes hold their books: shelf reads and writes them in their own keys and words.
            notes:
              folder: _books
              keys:
                authors: author
                rating: stars
                finished: date_read
              rating_scale: 5
              status:
                key: status
              words:
                to-read: [want]
                reading: [reading]
                finished: [read]
              unstated: to-read
              dates: plain
              sessions: .shelf/sessions
              names: slugs

            """)
        // No note changed, none moved; no status folders appeared.
        #expect(try library.status() == "A  .gitattributes\nA  .shelf/.gitignore\nA  .shelf/config.yaml\n")
        expectRun(try library.shelf("list", "--format", "csv", "--fields", "title,authors,status,finished,rating"), stdout: """
            title,authors,status,finished,rating
            Dune,"Herbert, Frank",finished,2024-05-01,4
            Excession,Iain M. Banks,to-read,,
            The Dispossessed,Ursula K. Le Guin,reading,,

            """)
    }

    @Test func aDryRunShowsTheMapAndWritesNothing() throws {
        let library = try Self.jekyllSite()
        let result = try library.shelf("init", "--dry-run")
        #expect(result.status == 0)
        #expect(result.stdout.contains("Would write this to .shelf/config.yaml (nothing written):\n# Statuses"))
        #expect(result.stdout.contains("notes:\n  folder: _books\n"))
        #expect(try library.status() == "")
    }

    @Test func finishingANoteChangesItsStatusAndDateLinesInPlace() throws {
        let library = try Self.jekyllSite()
        _ = try library.shelf("init")
        try library.git("add", "-A")
        try library.git("-c", "user.name=shelf", "-c", "user.email=shelf@example.org", "commit", "-q", "-m", "adopted")
        expectRun(try library.shelf("finish", "the-dispossessed", "--rating", "4.5"), stdout: """
            the-dispossessed: reading → finished; updated _books/the-dispossessed.md

            """)
        let today = ExampleLibrary.today
        #expect(try library.read("_books/the-dispossessed.md") == """
            ---
            layout: book
            title: The Dispossessed
            author: "[[Ursula K. Le Guin]]"
            status: read
            started: 2026-11-01
            date_read: \(today)
            stars: 4.5
            ---

            """)
        expectRun(try library.shelf("undo"), stdout: "undid the move of the-dispossessed: _books/the-dispossessed.md\n")
        #expect(try library.status() == "")
        // A finish alone changes two lines: the status's word and the finish date.
        _ = try library.shelf("finish", "the-dispossessed")
        #expect(try library.git("diff", "--numstat").stdout == "2\t1\t_books/the-dispossessed.md\n")
        #expect(try library.changes().contains("-status: reading\n+status: read\n started: 2026-11-01\n+date_read: \(today)\n"))
    }

    @Test func aStatusKeptInATagChangesTheTagAlone() throws {
        let library = try ExampleLibrary(empty: true)
        try library.write("Books/A Mind for Numbers.md", """
            ---
            author: Barbara Oakley
            tags: [book, learning, to-read]
            rating: "4/5"
            ---

            """)
        try library.write("Books/Deep Work.md", """
            ---
            author: Cal Newport
            tags: [book, completed]
            ---

            """)
        _ = try library.shelf("init")
        expectRun(try library.shelf("start", "a mind"), stdout: """
            A Mind for Numbers: to-read → reading; updated Books/A Mind for Numbers.md

            """)
        #expect(try library.read("Books/A Mind for Numbers.md") == """
            ---
            author: Barbara Oakley
            tags: [book, learning, reading]
            rating: "4/5"
            started: \(ExampleLibrary.today)
            ---

            """)
        expectRun(try library.shelf("set", "a mind", "rating=3"), stdout: "Books/A Mind for Numbers.md\n")
        #expect(try library.read("Books/A Mind for Numbers.md").contains("rating: \"3/5\"\n"))
    }

    @Test func statusFoldersInThePersonsWordsMoveTheNote() throws {
        let library = try ExampleLibrary(empty: true)
        try library.write("Books/Read/Dune.md", "---\nauthor: Frank Herbert\nrating: 8\n---\n")
        try library.write("Books/To Read/Excession.md", "---\nauthor: Iain M. Banks\n---\n")
        try library.write("Books/Reading/Kindred.md", "---\nauthor: Octavia E. Butler\n---\n")
        _ = try library.shelf("init")
        #expect(try library.read(".shelf/config.yaml").contains("  status: folders\n  words:\n    to-read: [To Read]\n    reading: [Reading]\n    finished: [Read]\n"))
        expectRun(try library.shelf("start", "excession"), stdout: "Books/To Read/Excession.md → Books/Reading/Excession.md\n")
        #expect(try library.read("Books/Reading/Excession.md") == "---\nauthor: Iain M. Banks\nstarted: \(ExampleLibrary.today)\n---\n")
        expectRun(try library.shelf("list", "--format", "csv", "--fields", "title,status,rating"), stdout: """
            title,status,rating
            Dune,finished,4
            Excession,reading,
            Kindred,reading,

            """)
    }

    @Test func checkNamesWhatItCouldNotRead() throws {
        let library = try ExampleLibrary(empty: true)
        try library.write("books/dune.md", "---\ntitle: Dune\ntitle: Dune (1965)\nauthor: Frank Herbert\nstars: lots\nstatus: read\n---\n")
        try library.write("books/emma.md", "---\ntitle: Emma\nauthor: Jane Austen\nstars: 5\nstatus: read\n---\n")
        _ = try library.shelf("init")
        expectRun(try library.shelf("check"), status: 1, stdout: """
            books/dune.md:3:1: duplicate key "title" (first on line 2)
            books/dune.md:5:8: stars is not a rating out of 5 (notes.rating_scale), found "lots"

            """, stderr: "shelf: 2 problems in 1 file\n")
        // The note is still listed, with the last title, as most YAML readers read it.
        expectRun(try library.shelf("list", "--format", "paths"), stdout: "books/dune.md\nbooks/emma.md\n", stderr: """
            shelf: warning: 2 problems, the first: books/dune.md:3:1: duplicate key "title" (first on line 2); run `shelf check` for all of them

            """)
        expectRun(try library.shelf("set", "dune", "title=Dune"), status: 1, stderr: """
            shelf: books/dune.md:3:1: cannot change title: is written twice in this front matter; remove one of the two first; fix it with `shelf edit dune`

            """)
    }
}
