import Foundation
import ShelfTestSupport
import Testing

/// A book counts as read while it is in the finished status with a `finished` date, and the
/// statuses' roles come from the configuration, not from the names `reading` and `finished`.
struct FinishedRoleTests {
    /// The example library's statuses as a Goodreads reader would name them.
    static let renamed = ["to-read": "want-to-read", "reading": "currently-reading", "finished": "read", "abandoned": "closed"]

    @Test func aBookMovedOutOfFinishedStopsCountingAndKeepsItsDate() throws {
        let library = try ExampleLibrary()
        let counted = try library.shelf("stats", "--year", "2024", "--as-of", "2026-11-22")
        #expect(counted.stdout.hasPrefix("Reading, in 2024, as of 2026-11-22\n\nFinished   7 books, 3226 pages\n"), "\(counted)")
        let listed = try library.shelf("list", "year:2024", "--format", "{title}")
        #expect(listed.stdout.contains("Dune\n"))
        let chart = try library.shelf("stats", "--year", "2024", "--svg", "-").stdout
        #expect(chart.contains("<title>2024-02: 1 book, 412 pages</title>"))

        expectRun(try library.shelf("move", "dune", "to-read"), stdout: "finished/sci-fi/dune.md → to-read/sci-fi/dune.md\n")
        // Only the places change, the book's and its sessions': the finished date stays in the file.
        let changes = try library.changes()
        #expect(changes.contains("rename to to-read/sci-fi/dune.md\n") && !changes.contains("\n-") && !changes.contains("\n+"),
                "\(changes)")
        let moved = try library.shelf("stats", "--year", "2024", "--as-of", "2026-11-22")
        #expect(moved.stdout.hasPrefix("Reading, in 2024, as of 2026-11-22\n\nFinished   6 books, 2814 pages\n"), "\(moved)")
        #expect(moved.stdout.contains("Goal 2024  6 of 24 books (25%)\n"))
        for index in [[String](), ["--no-index"]] {
            expectRun(try library.shelf(index + ["list", "year:2024", "--format", "{title}"]),
                      stdout: listed.stdout.replacingOccurrences(of: "Dune\n", with: ""))
            expectRun(try library.shelf(index + ["list", "-year:2024", "title:dune", "--format", "{title}"]), stdout: "Dune\n")
            expectRun(try library.shelf(index + ["list", "has:year", "title:dune", "--format", "{title}"]))
            expectRun(try library.shelf(index + ["list", "title:dune", "--format", "{title} {year} {finished}"]),
                      stdout: "Dune  2024-02-11\n")
        }
        let svg = try library.shelf("stats", "--year", "2024", "--svg", "-").stdout
        #expect(svg.contains("<title>2024-02: 0 books</title>"), "\(svg)")

