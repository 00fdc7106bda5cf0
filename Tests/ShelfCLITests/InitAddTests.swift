import Foundation
import ShelfTestSupport
import Testing

/// `shelf init` and `shelf add`: the files they create, byte for byte.
struct InitAddTests {
    @Test func initCreatesTheStatusFoldersConfigAndGitignore() throws {
        let library = try ExampleLibrary(empty: true)
        let result = try library.shelf("init", "books")
        let root = library.root.appendingPathComponent("books").path
        // The test's folder is a git repository, so init sets up the merge driver too.
        expectRun(result, stdout: """
            Created a library in \(root) with statuses to-read, reading, finished, abandoned.
            In its git repository: added `*.md merge=shelf` to .gitattributes; set merge.shelf.name in the repository's .git/config; set merge.shelf.driver in the repository's .git/config.

            """)
        #expect(try library.read("books/.gitattributes") == "*.md merge=shelf\n")
        for status in ["to-read", "reading", "finished", "abandoned"] {
            var isDirectory: ObjCBool = false
            #expect(FileManager.default.fileExists(atPath: "\(root)/\(status)", isDirectory: &isDirectory) && isDirectory.boolValue,
                    "\(status)/")
        }
        #expect(try library.read("books/.shelf/config.yaml") == """
            # Statuses, in reading order. Each one is a top-level folder.
            statuses: [to-read, reading, finished, abandoned]
            # The version of the files' layout; a newer shelf that changes it says so.
            format: 1

            """)
        #expect(try library.read("books/.shelf/.gitignore") == """
            # Caches shelf rebuilds from the book files.
            index.sqlite
            index.sqlite-*
            lock
            journal.json
            # Deleted books, until restored; books open in shelf edit; what undo takes back.
            trash/
            editing/
            undo/
            # The reading session in progress (shelf read), on this device only.
            live/
            # Answers of metadata services (Open Library), kept so a second fetch is offline.
            cache/

            """)
        // The new library works at once, and is clean.
        expectRun(try library.shelf(["list"], in: "books"))
        expectRun(try library.shelf(["check"], in: "books"), stderr: "shelf: no problems in 0 books\n")
    }

    /// A library whose `.shelf` was not copied (or that a script wrote) is a library already:
    /// init counts its books without reading them and maps no notes, so its sessions stay
    /// sessions rather than becoming notes of an adopted vault.
    @Test func initOfAFolderLaidOutAsALibraryKeepsItsLayout() throws {
        let library = try ExampleLibrary()
        let root = library.root.path
        try FileManager.default.removeItem(atPath: root + "/.shelf")
        try library.write("README.md", "# My books\n")
        let dryRun = try library.shelf("init", "--dry-run")
        expectRun(dryRun, stdout: ". is laid out as a library already (47 books in its status folders): init would add .shelf with "
                  + "statuses to-read, reading, finished, abandoned and change no note.\n")
        let result = try library.shelf("init")
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.hasPrefix("Created a library in \(root) with statuses to-read, reading, finished, abandoned, holding the "
                                        + "47 books already in its status folders.\n"), "\(result)")
        #expect(!(try library.read(".shelf/config.yaml")).contains("notes:"))
        let listed = try library.shelf("list", "--format", "paths")
        #expect(listed.stdout.split(separator: "\n").count == 47, "\(listed)")
        expectRun(try library.shelf("check"), stderr: "shelf: no problems in 47 books\n")
    }

    @Test func initRefusesAFolderThatIsAlreadyALibrary() throws {
        let library = try ExampleLibrary()
        expectRun(try library.shelf("init"), status: 1, stderr: "shelf: . is already a library: it has a .shelf folder\n")
        #expect(try library.status() == "")
    }

    @Test func addWritesTheFileInCanonicalOrderAndPrintsItsPath() throws {
        let library = try ExampleLibrary()
        let result = try library.shelf(
            "add", "Cien años de soledad", "--author", "Gabriel García Márquez", "--pages", "417",
            "--tag", "magic-realism", "-t", "classic", "--isbn", "0060883286",
            "--set", "language=es", "--set", "published=1967", "--set", "gift=true", "--set", "format=paperback")
        // The example library has the English translation, of the same ISBN: a warning, and the book is added.
        expectRun(result, stdout: "to-read/cien-anos-de-soledad.md\n", stderr: """
            shelf: warning: finished/fiction/classics/one-hundred-years-of-solitude.md has the same isbn, 9780060883287

