/// Whether watchman keeps a library's index fresh (`shelf watch`): what the index stored of the
/// watch, and whether the server answers now.
package struct WatchStatus: Sendable, Hashable {
    /// Whether reads may ask watchman at all: the index is on and `SHELF_NO_WATCHMAN` is not set.
    package var isEnabled: Bool
    /// The server's socket, when watchman was found.
    package var socket: String?
    /// The folder watchman watches: the library, or the project (git repository) above it.
    package var watchRoot: String?
    /// Whether the server answered for the watch just now: the next read refreshes only what
    /// it reports changed. Without it, reads walk the library.
    package var isWatching: Bool

    /// Creates a status.
    package init(isEnabled: Bool, socket: String?, watchRoot: String?, isWatching: Bool) {
        self.isEnabled = isEnabled
        self.socket = socket
        self.watchRoot = watchRoot
        self.isWatching = isWatching
    }
}
