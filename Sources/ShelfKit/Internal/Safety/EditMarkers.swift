#if canImport(Glibc)
internal import Glibc
#elseif canImport(Darwin)
internal import Darwin
#endif

/// Books open in `shelf edit`: one file per editing process in `.shelf/editing/`, named by its
/// process id and holding the book's path.
///
/// Why refuse rather than tell at the end: an editor saves the whole buffer it loaded, so a
/// `shelf set` made while it is open would be overwritten without a trace when the person saves;
/// telling them afterwards could only report the loss. Refusing the other write, with a message
/// naming the book, loses nothing: it can be run again once the editor is closed. A marker
/// whose process is gone (a crash, `kill -9`) is ignored, and replaced by the next edit.
enum EditMarkers {
    /// The folder of the markers, relative to the library.
    static let folder = ".shelf/editing"

    /// This process's marker.
    static var ownMarker: String { folder + "/" + String(getpid()) }

    /// The books other running processes have open, with their process ids.
    static func open(in storage: some LibraryStorage) -> [(path: String, pid: Int32)] {
        guard storage.isDirectory(folder), let entries = try? storage.entries(in: folder) else { return [] }
        let own = getpid()
        return entries.compactMap { entry in
            guard entry.kind == .file, let pid = Int32(entry.name), pid != own, isRunning(pid),
                  let bytes = try? storage.read(folder + "/" + entry.name) else { return nil }
            return (String(decoding: bytes, as: UTF8.self), pid)
        }
    }

    /// The open book that a write of `paths` would change, if any: the book file itself, or a
    /// folder holding it.
    static func conflict(with paths: [String], in storage: some LibraryStorage) -> (path: String, pid: Int32)? {
        let open = open(in: storage)
        guard !open.isEmpty else { return nil }
        return open.first { marker in paths.contains { $0 == marker.path || marker.path.hasPrefix($0 + "/") } }
    }

    /// Whether a process with this id exists (one of another user counts).
    private static func isRunning(_ pid: Int32) -> Bool {
        pid > 0 && (kill(pid, 0) == 0 || errno == EPERM)
    }
}
