import Foundation
import ShelfTestSupport
import Testing

/// What every command shares: help with examples, exit statuses, finding the library, colour.
struct ConventionTests {
    static let commands = ["init", "add", "list", "ls", "show", "start", "finish", "abandon", "move", "set", "unset",
                           "log", "read", "sessions", "session", "edit", "rm", "restore", "check", "watch"]

    @Test(arguments: commands)
    func helpHasAnExample(command: String) throws {
        let library = try ExampleLibrary()
        let result = try library.shelf(command, "--help")
        #expect(result.status == 0)
        #expect(result.stderr == "")
        #expect(result.stdout.contains("USAGE: shelf \(command == "ls" ? "list" : command)"))
        let example = try #require(result.stdout.range(of: "Example"), "\(command) --help has no example")
        #expect(result.stdout[example.upperBound...].contains("shelf \(command) "))
    }

    @Test func topLevelHelpListsEveryCommand() throws {
        let library = try ExampleLibrary()
        let result = try library.shelf("--help")
        #expect(result.status == 0)
        for command in Self.commands where command != "ls" {
            #expect(result.stdout.contains("\n  \(command) ") || result.stdout.contains("\n  \(command), "),
                    "\(command) missing from shelf --help")
        }
    }

    @Test(arguments: [
        (["list", "--bogus"], "shelf: unknown option --bogus; a query term is written field:value (see docs/query.md)\n"),
        (["show", "--bogus", "dune"], "shelf: Unknown option '--bogus'\n"),
        (["show"], "shelf: Missing expected argument '<book>'\n"),
        (["move", "dune"], "shelf: Missing expected argument '<status>', or --folder to file it, or --slug to rename\n"),
        (["log", "dune", "--to", "many"], "shelf: The value 'many' is invalid for '--to <to>'\n"),
        (["frobnicate"], "shelf: 'frobnicate' is not a shelf command; see `shelf --help`\n"),
    ])
    func usageErrorsExitTwo(arguments: [String], message: String) throws {
        let library = try ExampleLibrary()
        let result = try library.shelf(arguments, in: ".")
        #expect(result.status == 2, "\(result)")
        #expect(result.stdout == "")
        #expect(result.stderr.hasPrefix(message), "\(result)")
    }

    @Test func theLibraryIsFoundByOptionEnvironmentOrWalkingUp() throws {
        let library = try ExampleLibrary()
        let path = library.root.path
        let elsewhere = FileManager.default.temporaryDirectory.path
        let expected = "\(path)/finished/sci-fi/dune.md\n"
        expectRun(try library.shelf(["ls", "--library=\(path)", "--format", "paths", "--author", "herbert"], in: elsewhere),
                  stdout: expected)
        expectRun(try library.shelf(["ls", "dune", "--library", path, "--format", "paths", "--author", "herbert"], in: elsewhere),
                  stdout: expected)
        expectRun(try library.shelf(["--library", path, "ls", "--format", "paths", "--author", "herbert"], in: elsewhere),
                  stdout: expected)
        expectRun(try library.shelf(["ls", "--format", "paths", "--author", "herbert"], in: elsewhere,
                                    environment: ["SHELF_LIBRARY": path]),
                  stdout: expected)
        expectRun(try library.shelf(["ls", "--format", "paths", "--author", "herbert"], in: "reading/classics/anna-karenina"),
                  stdout: "../../../finished/sci-fi/dune.md\n")
    }

    @Test func noLibraryFoundSuggestsInit() throws {
        let library = try ExampleLibrary(empty: true)
        let path = library.root.path
        expectRun(try library.shelf("list"), status: 1, stderr: """
            shelf: no library found in \(path) or any folder above it; create one with `shelf init`, or point SHELF_LIBRARY or --library at one

            """)
    }

    @Test(arguments: [["list"], ["show", "dune"], ["sessions", "dune"], ["check"], ["list", "--help"]])
    func noColourWithNoColor(arguments: [String]) throws {
        let library = try ExampleLibrary()
        let result = try library.shelf(arguments, in: ".", environment: ["NO_COLOR": "1", "TERM": "xterm-256color"])
        #expect(result.status == 0)
        #expect(!result.stdout.contains("\u{1B}"))
        #expect(!result.stderr.contains("\u{1B}"))
    }

    @Test func resultsGoToStandardOutputAndMessagesToStandardError() throws {
        let library = try ExampleLibrary()
        let result = try library.shelf("log", "circe", "--to", "10")
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("reading/circe/"))
        #expect(result.stderr == "shelf: circe moved to reading\n")
    }
}
