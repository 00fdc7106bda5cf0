import Foundation
import ShelfTestSupport
import Testing

/// Output that cannot be written is an error, whatever the command; a reader that stops
/// reading is not.
struct OutputFailureTests {
    static let hasDevFull = FileManager.default.fileExists(atPath: "/dev/full")

    /// Runs `shelf ARGUMENTS` through `sh -c SCRIPT`, where the script runs `"$0" "$@"`, from the library.
    private func shell(_ library: ExampleLibrary, _ script: String, _ arguments: [String]) throws -> ChildProcess.Outcome {
        try ChildProcess.run("/bin/sh", ["-c", script, BuiltExecutable.shelf] + arguments, in: library.root.path)
    }

    static let commands: [[String]] = [
        ["list"], ["list", "--format", "json"], ["list", "--format", "{title}"], ["export", "--format", "json"],
        ["export", "--format", "csv"], ["export", "--format", "goodreads"], ["show", "dune"], ["show", "dune", "--format", "json"],
        ["search", "shrike"], ["sessions"], ["sessions", "--format", "csv"], ["stats"], ["stats", "--format", "json"],
        ["reindex"], ["set", "dune", "rating=4"], ["add", "Emma", "--author", "Jane Austen"], ["start", "dispossessed"],
        ["--help"], ["list", "--help"],
    ]

    @Test(.enabled(if: hasDevFull), arguments: commands)
    func aFullDeviceIsAnError(arguments: [String]) throws {
        let library = try ExampleLibrary()
        let result = try shell(library, "exec \"$0\" \"$@\" > /dev/full", arguments)
        expectRun(result, status: 1, stderr: "shelf: cannot write to standard output: No space left on device\n")
    }

    @Test func aClosedPipeIsNoError() throws {
        let library = try ExampleLibrary()
        // The reader closes its end at once, before shelf has started: every write meets a
        // pipe without a reader, which ends shelf quietly with status 0, not killed by SIGPIPE
        // (141).
        let script = "{ \"$0\" \"$@\"; echo \"exit $?\" >&2; } | (exec 0<&-; sleep 1)"
        for arguments in [["export", "--format", "json"], ["list"], ["list", "--help"]] {
            let result = try shell(library, script, arguments)
            #expect(result.stdout == "")
            #expect(result.stderr == "exit 0\n", "\(arguments): \(result)")
        }
        let head = try shell(library, "\"$0\" \"$@\" | head -1", ["list", "--format", "paths"])
        expectRun(head, stdout: "to-read/tech/a-philosophy-of-software-design.md\n")
    }

    /// `shelf list | head -1` on a library whose listing is larger than a pipe holds (3,000 books,
    /// some 300 KB as a table): shelf is still writing when `head` leaves, and ends with status 0
    /// and nothing on standard error, whatever the format.
    @Test(arguments: [["list"], ["list", "--format", "json"], ["list", "--format", "paths"], ["export", "--format", "csv"],
                      ["search", "book"]])
    func aReaderThatStopsEarlyIsNoError(arguments: [String]) throws {
        let library = try ExampleLibrary()
        for number in 1...3000 {
            try library.write("to-read/many/book-\(number).md", """
                ---
                title: Book \(number) of a long shelf, with a title long enough to fill a row
                authors: [Some Author \(number)]
                ---

                A book.

                """)
        }
        let result = try shell(library, "{ \"$0\" \"$@\"; echo $? > status; } | head -c 20 > /dev/null; echo \"exit $(cat status)\" >&2",
                               arguments)
        #expect(result.stderr == "exit 0\n", "\(arguments): \(result)")
    }
}
