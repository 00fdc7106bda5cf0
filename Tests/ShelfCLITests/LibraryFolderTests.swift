import Foundation
import ShelfTestSupport
import Testing

/// A folder is a library when it holds `.shelf/`: no command makes one of another folder by
/// reading or writing it, and `shelf init` makes none inside a library unless asked.
struct LibraryFolderTests {
    static let commands: [[String]] = [
        ["list"], ["list", "--no-index"], ["show", "dune"], ["search", "dune"], ["sessions"], ["stats"], ["export"],
        ["check"], ["reindex"], ["add", "Dune", "--author", "Frank Herbert"], ["set", "dune", "rating=4"],
        ["log", "dune", "--pages", "10"], ["rm", "dune"], ["import", "goodreads", "missing.csv"],
    ]

    @Test(arguments: commands)
    func aFolderThatIsNotALibraryIsRefusedAndLeftAlone(arguments: [String]) throws {
        let folder = try ExampleLibrary(empty: true)
        try folder.write("notes/dune.md", "---\ntitle: Dune\n---\n")
        try folder.git("add", "-A")
        try folder.git("-c", "user.name=shelf", "-c", "user.email=shelf@example.org", "commit", "-q", "-m", "notes")
        let path = folder.root.path
        let message = """
            shelf: \(path) is not a library: it has no .shelf folder; make it one with `shelf init \(path)`, \
            or point SHELF_LIBRARY or --library at a library

            """
        expectRun(try folder.shelf(["--library", path] + arguments, in: "notes"), status: 1, stderr: message)
        expectRun(try folder.shelf(arguments, in: "notes", environment: ["SHELF_LIBRARY": path]), status: 1, stderr: message)
        #expect(!folder.exists(".shelf"))
        #expect(try folder.status() == "")
    }

    @Test func aFolderOfALibraryNamesTheLibrary() throws {
        let library = try ExampleLibrary()
        let root = library.root.path
        expectRun(try library.shelf("list", "--library", "finished/sci-fi"), status: 1, stderr: """
            shelf: \(root)/finished/sci-fi is not a library: it has no .shelf folder; it is a folder of the library \(root); \
            point SHELF_LIBRARY or --library at \(root)

            """)
        expectRun(try library.shelf(["add", "Emma", "--author", "Jane Austen"], in: "finished", environment: ["SHELF_LIBRARY": "."]),
                  status: 1, stderr: """
            shelf: \(root)/finished is not a library: it has no .shelf folder; it is a folder of the library \(root); \
            point SHELF_LIBRARY or --library at \(root)

            """)
        #expect(try library.status() == "")
        // The library itself, however named, still works.
        expectRun(try library.shelf(["list", "--library", "./", "--format", "paths", "--author", "herbert"], in: "."),
                  stdout: "finished/sci-fi/dune.md\n")
    }

    @Test func initRefusesAFolderInsideALibrary() throws {
        let library = try ExampleLibrary()
        let root = library.root.path
        expectRun(try library.shelf("init", "finished/sci-fi"), status: 1, stderr: """
            shelf: \(root)/finished/sci-fi is inside the library \(root), which would list the new library's books as its own; \
            to create it anyway, run `shelf init --inside-library \(root)/finished/sci-fi`

            """)
        expectRun(try library.shelf(["init"], in: "reading/classics"), status: 1, stderr: """
            shelf: \(root)/reading/classics is inside the library \(root), which would list the new library's books as its own; \
            to create it anyway, run `shelf init --inside-library \(root)/reading/classics`

            """)
        expectRun(try library.shelf(["init", "new/club"], in: "finished"), status: 1, stderr: """
            shelf: \(root)/finished/new/club is inside the library \(root), which would list the new library's books as its own; \
            to create it anyway, run `shelf init --inside-library \(root)/finished/new/club`

            """)
        #expect(try library.status() == "")
        #expect(!library.exists("finished/new"))
    }

    @Test func initInsideALibraryWhenAskedTo() throws {
        let library = try ExampleLibrary()
        let root = library.root.path
        expectRun(try library.shelf(["init", "--inside-library", "club"], in: "finished"), stdout: """
            Created a library in \(root)/finished/club with statuses to-read, reading, finished, abandoned.
            In its git repository: added `*.md merge=shelf` to .gitattributes; set merge.shelf.name in the repository's .git/config; set merge.shelf.driver in the repository's .git/config.

            """)
        #expect(library.exists("finished/club/.shelf/config.yaml"))
        expectRun(try library.shelf(["list"], in: "finished/club"))
    }

    @Test func initHelpShowsTheFlagWithAnExample() throws {
        let library = try ExampleLibrary(empty: true)
        let help = try library.shelf("init", "--help")
        #expect(help.status == 0)
        #expect(help.stdout.contains("shelf init --inside-library ~/books/finished/book-club"))
        #expect(help.stdout.contains("--inside-library"))
    }
}

/// A folder the person cannot read (`chmod 000`) is one problem: every other book is still
/// listed, checked and indexed. Run as `nobody` through `setpriv`, since root reads any folder.
struct UnreadableFolderTests {
    static let canDropRoot = getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv")

    @Test(.enabled(if: canDropRoot, "needs root and setpriv to run shelf as another user"),
          arguments: [[String](), ["--no-index"]])
    func anUnreadableFolderIsOneProblemAndTheRestIsRead(index: [String]) throws {
        let library = try ExampleLibrary()
        let root = library.root.path
        // Readable by anyone, the index folder writable, then one folder of books closed.
        for path in [root, root + "/.shelf"] + ((try? FileManager.default.subpathsOfDirectory(atPath: root)) ?? []).map({ root + "/" + $0 }) {
            var status = stat()
            guard stat(path, &status) == 0 else { continue }
            let isFolder = status.st_mode & S_IFMT == S_IFDIR
            chmod(path, isFolder ? 0o755 : 0o644)
        }
        chmod(root + "/.shelf", 0o777)
        chmod(root + "/finished/fantasy", 0o000)
        defer { chmod(root + "/finished/fantasy", 0o755) }
        let asNobody = { (arguments: [String]) throws -> ChildProcess.Outcome in
            try ChildProcess.run("/usr/bin/setpriv", ["--reuid=65534", "--regid=65534", "--clear-groups", BuiltExecutable.shelf,
                                                     "--library", root] + arguments + index)
        }
        let problem = "\(root)/finished/fantasy/: cannot read this folder (opendir: Permission denied); "
            + "its books are left out until it can be read"
        let listed = try asNobody(["list", "--format", "{title}"])
        #expect(listed.status == 0, "\(listed)")
        #expect(listed.stdout.split(separator: "\n").count == 44, "the 47 books but the 3 in finished/fantasy: \(listed)")
        #expect(listed.stderr == "shelf: warning: \(problem); run `shelf check` for details\n", "\(listed)")
        let checked = try asNobody(["check"])
        #expect(checked.status == 1)
        #expect(checked.stdout == "\(root)/finished/fantasy/: cannot be read: Permission denied\n", "\(checked)")
    }
}
