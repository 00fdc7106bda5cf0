import ArgumentParser
import Foundation
import ShelfCLI
import ShelfTestSupport
import Testing

/// What a person who mistypes meets: command names with a suggestion, values refused with the
/// reason, help text without Swift's own words, counts in good English, and the exit status
/// that says whether the parser or shelf refused.
struct UsageTests {
    @Test(arguments: [
        (["lst"], "shelf: 'lst' is not a shelf command; did you mean 'list'?\n"),
        (["sesions", "dune"], "shelf: 'sesions' is not a shelf command; did you mean 'sessions' or 'session'?\n"),
        (["--library", ".", "shw", "dune"], "shelf: 'shw' is not a shelf command; did you mean 'show'?\n"),
        (["help", "nosuch"], "shelf: 'nosuch' is not a shelf command; see `shelf --help`\n"),
        (["help", "lst"], "shelf: 'lst' is not a shelf command; did you mean 'list'?\n"),
        (["import", "goodrads", "x.csv"], "shelf: 'goodrads' is not a shelf import command; did you mean 'goodreads'?\n"),
    ])
    func anUnknownCommandGetsASuggestionAndExitsTwo(arguments: [String], message: String) throws {
        let library = try ExampleLibrary()
        expectRun(try library.shelf(arguments, in: "."), status: 2, stderr: message)
        #expect(try library.status() == "")
    }

    @Test func helpOfACommandStillWorks() throws {
        let library = try ExampleLibrary()
        let result = try library.shelf("help", "list")
        #expect(result.status == 0)
        #expect(result.stdout.contains("USAGE: shelf list"))
    }

    @Test(arguments: [
        (["log", "dune", "--pages", "-5"], "shelf: --pages must be 0 or more, got -5\n"),
        (["log", "dune", "--to", "-1"], "shelf: --to must be 0 or more, got -1\n"),
        (["list", "--limit", "-1"], "shelf: --limit must be 0 or more, got -1\n"),
        (["search", "dune", "--limit", "-1"], "shelf: --limit must be 1 or more, got -1\n"),
        (["stats", "--year", "-3"], "shelf: --year takes a year such as 2025, got -3\n"),
        (["sessions", "--since", "2026-13-01"], "shelf: --since takes a day (YYYY-MM-DD, today, yesterday, 3d, 2w or last-monday), a month or a year, got \"2026-13-01\"\n"),
        (["log", "cloud", "--minutes=-5"], "shelf: --minutes must be 0 or more, got -5\n"),
        (["add", "Dune Messiah", "--pages", "-5"], "shelf: to-read/dune-messiah.md: pages should not be negative, found \"-5\"\n"),
        (["add", "Dune Messiah", "--set", "finished=xyz"], "shelf: finished should be a date (YYYY-MM-DD), found \"xyz\"\n"),
    ])
    func aRefusedValueSaysWhyAndExitsOne(arguments: [String], message: String) throws {
        let library = try ExampleLibrary()
        expectRun(try library.shelf(arguments, in: "."), status: 1, stderr: message)
        #expect(try library.status() == "")
    }

    /// Every command and subcommand, as the words that name it.
    static var commandPaths: [[String]] {
        func paths(_ command: any ParsableCommand.Type, _ prefix: [String]) -> [[String]] {
            command.configuration.subcommands.flatMap { subcommand -> [[String]] in
                let path = prefix + [subcommand.configuration.commandName ?? ""]
                return [path] + paths(subcommand, path)
            }
        }
        return [[]] + paths(Shelf.self, [])
    }

    /// The README's exit statuses, for every command: an option it does not have is a usage
    /// error (2), said with the usage line (after what else is missing), and nothing is written.
    @Test func everyCommandExitsTwoOnAnOptionItDoesNotHave() throws {
        let library = try ExampleLibrary()
        for path in Self.commandPaths where !path.isEmpty {
            let result = try library.shelf(path + ["--no-such-option"], in: ".")
            #expect(result.status == 2, "shelf \(path.joined(separator: " ")): \(result)")
            #expect(result.stderr.contains("Usage: shelf"), "shelf \(path.joined(separator: " ")): \(result)")
        }
        #expect(try library.status() == "")
    }

    /// The rest of the table: 0 for a listing with nothing in it, 1 for a search that finds
    /// nothing, a book that is not there or a value out of range, 2 for a value of the wrong kind.
    @Test(arguments: [
        (["list", "zzzqqq"], 0), (["sessions", "--since", "2030-01-01"], 0), (["authors", "zzzqqq"], 0),
        (["search", "zzzqqq"], 1), (["show", "zzzqqq"], 1), (["finish", "dune", "--rating", "7"], 1),
        (["list", "--limit", "-1"], 1), (["log", "cloud", "--date", "someday"], 2), (["set", "dune", "ratng=4"], 2),
    ] as [([String], Int32)])
    func exitStatuses(arguments: [String], status: Int32) throws {
        let library = try ExampleLibrary()
        let result = try library.shelf(arguments, in: ".")
        #expect(result.status == status, "\(result)")
        #expect(try library.status() == "")
    }

    @Test func helpNeverShowsSwiftOrSaysADefaultTwice() throws {
        let library = try ExampleLibrary()
        #expect(Self.commandPaths.count > 20)
        for path in Self.commandPaths {
            let result = try library.shelf(path + ["--help"], in: ".")
            #expect(result.status == 0, "\(path): \(result)")
            #expect(result.stderr == "")
            for leak in ["ShelfCLI.", "named(", "Optional(", "template("] {
                #expect(!result.stdout.contains(leak), "shelf \(path.joined(separator: " ")) --help shows \(leak)")
            }
            // One entry per argument or option: a line indented two spaces, then its wrapped lines.
            let entries = result.stdout.components(separatedBy: "\n  ").filter { $0.hasPrefix("-") || $0.hasPrefix("<") }
            for entry in entries {
                #expect(entry.components(separatedBy: "default").count <= 2,
                        "shelf \(path.joined(separator: " ")) --help: \(entry)")
            }
        }
    }

    @Test func countsOfOneAreSingular() throws {
        let library = try ExampleLibrary(empty: true)
        let created = try library.shelf("init")
        #expect(created.status == 0 && created.stdout.hasPrefix("Created a library in \(library.root.path) with statuses to-read, reading, finished, abandoned.\n"),
                "\(created)")
        expectRun(try library.shelf("add", "Leaflet", "--author", "A. Writer", "--pages", "1"), stdout: "to-read/leaflet.md\n")
        let log = try library.shelf("log", "leaflet", "--pages", "1", "--date", "2026-11-01", "--at", "6:00")
        #expect(log.status == 0, "\(log)")
        expectRun(try library.shelf("check"), stderr: "shelf: no problems in 1 book\n")
        let show = try library.shelf("show", "leaflet")
        #expect(show.stdout.contains("\nA. Writer · 1 page\n"), "\(show.stdout)")
        #expect(show.stdout.contains("  2026-11-01 06:00                 1 page\n"), "\(show.stdout)")
        #expect(!show.stdout.contains(" 1 pages"), "\(show.stdout)")
        let reindex = try library.shelf("reindex")
        #expect(reindex.stdout.hasPrefix("indexed 1 book in "), "\(reindex)")
    }
}
