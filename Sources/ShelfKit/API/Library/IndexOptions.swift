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
