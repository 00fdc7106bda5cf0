import Foundation
import Testing

/// What one run of the `shelf` binary printed and returned.
struct ShelfResult: CustomStringConvertible {
    var status: Int32
    var stdout: String
    var stderr: String

    var description: String { "exit \(status)\n--- stdout\n\(stdout)--- stderr\n\(stderr)" }
}

/// A temporary copy of `example-library`, under git, and a way to run the built `shelf` on it.
///
/// End-to-end tests run the real binary as a person would, and compare whole outputs, exit
/// codes and the exact bytes of files after each command (through `git diff`). A class, so
/// `#expect(library.exists(…))` can capture it; `deinit` removes the copy.
final class ExampleLibrary {
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The built binary: `swift build` (and `swift test`) put it beside the test bundle.
    static let binary: URL = {
        let candidates = [
            Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("shelf"),
            packageRoot.appendingPathComponent(".build/debug/shelf"),
        ]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) } ?? candidates[1]
    }()

    let root: URL

    /// Where the copies go: `$TMPDIR` when set, else `/dev/shm` when there is one.
    ///
    /// Every test copies the library, commits it, and runs commands that `fsync` what they
    /// write; in memory that takes milliseconds, on a busy disk a second or more per test.
    static let scratch: URL = {
        let shm = "/dev/shm"
        if ProcessInfo.processInfo.environment["TMPDIR"] == nil, FileManager.default.isWritableFile(atPath: shm) {
            return URL(fileURLWithPath: shm)
        }
        return FileManager.default.temporaryDirectory
    }()

    /// Copies `example-library` (or starts empty) into a new temporary directory and commits it.
    init(empty: Bool = false) throws {
        root = Self.scratch.appendingPathComponent("shelf-e2e-\(UUID().uuidString)")
        if empty {
            try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        } else {
            try FileManager.default.copyItem(at: Self.packageRoot.appendingPathComponent("example-library"), to: root)
        }
        try git("init", "-q")
        // What `shelf init` puts in .shelf/.gitignore: caches that are not part of the library.
        try Data("/.shelf/index.sqlite*\n/.shelf/lock\n".utf8).write(to: root.appendingPathComponent(".git/info/exclude"))
        try git("add", "-A")
        try git("-c", "user.name=shelf", "-c", "user.email=shelf@example.org", "commit", "-q", "-m", "library", "--allow-empty")
    }

    deinit {
        try? FileManager.default.removeItem(at: root)
    }

    /// Today as `YYYY-MM-DD` in the local calendar, as `shelf` computes it for `added`,
    /// `started`, `finished`, session files and the trash.
    static var today: String { day(offset: 0) }

    /// Yesterday as `YYYY-MM-DD`, for `--date yesterday`.
    static var yesterday: String { day(offset: -1) }

    private static func day(offset: Int) -> String {
        let calendar = Calendar.current
        let date = calendar.date(byAdding: .day, value: offset, to: Date()) ?? Date()
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        let year = parts.year ?? 0, month = parts.month ?? 0, day = parts.day ?? 0
        return String(format: "%04d-%02d-%02d", year, month, day)
    }

    /// Runs `shelf ARGUMENTS` with the library as the working directory.
    func shelf(_ arguments: String..., environment: [String: String] = [:], input: String? = nil) throws -> ShelfResult {
        try run(Self.binary, Array(arguments), environment: environment, input: input)
    }

    /// Runs `shelf ARGUMENTS` given as an array.
    func shelf(_ arguments: [String]) throws -> ShelfResult {
        try run(Self.binary, arguments, environment: [:], input: nil)
    }

    /// Runs `shelf ARGUMENTS` from `folder`, a path relative to the library (or absolute).
    func shelf(_ arguments: [String], in folder: String, environment: [String: String] = [:]) throws -> ShelfResult {
        let directory = folder.hasPrefix("/") ? URL(fileURLWithPath: folder) : root.appendingPathComponent(folder)
        return try run(Self.binary, arguments, environment: environment, input: nil, directory: directory)
    }

    /// `git diff` of everything the commands changed, untracked files included.
    func diff() throws -> String {
        try git("add", "-A", "--intent-to-add")
        return try git("diff", "--no-color", "--no-ext-diff", "--stat=200", "-p").stdout
    }

    /// Every change since the copy was made, staged so that moves show as renames: `git diff -M`
    /// of the index, without the `index` and `similarity index` lines, whose blob hashes and
    /// percentages change with today's date in the files.
    func changes() throws -> String {
        try git("add", "-A")
        let diff = try git("diff", "--cached", "-M", "--no-color", "--no-ext-diff").stdout
        return diff.split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.hasPrefix("index ") && !$0.hasPrefix("similarity index ") }
            .joined(separator: "\n")
    }

    /// `git status --short`, to see files created, moved and deleted.
    func status() throws -> String {
        try git("add", "-A")
        return try git("status", "--short").stdout
    }

    func read(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    func write(_ path: String, _ text: String) throws {
        let url = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    func data(_ path: String) throws -> Data {
        try Data(contentsOf: root.appendingPathComponent(path))
    }

    func exists(_ path: String) -> Bool {
        FileManager.default.fileExists(atPath: root.appendingPathComponent(path).path)
    }

    @discardableResult
    func git(_ arguments: String...) throws -> ShelfResult {
        let result = try run(URL(fileURLWithPath: "/usr/bin/git"), arguments, environment: [:], input: nil)
        guard result.status == 0 else { throw GitFailure(arguments: arguments, result: result) }
        return result
    }

    private func run(_ executable: URL, _ arguments: [String], environment: [String: String], input: String?,
                     directory: URL? = nil) throws -> ShelfResult {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = directory ?? root
        var env = ProcessInfo.processInfo.environment
        env.removeValue(forKey: "SHELF_LIBRARY")
        env["NO_COLOR"] = "1"
        env["COLUMNS"] = "120"
        env["GIT_CONFIG_NOSYSTEM"] = "1"
        env.removeValue(forKey: "VISUAL")
        env.removeValue(forKey: "EDITOR")
        for (key, value) in environment { env[key] = value }
        process.environment = env
        let stdout = Pipe(), stderr = Pipe(), stdin = Pipe()
        process.standardOutput = stdout
        process.standardError = stderr
        process.standardInput = stdin
        try process.run()
        if let input { stdin.fileHandleForWriting.write(Data(input.utf8)) }
        try stdin.fileHandleForWriting.close()
        // Read both pipes before waiting, so a large output cannot fill a pipe and block.
        let group = DispatchGroup()
        nonisolated(unsafe) var errorData = Data()
        group.enter()
        DispatchQueue.global().async {
            errorData = stderr.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        let outputData = stdout.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        return ShelfResult(status: process.terminationStatus,
                           stdout: String(decoding: outputData, as: UTF8.self),
                           stderr: String(decoding: errorData, as: UTF8.self))
    }
}

struct GitFailure: Error, CustomStringConvertible {
    var arguments: [String]
    var result: ShelfResult
    var description: String { "git \(arguments.joined(separator: " ")) failed: \(result)" }
}

/// Expects a whole run: exit status, standard output and standard error, each compared exactly.
func expectRun(_ result: ShelfResult, status: Int32 = 0, stdout: String = "", stderr: String = "",
               sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(result.status == status, "exit status; \(result)", sourceLocation: sourceLocation)
    #expect(result.stdout == stdout, sourceLocation: sourceLocation)
    #expect(result.stderr == stderr, sourceLocation: sourceLocation)
}
