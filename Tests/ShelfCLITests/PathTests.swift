import Foundation
@testable import ShelfCLI
import ShelfTestSupport
import Testing

/// Every command prints a book's path the same way: relative to the current folder inside the
/// library, as git and rg do, absolute from outside it; `paths0` and `-0` for `xargs -0`.
struct PathTests {
    /// A path printed from a folder can be passed back from there: relative to the current
    /// folder, or absolute, for books and sessions alike.
    @Test func printedPathsAreTakenBack() throws {
        let library = try ExampleLibrary()
        let cloud = try library.shelf(["show", "cloud-atlas.md"], in: "reading")
        #expect(cloud.status == 0 && cloud.stdout.hasPrefix("Cloud Atlas\n"), "\(cloud)")
        expectRun(try library.shelf(["set", "../finished/sci-fi/dune.md", "rating=4"], in: "reading"),
                  stdout: "../finished/sci-fi/dune.md\n")
        let absolute = library.root.path + "/finished/sci-fi/dune.md"
        expectRun(try library.shelf("set", absolute, "format=ebook"), stdout: "finished/sci-fi/dune.md\n")
        expectRun(try library.shelf(["edit", "./cloud-atlas/2026-11-16.md"], in: "reading", environment: ["EDITOR": "true"]),
                  stdout: "cloud-atlas/2026-11-16.md\n")
        // A word that is no path is still a slug or a title.
        expectRun(try library.shelf(["set", "dune", "rating=5"], in: "reading"), stdout: "../finished/sci-fi/dune.md\n")
    }

    @Test func everyCommandPrintsPathsRelativeToTheCurrentFolder() throws {
        let library = try ExampleLibrary()
        let here = "finished"
        func run(_ arguments: String...) throws -> ChildProcess.Outcome {
            try library.shelf(arguments, in: here, environment: ["EDITOR": "true"])
        }
        expectRun(try run("list", "author:herbert", "--format", "paths"), stdout: "sci-fi/dune.md\n")
        #expect(try run("show", "dune").stdout.contains("\npath:         sci-fi/dune.md\n"))
        expectRun(try run("add", "Dune Messiah", "--author", "Frank Herbert"), stdout: "../to-read/dune-messiah.md\n")
        expectRun(try run("set", "messiah", "pages=256"), stdout: "../to-read/dune-messiah.md\n")
        expectRun(try run("set", "messiah", "pages=256"), stdout: "../to-read/dune-messiah.md: nothing changed\n")
        expectRun(try run("unset", "messiah", "pages", "format"), stdout: "../to-read/dune-messiah.md\n",
                  stderr: "shelf: ../to-read/dune-messiah.md has no key \"format\"\n")
        expectRun(try run("move", "messiah", "finished", "--folder", "sci-fi"),
                  stdout: "../to-read/dune-messiah.md → sci-fi/dune-messiah.md\n")
        // Finished before the new read begins.
        expectRun(try run("set", "messiah", "finished=2026-10-30"), stdout: "sci-fi/dune-messiah.md\n")
        expectRun(try run("start", "messiah", "--date", "2026-11-01"), stdout: "sci-fi/dune-messiah.md → ../reading/sci-fi/dune-messiah.md\n",
                  stderr: "shelf: dune-messiah: a new read, started 2026-11-01; the earlier read is kept in reads\n")
        expectRun(try run("log", "messiah", "--pages", "20", "--date", "2026-11-01", "--at", "18:00"),
                  stdout: "../reading/sci-fi/dune-messiah/2026-11-01-1800-nxpc.md: page 20\n")
        expectRun(try run("edit", "messiah"), stdout: "../reading/sci-fi/dune-messiah.md\n")
        expectRun(try run("search", "shrike", "--format", "paths"), stdout: "../reading/the-fall-of-hyperion/2026-11-14.md\n")
        #expect(try run("search", "shrike").stdout.hasPrefix("../reading/the-fall-of-hyperion/2026-11-14.md:7  "))
        expectRun(try run("rm", "messiah"), stdout: "removed ../reading/sci-fi/dune-messiah.md to .shelf/trash/\n",
                  stderr: "shelf: `shelf restore dune-messiah` brings it back\n")
        expectRun(try run("restore", "dune-messiah"), stdout: "../reading/sci-fi/dune-messiah.md\n")
        try library.write("finished/sci-fi/broken.md", "---\ntitle: [unclosed\n---\n")
        let check = try run("check")
        #expect(check.status == 1)
        #expect(check.stdout.hasPrefix("sci-fi/broken.md:3:1: invalid YAML"), "\(check)")
        let list = try run("list", "--format", "paths", "author:herbert")
        #expect(list.stderr.hasPrefix("shelf: warning: sci-fi/broken.md:3:1: invalid YAML"), "\(list)")
        // JSON keeps the path in the library: it is the book's, wherever the command ran.
        #expect(try run("show", "dune", "--format", "json").stdout.contains("\"path\": \"finished/sci-fi/dune.md\""))
    }

    @Test(arguments: [
        ("", "finished/sci-fi/dune.md", "finished/sci-fi/dune.md"),
        ("finished", "finished/sci-fi/dune.md", "sci-fi/dune.md"),
        ("finished/sci-fi", "finished/sci-fi/dune.md", "dune.md"),
        ("reading/classics", "finished/sci-fi/dune.md", "../../finished/sci-fi/dune.md"),
        ("finished/sci-fi/dune", "finished/sci-fi/dune.md", "../dune.md"),
        ("finishedness", "finished/dune.md", "../finished/dune.md"),
    ])
    func aPathFromAFolderOfTheLibrary(current: String, path: String, shown: String) {
        let paths = DisplayPaths(root: "/books", current: current.isEmpty ? "/books" : "/books/" + current)
        #expect(paths(path) == shown)
        #expect(DisplayPaths(root: "/books", current: "/home")(path) == "/books/" + path)
    }

    @Test func paths0EndsEachPathWithNulForXargs() throws {
        let library = try ExampleLibrary()
        let added = try library.shelf("add", "Piranesi Again", "--author", "Susanna Clarke", "--folder", "book club")
        #expect(added.stdout == "to-read/book club/piranesi-again.md\n")
        let expected = "finished/fiction/piranesi.md\u{0}to-read/book club/piranesi-again.md\u{0}"
        expectRun(try library.shelf("list", "author:clarke", "--format", "paths0"), stdout: expected)
        expectRun(try library.shelf("ls", "author:clarke", "-0"), stdout: expected)
        expectRun(try library.shelf("search", "piranesi", "-0", "--limit", "1"), stdout: "finished/fiction/piranesi.md\u{0}")
        let pipe = try ChildProcess.run("/bin/sh", ["-c", "\"$0\" ls author:clarke -0 | xargs -0 grep -l Clarke", BuiltExecutable.shelf],
                                        in: library.root.path)
        expectRun(pipe, stdout: "finished/fiction/piranesi.md\nto-read/book club/piranesi-again.md\n")
        let refused = try library.shelf("list", "-0", "--format", "json")
        #expect(refused.status == 2)
        #expect(refused.stderr.hasPrefix("shelf: -0 prints paths ended by NUL; it cannot be used with another --format\n"))
    }
}
