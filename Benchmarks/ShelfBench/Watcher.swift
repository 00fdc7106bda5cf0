import Foundation

/// The rows with the watcher: a private watchman server (its own socket, state and log under
/// the work folder, so the bench never touches the person's own), `shelf watch` once, then the
/// warm list beside `shelf --version` (the floor: process start-up) and beside the same list
/// walking the library, and the list after one file was edited. No rows without watchman.
enum Watcher {
    static func rows(library: String, runs: Int, options: BenchOptions) throws -> [BenchReport.Row] {
        guard let server = try Server(folder: URL(fileURLWithPath: library).deletingLastPathComponent().path + "/watchman") else {
            FileHandle.standardError.write(Data("shelf-bench: watchman is not installed; no watcher rows\n".utf8))
            return []
        }
        defer { server.stop() }
        let environment = server.environment
        let shelf = options.shelf
        try server.watch(library, shelf: shelf)
        let watched = Command(label: "shelf list author:herbert --format paths, with the watcher",
                              arguments: [shelf, "--library", library, "list", "author:herbert", "--format", "paths"],
                              environment: environment)
        let walking = Command(label: "shelf list author:herbert --format paths, without the watcher",
                              arguments: [shelf, "--library", library, "list", "author:herbert", "--format", "paths"])
        let version = Command(label: "shelf --version", arguments: [shelf, "--version"])
        // The warm rows before start on an index that keeps the sessions; so does this one.
        _ = watched.run()
        var rows: [BenchReport.Row] = []
        rows.append(try Workload.row(.watched, "warm list author:herbert with the watcher (watchman reports nothing changed)",
                                     watched, [version, walking], runs: runs))
        // The same list on a copy whose index was built for the list alone, without the
        // sessions: what keeping the sessions costs a warm read once watchman vouches for them.
        let booksOnly = try Workload.copy(library, to: URL(fileURLWithPath: library).lastPathComponent + "-books-only")
        defer { try? FileManager.default.removeItem(atPath: booksOnly) }
        let booksOnlyList = Command(label: "the same list on a copy whose index keeps no sessions, with the watcher",
                                    arguments: [shelf, "--library", booksOnly, "list", "author:herbert", "--format", "paths"],
                                    environment: environment)
        // Built without watchman, then watched: the build reads the book files only.
        guard Command(label: "index the copy", arguments: booksOnlyList.arguments).run() != nil,
              Command(label: "watch the copy", arguments: [shelf, "--library", booksOnly, "watch"], environment: environment).run() != nil,
              booksOnlyList.run() != nil else { throw BenchFailure(command: booksOnlyList.label) }
        rows.append(try Workload.row(.watchedSessions, "warm list author:herbert with the watcher, on an index that keeps the sessions",
                                     watched, [booksOnlyList], runs: runs))
        let edited = try someBookFile(in: library)
        let original = try Data(contentsOf: URL(fileURLWithPath: edited))
        defer { try? original.write(to: URL(fileURLWithPath: edited)) }
        var round = 0
        rows.append(try Workload.row(.watchedEdited, "list author:herbert with the watcher after one file was edited",
                                     watched, [watched], runs: runs, before: {
                                         round += 1
                                         // A new body each round: the file really changes.
                                         var bytes = original
                                         bytes.append(contentsOf: Array("\nEdited \(round).\n".utf8))
                                         try? bytes.write(to: URL(fileURLWithPath: edited))
                                     }, comparisonBefore: { true }))
        return rows
    }

    /// A private watchman server: its own socket, state and log under `folder`, so the bench
    /// never touches the person's own.
    final class Server {
        private let program: String
        private let process = Process()
        private let socket: String

        /// Starts the server and waits until it listens; `nil` when watchman is not installed.
        init?(folder: String) throws {
            guard let program = Watcher.program() else { return nil }
            self.program = program
            try? FileManager.default.removeItem(atPath: folder)
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            socket = folder + "/sock"
            process.executableURL = URL(fileURLWithPath: program)
            process.arguments = ["--foreground", "--no-save-state", "--sockname=\(socket)", "--statefile=\(folder)/state",
                                 "--logfile=\(folder)/log", "--pidfile=\(folder)/pid"]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            // The server takes a moment to listen. `shelf watch` runs `watchman watch-project`,
            // which starts a server of its own when none listens yet: wait for the socket first.
            for _ in 0..<200 where !FileManager.default.fileExists(atPath: socket) { usleep(25_000) }
        }

        /// What a `shelf` command needs to use this server.
        var environment: [String: String] { ["SHELF_NO_WATCHMAN": "", "WATCHMAN_SOCK": socket] }

        /// Runs `shelf watch` on `library` with this server, retrying while the server starts.
        func watch(_ library: String, shelf: String) throws {
            let watch = Command(label: "shelf watch", arguments: [shelf, "--library", library, "watch"], environment: environment)
            for _ in 0..<100 {
                if watch.run() != nil { return }
                usleep(50_000)
            }
            throw BenchFailure(command: watch.label + " " + library)
        }

        func stop() {
            // A server that `watchman watch-project` started on this socket, had this one been
            // slow to listen, would outlive the bench: ask whichever listens to stop too.
            let shutdown = Process()
            shutdown.executableURL = URL(fileURLWithPath: program)
            shutdown.arguments = ["--no-spawn", "--sockname=\(socket)", "shutdown-server"]
            shutdown.standardOutput = FileHandle.nullDevice
            shutdown.standardError = FileHandle.nullDevice
            if (try? shutdown.run()) != nil { shutdown.waitUntilExit() }
            process.terminate()
            process.waitUntilExit()
        }
    }

    private static func program() -> String? {
        let paths = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        return paths.map { String($0) + "/watchman" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// A book file of the library, the first of a status folder.
    private static func someBookFile(in library: String) throws -> String {
        for status in ["reading", "finished", "abandoned", "to-read"] {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: library + "/" + status)) ?? []
            if let first = names.filter({ $0.hasSuffix(".md") }).sorted().first { return library + "/" + status + "/" + first }
        }
        throw BenchFailure(command: "no book file in \(library)")
    }
}
