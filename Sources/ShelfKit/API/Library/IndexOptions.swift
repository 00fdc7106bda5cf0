internal import CSQLiteSettings

/// Whether a ``FileLibrary`` keeps its index, `.shelf/index.sqlite`.
///
/// The index is a cache of what the files say, refreshed before every read; the files stay the
/// only truth. Without it every read parses the files (`shelf --no-index`), with the same answers.
public struct IndexOptions: Sendable, Hashable {
    /// Whether reads go through the index.
    public var isEnabled: Bool

    /// Whether a read asks watchman (when it is installed and running) which files changed since
    /// the last read, instead of walking the library, and starts watching the library when it is
    /// not yet. The walk stays the fallback whenever watchman cannot vouch for every change, so
    /// the answers are the same either way. `SHELF_NO_WATCHMAN=1` in the environment turns it off.
    package var usesWatcher: Bool

    /// The watchman socket to use instead of the usual one, for tests that run a private server.
    var watchmanSocket: String?

    /// What a refresh passes on to the watcher; `nil` without it.
    var watcher: WatcherSettings? {
        usesWatcher ? WatcherSettings(socket: watchmanSocket) : nil
    }

    /// Creates options.
    package init(isEnabled: Bool, usesWatcher: Bool = false) {
        self.isEnabled = isEnabled
        self.usesWatcher = usesWatcher && isEnabled
    }

    /// Reads through the index, created when missing and rebuilt when unusable.
    public static let enabled = IndexOptions(isEnabled: true)
    /// Reads through the index, brought up to date from watchman's report of what changed when
    /// it can, as the `shelf` command does unless `SHELF_NO_WATCHMAN` is set.
    public static var watched: IndexOptions {
        IndexOptions(isEnabled: true, usesWatcher: !WatchedChanges.isDisabledByEnvironment)
    }
    /// Reads the files directly; the index is neither read nor written.
    public static let disabled = IndexOptions(isEnabled: false)

    /// Where the index lives, relative to the library root.
    package static let path = ".shelf/index.sqlite"
}

extension IndexOptions {
    /// Turns off SQLite's count of the memory it holds, for every database of the process,
    /// when SQLite has not been used in it yet; once it has, this changes nothing.
    ///
    /// SQLite counts each of its allocations under a lock that all its connections share, and
    /// filling the index makes millions of small ones: without the count, inserting the words of
    /// 100,000 generated books and their sessions' notes into a new full-text table took 1.46 s
    /// rather than 1.79 s (medians of six runs alternating). Only `sqlite3_memory_used` and
    /// SQLite's soft heap limit read the count, so a program that uses neither calls this first
    /// thing, before it opens a library or any other database; the `shelf` command does. A
    /// library leaves the choice to its program, since the setting is the whole process's.
    /// - Returns: Whether the count is off: `false` when SQLite was in use already.
    @discardableResult
    public static func stopSQLiteMemoryStatistics() -> Bool {
        shelf_sqlite_stop_memory_statistics() == 1
    }
}
