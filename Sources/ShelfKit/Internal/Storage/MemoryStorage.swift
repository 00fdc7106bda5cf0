/// Library files in a dictionary, for ``InMemoryLibrary``.
///
/// It refuses what a disk would refuse (writing into a missing folder, replacing a directory,
/// removing a folder that is not empty), so code that works here works on disk.
struct MemoryStorage: LibraryStorage {
    private(set) var files: [String: [UInt8]] = [:]
    private(set) var directories: Set<String> = [""]
    /// Paths whose next write, creation or move fails, so tests can break a batch midway.
    var failingPaths: Set<String> = []

    private func failure(_ operation: String, _ path: String, _ message: String) -> ShelfError {
        .io(path: path, operation: operation, message: message)
    }

    private mutating func checkInjectedFailure(_ operation: String, _ path: String) throws(ShelfError) {
        if failingPaths.remove(path) != nil { throw failure(operation, path, "Input/output error") }
    }

    func read(_ path: String) throws(ShelfError) -> [UInt8] {
        guard let bytes = files[path] else {
            throw failure("open", path, directories.contains(path) ? "Is a directory" : "No such file or directory")
        }
        return bytes
    }

    func entries(in directory: String) throws(ShelfError) -> [FileSystem.Entry] {
        guard directories.contains(directory) else { return [] }
        let prefix = directory.isEmpty ? "" : directory + "/"
        var result: [FileSystem.Entry] = []
        for path in files.keys where path.hasPrefix(prefix) && !path.dropFirst(prefix.count).contains("/") {
            result.append(FileSystem.Entry(name: String(path.dropFirst(prefix.count)), kind: .file))
        }
        for path in directories where !path.isEmpty && path.hasPrefix(prefix) && !path.dropFirst(prefix.count).contains("/") {
            result.append(FileSystem.Entry(name: String(path.dropFirst(prefix.count)), kind: .directory))
        }
        return result
    }

    func kind(of path: String) -> FileSystem.EntryKind? {
        if files[path] != nil { return .file }
        if directories.contains(path) { return .directory }
        return nil
    }

    mutating func write(_ bytes: [UInt8], to path: String) throws(ShelfError) {
        try checkInjectedFailure("write", path)
        guard directories.contains(Path.parent(of: path)) else { throw failure("create", path, "No such file or directory") }
        guard !directories.contains(path) else { throw failure("rename", path, "Is a directory") }
        files[path] = bytes
    }

    mutating func makeDirectory(_ path: String) throws(ShelfError) {
        try checkInjectedFailure("mkdir", path)
        guard kind(of: path) == nil else { throw failure("mkdir", path, "File exists") }
        guard directories.contains(Path.parent(of: path)) else { throw failure("mkdir", path, "No such file or directory") }
        directories.insert(path)
    }

    mutating func move(_ source: String, to destination: String) throws(ShelfError) {
        try checkInjectedFailure("rename", destination)
        guard kind(of: destination) == nil else { throw failure("rename", destination, "File exists") }
        guard directories.contains(Path.parent(of: destination)) else {
            throw failure("rename", destination, "No such file or directory")
        }
        if let bytes = files.removeValue(forKey: source) {
            files[destination] = bytes
            return
        }
        guard directories.contains(source) else { throw failure("rename", source, "No such file or directory") }
        let prefix = source + "/"
        for (path, bytes) in files where path.hasPrefix(prefix) {
            files.removeValue(forKey: path)
            files[destination + "/" + path.dropFirst(prefix.count)] = bytes
        }
        for path in directories where path == source || path.hasPrefix(prefix) {
            directories.remove(path)
            directories.insert(destination + path.dropFirst(source.count))
        }
    }

    mutating func removeFile(_ path: String) throws(ShelfError) {
        guard files.removeValue(forKey: path) != nil else { throw failure("unlink", path, "No such file or directory") }
    }

    mutating func removeDirectory(_ path: String) throws(ShelfError) {
        guard directories.contains(path), !path.isEmpty else { throw failure("rmdir", path, "No such file or directory") }
        guard try entries(in: path).isEmpty else { throw failure("rmdir", path, "Directory not empty") }
        directories.remove(path)
    }
}
