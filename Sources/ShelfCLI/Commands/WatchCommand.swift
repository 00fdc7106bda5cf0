import ArgumentParser
import Foundation
import ShelfKit

/// `shelf watch`: has watchman keep the index fresh, so that a command asks it what changed
/// instead of walking the library.
struct WatchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "watch",
        abstract: "Have watchman keep the index fresh, so commands need not look at every file.",
        discussion: """
            Every command that reads through the index first makes sure it matches the files. \
            Without a watcher it looks at every file of the library; when watchman (Debian's \
            `watchman` package) watches the library, it asks watchman which files changed since \
            the last command and reads only those. Commands start the watch by themselves when a \
            watchman server is running; this command also starts the server. Whenever watchman \
            cannot vouch for every change (it is not running, it restarted, it lost track of \
            the files), the command looks at every file as before: the answers are the same \
            either way. SHELF_NO_WATCHMAN=1 turns the watcher off; WATCHMAN_SOCK chooses the \
            server.

            Examples:
              shelf watch
              shelf watch --status
              shelf watch --status --format json
              shelf watch --stop
            """
    )

    /// How `--status` prints.
    typealias Format = TextOrJSON

    @OptionGroup var library: LibraryOptions

    @Flag(help: "Stop watching the library (a watch of the git repository around it is left to other tools); commands look at every file again.")
    var stop = false

    @Flag(help: "Say whether watchman keeps the index fresh, without changing anything.")
    var status = false

    @Option(help: "text or json.")
    var format: Format = .text

    func validate() throws {
        if stop && status { throw ValidationError("--stop and --status cannot be used together") }
        if library.noIndex { throw ValidationError("the watcher keeps the index fresh: it cannot be used with --no-index") }
    }

    func run() async throws {
        let library = try library.open()
        OpenedLibraries.current?.keepQuiet()
        // The library folder as paths are printed: `.` inside it, else its path.
        let shown = library.displayPaths(".")
        let root = shown.hasSuffix("/.") ? String(shown.dropLast(2)) : shown
        let result: WatchStatus
        if status {
            result = await library.watchStatus()
        } else if stop {
            result = try await library.stopWatching()
        } else {
            guard IndexOptions.watched.usesWatcher else {
                printError("shelf: the watcher is turned off by SHELF_NO_WATCHMAN")
                throw ExitCode(1)
            }
            guard WatchmanProgram.startServer(watching: library.root) else {
                printError("shelf: watchman is not installed or did not start (Debian: apt install watchman); commands look at every file instead")
                throw ExitCode(1)
            }
            result = try await library.startWatching()
        }
        switch format {
        case .json:
            let record: [(String, JSONValue)] = [
                ("enabled", .bool(result.isEnabled)), ("watching", .bool(result.isWatching)),
                ("watch_root", result.watchRoot.map(JSONValue.string) ?? .null), ("socket", result.socket.map(JSONValue.string) ?? .null),
            ]
            try StandardOutput.writeLine(JSONValue.object(record).text(.pretty))
        case .text:
            try StandardOutput.writeLine(Self.describe(result, root: root))
        }
        if !status && !stop && !result.isWatching { throw ExitCode(1) }
    }

    static func describe(_ status: WatchStatus, root: String) -> String {
        if !status.isEnabled { return "not watching \(root): the watcher is turned off by SHELF_NO_WATCHMAN or --no-index" }
        guard status.isWatching, let watchRoot = status.watchRoot else {
            return "not watching \(root): commands look at every file (`shelf watch` starts watchman)"
        }
        return "watching \(root) with watchman (watch root \(watchRoot))"
    }
}

/// The `watchman` program, run only by `shelf watch`: commands talk to the server through its socket.
enum WatchmanProgram {
    /// Runs `watchman watch-project ROOT`, which starts the server when none runs; whether it
    /// succeeded. The program does not read `WATCHMAN_SOCK` (its clients do), so the socket it
    /// names is passed on.
    static func startServer(watching root: String) -> Bool {
        let environment = ProcessInfo.processInfo.environment
        let paths = (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        guard let program = paths.map({ String($0) + "/watchman" }).first(where: { FileManager.default.isExecutableFile(atPath: $0) })
        else { return false }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        let socket = environment["WATCHMAN_SOCK"].flatMap { $0.isEmpty ? nil : $0 }
        process.arguments = (socket.map { ["--sockname=\($0)"] } ?? []) + ["watch-project", root]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            return false
        }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }
}
