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
        // pipe without a reader, which ends shelf quietly (by SIGPIPE, or at the EPIPE when
        // SIGPIPE is ignored, as it may be in the test runner).
        let script = "{ \"$0\" \"$@\"; echo \"exit $?\" >&2; } | (exec 0<&-; sleep 1)"
        for arguments in [["export", "--format", "json"], ["list"], ["list", "--help"]] {
            let result = try shell(library, script, arguments)
            #expect(result.stdout == "")
            #expect(result.stderr == "exit 0\n" || result.stderr == "exit 141\n", "\(arguments): \(result)")
        }
        let head = try shell(library, "\"$0\" \"$@\" | head -1", ["list", "--format", "paths"])
        expectRun(head, stdout: "to-read/tech/a-philosophy-of-software-design.md\n")
    }
}
