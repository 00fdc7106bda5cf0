public import Foundation

/// Temporary folders for tests that write; each test removes the ones it made.
public enum TemporaryFolder {
    /// `/dev/shm` when there is one and `$TMPDIR` is not set, else the system's temporary folder:
    /// for tests that make many libraries, whose `fsync`s take milliseconds in memory and a
    /// second or more each on a busy disk.
    public static let inMemory: String = {
        let shm = "/dev/shm"
        if ProcessInfo.processInfo.environment["TMPDIR"] == nil, FileManager.default.isWritableFile(atPath: shm) {
            return shm
        }
        return NSTemporaryDirectory()
    }()

    /// A new empty folder.
    /// - Parameter base: The folder to make it in: the system's temporary folder, or ``inMemory``.
    /// - Returns: Its path.
    public static func make(in base: String = NSTemporaryDirectory()) throws -> String {
        let path = newPath(in: base)
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// A new library holding `files`, path (relative to the folder) → text: the folder has
    /// `.shelf/`, without which no folder opens as a library.
    public static func make(with files: [String: String]) throws -> String {
        let root = try makeFolder(with: files)
        try FileManager.default.createDirectory(atPath: root + "/.shelf", withIntermediateDirectories: true)
        return root
    }

    /// A new folder holding `files`, and nothing else: not a library.
    public static func makeFolder(with files: [String: String]) throws -> String {
        let root = try make()
        for (path, text) in files {
            try write(text, to: root + "/" + path)
        }
        return root
    }

    /// A new copy of `example-library`, so a test can change it.
    public static func copyOfExampleLibrary(in base: String = NSTemporaryDirectory()) throws -> String {
        let path = newPath(in: base)
        try FileManager.default.copyItem(atPath: PackageFolder.exampleLibrary.path, toPath: path)
        return path
    }

    /// Writes `text` to the file at `path`, making its folders, as a person's editor would:
    /// without a library knowing.
    public static func write(_ text: String, to path: String) throws {
        let url = URL(fileURLWithPath: path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    /// A new path in this test run's folder under `base` (``RunFolders``).
    private static func newPath(in base: String) -> String {
        URL(fileURLWithPath: RunFolders.folder(in: base)).appendingPathComponent("shelf-test-" + UUID().uuidString).path
    }
}

/// One folder per test run under each base, `shelf-tests-<pid>`, removed when the run exits:
/// a test that forgets to remove what it made, or stops at a failed expectation before its
/// `defer`, leaves nothing behind (a run left some seventy libraries in the temporary folder).
private enum RunFolders {
    private static let lock = NSLock()
    // Guarded by `lock`.
    nonisolated(unsafe) private static var made: Set<String> = []

    static func folder(in base: String) -> String {
        let folder = URL(fileURLWithPath: base).appendingPathComponent("shelf-tests-\(ProcessInfo.processInfo.processIdentifier)").path
        lock.withLock {
            if made.isEmpty { atexit { RunFolders.removeAll() } }
            if made.insert(folder).inserted {
                try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            }
        }
        return folder
    }

    private static func removeAll() {
        for folder in lock.withLock({ made }) { try? FileManager.default.removeItem(atPath: folder) }
    }
}