        expectRun(try library.shelf("move", "dune", "finished"), stdout: "to-read/sci-fi/dune.md → finished/sci-fi/dune.md\n")
        #expect(try library.changes() == "")
        expectRun(try library.shelf("stats", "--year", "2024", "--as-of", "2026-11-22"), stdout: counted.stdout)
        expectRun(try library.shelf("list", "year:2024", "--format", "{title}"), stdout: listed.stdout)
        expectRun(try library.shelf("stats", "--year", "2024", "--svg", "-"), stdout: chart)
    }

    @Test func statsOfAYearMeasureItAgainstThatYearsGoal() throws {
        let library = try ExampleLibrary()
        try library.write(".shelf/config.yaml", "statuses: [to-read, reading, finished, abandoned]\ngoal: 24\ngoals: {2024: 5, 2025: 12}\n")
        // 7 books finished in 2024, 10 in 2025, 7 in 2026.
        let goalLine = { (arguments: [String]) throws -> String in
            try library.shelf(["stats"] + arguments).stdout.split(separator: "\n").first { $0.hasPrefix("Goal") }.map(String.init) ?? ""
        }
        #expect(try goalLine(["--year", "2024"]) == "Goal 2024  7 of 5 books (140%)")
        // As of a day, what was finished by then: 5 of 2025's 10.
        #expect(try goalLine(["--year", "2025", "--as-of", "2025-07-02"]) == "Goal 2025  5 of 12 books (41%); 6 expected by today")
        #expect(try goalLine(["--year", "2026", "--as-of", "2026-11-22"]) == "Goal 2026  7 of 24 books (29%); 21 expected by today",
                "a year without its own goal takes goal:")
        #expect(try goalLine(["--as-of", "2026-11-22"]) == "Goal 2026  7 of 24 books (29%); 21 expected by today")
        let json = try library.shelf("stats", "--year", "2025", "--format", "json").stdout
        #expect(json.contains("""
              "goal": {
                "year": 2025,
                "goal": 12,
                "finished": 10,
            """), "\(json)")
        try library.write(".shelf/config.yaml", "goals:\n  2025: a dozen\n")
        expectRun(try library.shelf("stats", "--year", "2025"), status: 1, stderr: """
            shelf: .shelf/config.yaml:2:9: goals should give 2025 a whole number of books, found "a dozen"

            """)
    }

    @Test func statusesOfOtherNamesPlayTheSameRoles() throws {
        let defaults = try ExampleLibrary()
        let custom = try ExampleLibrary()
        for (old, new) in Self.renamed { try custom.git("mv", old, new) }
        try custom.write(".shelf/config.yaml", "statuses: [want-to-read, currently-reading, read, closed]\ngoal: 24\n")
        try custom.git("-c", "user.name=shelf", "-c", "user.email=shelf@example.org", "commit", "-q", "-am", "renamed")

        let commands = [
            ["start", "circe"], ["finish", "circe", "--rating", "4"], ["abandon", "cloud"],
            ["log", "station", "--to", "30", "--date", "2026-11-20"],
            ["stats", "--as-of", "2026-11-22"], ["stats", "--year", "2024", "--as-of", "2026-11-22"],
            ["list", "year:2024", "--format", "{title} {status}"], ["--no-index", "list", "year:2026", "--format", "{title} {status}"],
            ["list", "author:herbert", "--fields", "title,year"], ["list", "author:le guin", "--format", "csv", "--fields", "title,year"],
        ]
        for command in commands {
            let expected = try defaults.shelf(command)
            var stdout = expected.stdout, stderr = expected.stderr
            for (old, new) in Self.renamed {
                stdout = Self.rename(old, to: new, in: stdout)
                stderr = Self.rename(old, to: new, in: stderr)
            }
            expectRun(try custom.shelf(command), status: expected.status, stdout: stdout, stderr: stderr)
        }
        // The same dates in the same files: started, finished, the session.
        var changes = try defaults.changes()
        for (old, new) in Self.renamed { changes = Self.rename(old, to: new, in: changes) }
        // git orders the files by their paths, which the names change.
        let byFile = { (diff: String) in diff.components(separatedBy: "diff --git ").sorted() }
        #expect(byFile(try custom.changes()) == byFile(changes))
        #expect(changes.contains("+started: \(ExampleLibrary.today)") && changes.contains("+finished: \(ExampleLibrary.today)")
            && changes.contains("+started: 2026-11-20"))
    }

    /// A status name where it names a folder or a status: at the start of a path, after a space
    /// or an arrow, or at the end of a line.
    private static func rename(_ old: String, to new: String, in text: String) -> String {
        let renamed = ("\n" + text).replacingOccurrences(of: "\n\(old)/", with: "\n\(new)/")
            .replacingOccurrences(of: " \(old)/", with: " \(new)/")
            .replacingOccurrences(of: "/\(old)/", with: "/\(new)/")
            .replacingOccurrences(of: " \(old)\n", with: " \(new)\n")
        return String(renamed.dropFirst())
    }
}