            """)
        #expect(try library.read("to-read/cien-anos-de-soledad.md") == """
            ---
            title: Cien años de soledad
            authors: [Gabriel García Márquez]
            isbn: "0060883286"
            published: 1967
            pages: 417
            language: es
            tags: [magic-realism, classic]
            added: \(ExampleLibrary.today)
            gift: true
            format: paperback
            ---

            """)
        #expect(try library.status() == "A  to-read/cien-anos-de-soledad.md\n")
    }

    @Test func addWithStatusAndFolder() throws {
        let library = try ExampleLibrary()
        let result = try library.shelf("add", "Straße & Œuvre", "-a", "Ann Author", "-a", "Bo Writer",
                                       "--status", "reading", "--folder", "fiction/german")
        expectRun(result, stdout: "reading/fiction/german/strasse-oeuvre.md\n")
        #expect(try library.read("reading/fiction/german/strasse-oeuvre.md") == """
            ---
            title: Straße & Œuvre
            authors: [Ann Author, Bo Writer]
            added: \(ExampleLibrary.today)
            started: \(ExampleLibrary.today)
            ---

            """)
    }

    @Test(arguments: [
        ("三体", "三体"),
        ("Catch-22", "catch-22"),
        ("García Márquez: Crónica", "garcia-marquez-cronica"),
        ("!!!", "book"),
        ("Earth's Children", "earths-children"),
        ("Ender\u{2019}s Game", "enders-game"),
        // 94 characters as words and dashes: cut after "an", the last whole word within 80.
        ("The Curious Incident of the Dog in the Night-Time and Other Stories of an Extraordinary Summer",
         "the-curious-incident-of-the-dog-in-the-night-time-and-other-stories-of-an"),
    ])
    func addMakesTheSlugFromTheTitle(title: String, slug: String) throws {
        let library = try ExampleLibrary()
        expectRun(try library.shelf("add", title), stdout: "to-read/\(slug).md\n")
        #expect(library.exists("to-read/\(slug).md"))
    }

    @Test func addRefusesASlugInUseAnywhereAndSuggestsSlug() throws {
        let library = try ExampleLibrary()
        expectRun(try library.shelf("add", "Dune", "--author", "Frank Herbert", "--folder", "film"), status: 1,
                  stderr: "shelf: the slug \"dune\" is taken by finished/sci-fi/dune.md; give this book another one with --slug\n")
        #expect(try library.status() == "")
        expectRun(try library.shelf("add", "Dune", "--author", "Frank Herbert", "--slug", "dune-graphic-novel"),
                  stdout: "to-read/dune-graphic-novel.md\n",
                  stderr: "shelf: warning: finished/sci-fi/dune.md has the same title and first author\n")
        #expect(try library.read("to-read/dune-graphic-novel.md").hasPrefix("---\ntitle: Dune\n"))
    }

    @Test func addToAnUnknownStatusListsTheStatuses() throws {
        let library = try ExampleLibrary()
        expectRun(try library.shelf("add", "Emma", "--status", "wishlist"), status: 1, stderr: """
            shelf: unknown status "wishlist"; the statuses are to-read, reading, finished, abandoned (set in .shelf/config.yaml)

            """)
        #expect(try library.status() == "")
    }

    @Test func addRefusesBadValuesAndLocationKeys() throws {
        let library = try ExampleLibrary()
        let rating = try library.shelf("add", "Emma", "--set", "rating=6")
        #expect(rating.status == 1)
        #expect(rating.stderr == "shelf: to-read/emma.md: rating should be between 0.5 and 5 in steps of 0.5, found \"6\"\n")
        let status = try library.shelf("add", "Emma", "--set", "status=finished")
        #expect(status.status == 2)
        #expect(status.stderr.hasPrefix("shelf: status comes from where the file is; use --status and --folder\n"))
        let empty = try library.shelf("add", "  ")
        #expect(empty.status == 2)
        #expect(empty.stderr.hasPrefix("shelf: the title must not be empty\n"))
        #expect(try library.status() == "")
    }
}
