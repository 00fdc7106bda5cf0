import Foundation
#if canImport(Glibc)
public import Glibc
#endif

/// A program run as a child process, its output sent to files so it can never block on a full
/// pipe, that a test can wait for or kill at any moment.
///
/// It runs in the environment a person's shell would give it, less what would make outputs
/// differ from one machine to another: no colour, 120 columns, and no `SHELF_LIBRARY`,
/// `VISUAL` or `EDITOR` of the person running the tests.
public struct ChildProcess: Sendable {
    /// The child's process id.
    public let pid: pid_t
    private let output: String

    /// What a finished child printed and how it ended.
    public struct Outcome: Sendable, CustomStringConvertible {
        /// The exit status, or the negated signal number for a child a signal ended.
        public var status: Int32
        /// Whether a signal ended it.
        public var killed: Bool
        /// What it wrote to standard output.
        public var stdout: String
        /// What it wrote to standard error.
        public var stderr: String

        public var description: String {
            "exit \(status)\(killed ? " (killed)" : "")\n--- stdout\n\(stdout)--- stderr\n\(stderr)"
        }
    }

    /// Starts `executable` with `arguments`.
    /// - Parameters:
    ///   - directory: The working directory; this process's when `nil`.
    ///   - environment: Variables to set on top of the usual ones.
    /// - Throws: `SpawnFailure` when the program cannot start.
    public static func start(_ executable: String, _ arguments: [String], in directory: String? = nil,
                             environment: [String: String] = [:]) throws -> ChildProcess {
        let output = NSTemporaryDirectory() + "shelf-child-" + UUID().uuidString
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, output + ".out", O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, output + ".err", O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        var variables = ProcessInfo.processInfo.environment
        for name in ["SHELF_LIBRARY", "VISUAL", "EDITOR"] { variables.removeValue(forKey: name) }
        variables["NO_COLOR"] = "1"
        variables["COLUMNS"] = "120"
        // Tests leave the person's watchman alone; the watcher's own tests run a private one.
        variables["SHELF_NO_WATCHMAN"] = "1"
        // The same session file names on every run (`ShelfSeed`); a test of two devices gives
        // each its own.
        variables["SHELF_SEED"] = "1"
        variables.merge(environment) { $1 }
        // Swift's Glibc module leaves out posix_spawn's way to change directory (a GNU
        // extension), so a shell changes it and then becomes the program.
        let command = directory.map { ["/bin/sh", "-c", "cd \"$0\" && exec \"$@\"", $0, executable] } ?? [executable]
        let argv = (command + arguments).map { strdup($0) } + [nil]
        let envp = variables.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, command[0], &actions, nil, argv, envp)
        guard result == 0 else { throw SpawnFailure(executable: executable, code: result) }
        return ChildProcess(pid: pid, output: output)
    }

    /// Runs a program to the end; the parameters are those of ``start(_:_:in:environment:)``.
    public static func run(_ executable: String, _ arguments: [String], in directory: String? = nil,
                           environment: [String: String] = [:]) throws -> Outcome {
        try start(executable, arguments, in: directory, environment: environment).wait()
    }

    /// The file the child's standard output goes to, to read while it runs.
    public var standardOutputPath: String { output + ".out" }

    /// Sends `SIGKILL`.
    public func kill() {
        _ = Glibc.kill(pid, SIGKILL)
    }

    /// Waits for the child to end and collects its output.
    public func wait() -> Outcome {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let signalled = status & 0x7f != 0
        let code = signalled ? -(status & 0x7f) : (status >> 8) & 0xff
        let stdout = String(decoding: FileManager.default.contents(atPath: output + ".out") ?? Data(), as: UTF8.self)
        let stderr = String(decoding: FileManager.default.contents(atPath: output + ".err") ?? Data(), as: UTF8.self)
        try? FileManager.default.removeItem(atPath: output + ".out")
        try? FileManager.default.removeItem(atPath: output + ".err")
        return Outcome(status: code, killed: signalled, stdout: stdout, stderr: stderr)
    }
}

/// A program that could not be started.
public struct SpawnFailure: Error {
    public var executable: String
    /// The error number `posix_spawn` returned.
    public var code: Int32
}
