import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A child process started with `posix_spawn`, its output sent to files so it can never block
/// on a full pipe, that a test can kill at any moment.
struct ChildProcess {
    let pid: pid_t
    let output: String

    /// What a finished child printed and how it ended.
    struct Outcome: CustomStringConvertible {
        var status: Int32
        var killed: Bool
        var stdout: String
        var stderr: String

        var description: String { "exit \(status)\(killed ? " (killed)" : "")\n--- stdout\n\(stdout)--- stderr\n\(stderr)" }
    }

    /// Starts `executable` with `arguments` on the library in `directory`.
    static func start(_ executable: String, _ arguments: [String], in directory: String) throws -> ChildProcess {
        let output = directory + "/../" + UUID().uuidString
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, output + ".out", O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, output + ".err", O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        var environment = ProcessInfo.processInfo.environment
        // The library to work on; glibc's posix_spawn cannot change directory portably.
        environment["SHELF_LIBRARY"] = directory
        environment["NO_COLOR"] = "1"
        environment["COLUMNS"] = "120"
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, executable, &actions, nil, argv, envp)
        guard result == 0 else { throw SpawnFailure(executable: executable, code: result) }
        return ChildProcess(pid: pid, output: output)
    }

    /// Sends `SIGKILL`.
    func kill() {
        _ = Glibc.kill(pid, SIGKILL)
    }

    /// Waits for the child to end and collects its output.
    func wait() -> Outcome {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let signalled = status & 0x7f != 0
        let code = signalled ? -(status & 0x7f) : (status >> 8) & 0xff
        let stdout = (try? String(contentsOfFile: output + ".out", encoding: .utf8)) ?? ""
        let stderr = (try? String(contentsOfFile: output + ".err", encoding: .utf8)) ?? ""
        try? FileManager.default.removeItem(atPath: output + ".out")
        try? FileManager.default.removeItem(atPath: output + ".err")
        return Outcome(status: code, killed: signalled, stdout: stdout, stderr: stderr)
    }

    /// Runs a command to the end.
    static func run(_ executable: String, _ arguments: [String], in directory: String) throws -> Outcome {
        try start(executable, arguments, in: directory).wait()
    }
}

struct SpawnFailure: Error {
    var executable: String
    var code: Int32
}
