import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A command line run as a child process, its wall time and peak memory.
struct Command {
    var label: String
    var arguments: [String]
    /// Variables set on top of the bench's own environment.
    var environment: [String: String] = [:]

    struct Sample {
        var seconds: Double
        var peakKiB: Int
    }

    /// Runs the command with its output discarded; `nil` when it could not start or failed.
    /// `{n}` in an argument becomes `round`, so a repeated write really changes the file.
    func run(round: Int = 0) -> Sample? {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var expanded = arguments.map { $0.replacingOccurrences(of: "{n}", with: String(round)) }
        // A child started by posix_spawn (vfork) inherits the bench's own peak as its
        // `ru_maxrss`, so every figure below the bench's size would read as the bench's size.
        // GNU time forks the command from its own small process and writes the true peak.
        let peakFile = Self.peakFile
        if let peakFile { expanded = [Self.gnuTime, "-f", "%M", "-o", peakFile] + expanded }
        var cArguments = expanded.map { strdup($0) } + [nil]
        defer { for pointer in cArguments { free(pointer) } }
        var start = timespec(), end = timespec()
        clock_gettime(CLOCK_MONOTONIC, &start)
        var pid: pid_t = 0
        var variables = ProcessInfo.processInfo.environment
        variables.merge(environment) { $1 }
        var cEnvironment = variables.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for pointer in cEnvironment { free(pointer) } }
        guard posix_spawnp(&pid, expanded[0], &actions, nil, &cArguments, &cEnvironment) == 0 else { return nil }
        var status: Int32 = 0
        // wait4 gives this child's own rusage, so ru_maxrss is its peak, not the bench's.
        var usage = rusage()
        guard wait4(pid, &status, 0, &usage) == pid else { return nil }
        clock_gettime(CLOCK_MONOTONIC, &end)
        let seconds = Double(end.tv_sec - start.tv_sec) + Double(end.tv_nsec - start.tv_nsec) / 1e9
        // rg exits 1 when nothing matches, which is an answer, not a failure.
        let exitCode = (status >> 8) & 0xff
        guard status & 0x7f == 0, exitCode <= 1 else { return nil }
        let measured = peakFile.flatMap { try? String(contentsOfFile: $0, encoding: .utf8) }
            .flatMap { Int($0.split(separator: "\n").last.map(String.init) ?? "") }
        return Sample(seconds: seconds, peakKiB: measured ?? usage.ru_maxrss)
    }

    private static let gnuTime = "/usr/bin/time"

    /// Where GNU time writes each command's peak, when it is installed.
    private static let peakFile: String? = FileManager.default.isExecutableFile(atPath: gnuTime)
        ? NSTemporaryDirectory() + "/shelf-bench-peak-\(getpid())" : nil
}

extension Command {
    /// Runs `arguments` untimed and returns its exit status and standard output, or `nil` when
    /// it could not start. Standard error is discarded unless `keepStandardError` is set.
    static func output(_ arguments: [String], keepStandardError: Bool = false) -> (status: Int32, text: String)? {
        let process = Process()
        let pipe = Pipe()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        process.standardOutput = pipe
        if !keepStandardError { process.standardError = FileHandle.nullDevice }
        guard (try? process.run()) != nil else { return nil }
        // Read before waiting: a child with more output than the pipe holds would never exit.
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
