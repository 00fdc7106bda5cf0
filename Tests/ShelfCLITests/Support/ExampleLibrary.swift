import Foundation
import ShelfTestSupport
import Testing

/// A temporary copy of `example-library`, under git, and a way to run the built `shelf` on it.
///
/// End-to-end tests run the real binary as a person would, and compare whole outputs, exit
/// codes and the exact bytes of files after each command (through `git diff`). A class, so
/// `#expect(library.exists(…))` can capture it; `deinit` removes the copy.
final class ExampleLibrary {
    let root: URL

    /// Copies `example-library` (or starts empty) into a new temporary directory and commits it.
    ///
    /// The copy is in memory where it can be (``TemporaryFolder/inMemory``): every test
    /// commits it and runs commands that `fsync` what they write.
    init(empty: Bool = false) throws {
        let base = TemporaryFolder.inMemory
        let path = empty ? try TemporaryFolder.make(in: base) : try TemporaryFolder.copyOfExampleLibrary(in: base)
        root = URL(fileURLWithPath: path)
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

    /// The clock set to the last minute of today (`SHELF_NOW`), for a test that logs sessions
    /// of today at given times: a session later than now is refused, and the test must pass
    /// at any hour.
    static var lateToday: [String: String] { ["SHELF_NOW": today + "T23:59"] }

    /// Yesterday as `YYYY-MM-DD`, for `--date yesterday`.
    static var yesterday: String { day(offset: -1) }

    /// The day `offset` days from today as `YYYY-MM-DD`: -3 for `--date 3d`.
    static func day(offset: Int) -> String {
        let calendar = Calendar.current
        let date = calendar.date(byAdding: .day, value: offset, to: Date()) ?? Date()
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        let year = parts.year ?? 0, month = parts.month ?? 0, day = parts.day ?? 0
        return String(format: "%04d-%02d-%02d", year, month, day)
    }

    /// Runs `shelf ARGUMENTS` with the library as the working directory.
    func shelf(_ arguments: String..., environment: [String: String] = [:]) throws -> ChildProcess.Outcome {
        try shelf(arguments, in: root.path, environment: environment)
    }

    /// Runs `shelf ARGUMENTS` given as an array.
    func shelf(_ arguments: [String]) throws -> ChildProcess.Outcome {
        try shelf(arguments, in: root.path)
    }

    /// Runs `shelf ARGUMENTS` from `folder`, a path relative to the library (or absolute).
    func shelf(_ arguments: [String], in folder: String, environment: [String: String] = [:]) throws -> ChildProcess.Outcome {
        let directory = folder.hasPrefix("/") ? folder : root.appendingPathComponent(folder).path
        return try ChildProcess.run(BuiltExecutable.shelf, arguments, in: directory, environment: environment)
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
        try TemporaryFolder.write(text, to: root.appendingPathComponent(path).path)
    }

    func data(_ path: String) throws -> Data {
        try Data(contentsOf: root.appendingPathComponent(path))
    }

    func exists(_ path: String) -> Bool {
        FileManager.default.fileExists(atPath: root.appendingPathComponent(path).path)
    }

    @discardableResult
    func git(_ arguments: String...) throws -> ChildProcess.Outcome {
        let result = try ChildProcess.run("/usr/bin/git", ["-C", root.path] + arguments, environment: ["GIT_CONFIG_NOSYSTEM": "1"])
        guard result.status == 0 else { throw GitFailure(arguments: arguments, result: result) }
        return result
    }
}

struct GitFailure: Error, CustomStringConvertible {
    var arguments: [String]
    var result: ChildProcess.Outcome
    var description: String { "git \(arguments.joined(separator: " ")) failed: \(result)" }
}

/// Expects a whole run: exit status, standard output and standard error, each compared exactly.
func expectRun(_ result: ChildProcess.Outcome, status: Int32 = 0, stdout: String = "", stderr: String = "",
               sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(result.status == status, "exit status; \(result)", sourceLocation: sourceLocation)
    #expect(result.stdout == stdout, sourceLocation: sourceLocation)
    #expect(result.stderr == stderr, sourceLocation: sourceLocation)
}
