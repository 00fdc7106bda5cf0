internal import Foundation

/// How a refresh uses watchman (``IndexOptions/usesWatcher``).
struct WatcherSettings: Sendable, Hashable {
    /// The server's socket, for tests that run a private server; `nil`: `WATCHMAN_SOCK`, else
    /// the one stored, else the one `watchman get-sockname` names.
    var socket: String?
}

/// What the index remembers of watchman between commands, in its `watch` table: where the
/// server listens, what it watches, and its clock when the index was last brought up to date.
struct WatchState: Sendable, Hashable {
    /// The server's socket; `""` when watchman was not found, which is not asked again
    /// (`shelf watch` asks).
    var socket: String
    /// The library root, absolute, the state was taken for: an index copied or moved with its
    /// library is not vouched for by another root's clock.
    var library: String
    /// The folder watchman watches: the library or the project (git repository) above it.
    var root: String = ""
    /// The library root relative to ``root``; `""` when they are the same.
    var relative: String = ""
    /// watchman's clock taken before the index was last brought up to date; `""` when none.
    var clock: String = ""
    /// How many book files, and how many problems of shared slugs, the library had at that
    /// clock: a command that watchman tells nothing changed needs not ask the index
    /// (``RefreshedFiles``). Any change since is reported, and they are counted again.
    var bookCount: Int?
    var duplicateCount: Int?

    var isWatching: Bool { !socket.isEmpty && !root.isEmpty && !clock.isEmpty }
}

/// Asks watchman which files changed since the index's clock (``LibraryIndex/refreshFromWatcher(_:statuses:keepsSessions:)``),
/// and starts watching. Every failure is `nil`: the caller then walks the library, which is
/// always correct.
enum WatchedChanges {
    /// One path watchman reports changed since the clock, relative to the library root.
    struct Change: Sendable, Hashable {
        var name: String
        var exists: Bool
        /// Whether watchman last saw a directory there.
        var isDirectory: Bool
        /// Whether it appeared after the clock: a new folder's files are all reported too.
        var isNew = false
    }

    /// `SHELF_NO_WATCHMAN` set to anything but `""` or `0` turns the watcher off.
    static var isDisabledByEnvironment: Bool {
        guard let value = ProcessInfo.processInfo.environment["SHELF_NO_WATCHMAN"] else { return false }
        return !value.isEmpty && value != "0"
    }

    /// The socket the settings or `WATCHMAN_SOCK` name, if any: it wins over the stored one.
    static func socket(given: String?) -> String? {
        given ?? ProcessInfo.processInfo.environment["WATCHMAN_SOCK"].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// Starts (or finds) the watch of `library` and takes a clock, before a walk: whatever
    /// changes after it is reported to the next command. `known` is the stored state, whose
    /// socket is reused rather than asked for again; `socket`, when given, wins over
    /// `WATCHMAN_SOCK`, the stored one and `watchman get-sockname`. `nil` when watchman cannot be reached; a
    /// state without a clock when it is not installed.
    static func start(library: String, socket given: String?, known: WatchState?) -> WatchState? {
        let stored = known.flatMap { $0.library == library ? $0 : nil }
        // Not found before, or stopped (`shelf watch --stop`): only `shelf watch` looks again.
        if let stored, stored.socket.isEmpty { return stored }
        guard let socket = socket(given: given) ?? stored?.socket ?? WatchmanClient.socketPath() else {
            return WatchState(socket: "", library: library)
        }
        guard !socket.isEmpty else { return stored }
        do throws(WatchmanClient.Failure) {
            let client = try WatchmanClient(socket: socket)
            let watch = try client.request(["watch-project", library])
            guard let root = watch["watch"] as? String else { return nil }
            let relative = watch["relative_path"] as? String ?? ""
            // A clock synchronised with the file system: every change made before this point
            // has been seen by the server, so none is reported later as if it came after.
            // Half the socket's timeout: a slow sync is the server's answer (an error we fall back
            // from), not a read of ours timing out.
            let clock = try client.request(["clock", root, ["sync_timeout": Int(WatchmanClient.timeoutMilliseconds / 2)]])
            guard let value = clock["clock"] as? String else { return nil }
            return WatchState(socket: socket, library: library, root: root, relative: relative, clock: value)
        } catch {
            return WatchState(socket: socket, library: library)
        }
    }

    /// The paths under the library that changed since `state`'s clock, and the clock they are
    /// complete up to. `nil` when the server cannot vouch for them: it is gone or restarted, the
    /// clock is of another instance, it recrawled the tree (a new root number makes the clock
    /// a fresh instance), or it warns of anything (an overflow).
    static func changes(since state: WatchState) -> (changes: [Change], clock: String)? {
        guard state.isWatching else { return nil }
        var query: [String: Any] = [
            "since": state.clock,
            "fields": ["name", "exists", "type", "new"],
            "empty_on_fresh_instance": true,
            "expression": expression(withAdoptedSessions: false),
        ]
        if !state.relative.isEmpty { query["relative_root"] = state.relative }
        do throws(WatchmanClient.Failure) {
            let client = try WatchmanClient(socket: state.socket)
            let answer = try client.request(["query", state.root, query])
            guard answer["is_fresh_instance"] as? Bool == false, answer["warning"] == nil,
                  let clock = answer["clock"] as? String, let files = answer["files"] as? [[String: Any]] else { return nil }
            var changes: [Change] = []
            changes.reserveCapacity(files.count)
            for file in files {
                guard let name = file["name"] as? String, let exists = file["exists"] as? Bool else { return nil }
                changes.append(Change(name: name, exists: exists, isDirectory: file["type"] as? String == "d",
                                      isNew: file["new"] as? Bool ?? false))
            }
            return (changes, clock)
        } catch {
            return nil
        }
    }

    /// What of a library watchman is asked about: not `.shelf`, whose index and other files
    /// change with every command, but its configuration, which matters to the files read, and
    /// with `withAdoptedSessions` the sessions an adopted library keeps in `.shelf/sessions`.
    static func expression(withAdoptedSessions: Bool) -> [Any] {
        var kept: [Any] = ["anyof", ["name", LibraryConfiguration.path, "wholename"]]
        if withAdoptedSessions { kept.append(["dirname", NoteConventions.defaultSessions]) }
        return kept + [["not", ["anyof", ["name", ".shelf", "wholename"], ["dirname", ".shelf"]]]]
    }

    /// Whether the server behind `state` still watches its root with the same clock lineage.
    static func answers(_ state: WatchState) -> Bool {
        changes(since: state) != nil
    }

    /// Stops watching the library (`shelf watch --stop`); whether the server said it did. A
    /// watch of the project around the library (a git repository) is left alone: other tools
    /// may use it (git's fsmonitor).
    static func stop(_ state: WatchState) -> Bool {
        guard !state.socket.isEmpty, !state.root.isEmpty, state.relative.isEmpty,
              let client = try? WatchmanClient(socket: state.socket) else { return false }
        return (try? client.request(["watch-del", state.root])) != nil
    }
}
