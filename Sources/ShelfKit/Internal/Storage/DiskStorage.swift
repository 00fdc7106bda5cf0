/// Library files on disk, under an absolute root, through ``FileSystem``.
struct DiskStorage: LibraryStorage {
    /// The library's root folder, absolute, without a trailing slash.
    let root: String
    /// Failures to simulate, for tests of the write path.
    var faults = FaultInjection()
    /// How long a writer waits for the writer lock, in seconds.
    var lockWait = WriterLock.defaultWait
    /// The folders whose entries changed while flushes were deferred (absolute), or `nil` when
    /// each change is flushed at once (``deferDirectoryFlushes()``).
    private var unflushedDirectories: Set<String>?

    init(root: String) {
        self.root = root
    }

    func absolute(_ path: String) -> String {
        path.isEmpty ? root : root + "/" + path
    }

    /// Turns a system failure into an error naming the library-relative path.
    func wrap(_ failure: FileSystem.Failure, _ path: String) -> ShelfError {
        .io(path: path.isEmpty ? root : path, operation: failure.operation, message: failure.message)
    }

    func read(_ path: String) throws(ShelfError) -> [UInt8] {
        do throws(FileSystem.Failure) {
            return try FileSystem.read(absolute(path))
        } catch {
            throw wrap(error, path)
        }
    }

    /// Reads a file with what `fstat` said of it (``FileSystem/readWithInfo(_:)``).
    func readWithInfo(_ path: String) throws(ShelfError) -> (bytes: [UInt8], info: FileSystem.FileInfo) {
        do throws(FileSystem.Failure) {
            return try FileSystem.readWithInfo(absolute(path))
        } catch {
            throw wrap(error, path)
        }
    }

    /// Opens a library folder to read files relative to it; `nil` when it cannot be opened.
    func openDirectory(_ path: String) -> FileSystem.OpenDirectory? {
        FileSystem.OpenDirectory(absolute(path))
    }

    /// Reads `name` in `directory`, the open folder of `path`'s leading part
    /// (``FileSystem/readWithInfo(_:in:path:)``); failures name `path`.
    func readWithInfo(_ name: String, in directory: FileSystem.OpenDirectory, path: String) throws(ShelfError) -> (bytes: [UInt8], info: FileSystem.FileInfo) {
        do throws(FileSystem.Failure) {
            return try FileSystem.readWithInfo(name, in: directory, path: absolute(path))
        } catch {
            throw wrap(error, path)
        }
    }

    func entries(in directory: String) throws(ShelfError) -> [FileSystem.Entry] {
        try entries(in: directory, withInfo: false)
    }

    /// Opens `folder` once and each file relative to it: the kernel looks up one name per
    /// file, not every folder of its path (a book's sessions are three folders down).
    func readEach(_ names: [String], in folder: String, _ body: (String, Result<[UInt8], ShelfError>) -> Void) {
        let directory = names.count > 1 ? openDirectory(folder) : nil
        for name in names {
            let path = folder + "/" + name
            body(name, Result { () throws(ShelfError) -> [UInt8] in
                guard let directory else { return try read(path) }
                return try readWithInfo(name, in: directory, path: path).bytes
            })
        }
    }

    func entriesWithInfo(in directory: String) throws(ShelfError) -> [FileSystem.Entry] {
        try entries(in: directory, withInfo: true)
    }

    private func entries(in directory: String, withInfo: Bool) throws(ShelfError) -> [FileSystem.Entry] {
        do throws(FileSystem.Failure) {
            return try FileSystem.entries(of: absolute(directory), withInfo: withInfo)
        } catch {
            // Folders nested past the system's path limit cannot be listed; `check` reports them.
            if error.isNotFound || error.isNameTooLong { return [] }
            throw wrap(error, directory)
        }
    }

    func kind(of path: String) -> FileSystem.EntryKind? {
        FileSystem.status(absolute(path))?.kind
    }

    /// How a change to `directory`'s entries is flushed now: at once, or noted for
    /// ``flushDeferredDirectories()``.
    mutating func directoryFlush(for directories: String...) -> FileSystem.DirectoryFlush {
        guard unflushedDirectories != nil else { return .now }
        for directory in directories { unflushedDirectories?.insert(directory) }
        return .deferred
    }

    mutating func deferDirectoryFlushes() {
        if unflushedDirectories == nil { unflushedDirectories = [] }
    }

    mutating func flushDeferredDirectories() throws(ShelfError) {
        guard let directories = unflushedDirectories else { return }
        unflushedDirectories = nil
        for directory in directories.sorted() {
            do throws(FileSystem.Failure) {
                try FileSystem.syncDirectory(directory)
            } catch {
                // A folder removed after its change (an emptied folder) has nothing to flush;
                // its parent, which lost it, is in the set as well.
                if error.isNotFound { continue }
                throw wrap(error, String(directory.dropFirst(root.count + 1)))
            }
        }
    }

    mutating func write(_ bytes: [UInt8], to path: String) throws(ShelfError) {
        try put(try stage(bytes, for: path), exclusively: false)
    }

    mutating func makeDirectory(_ path: String) throws(ShelfError) {
        try refuseLinks(path)
        do throws(FileSystem.Failure) { try FileSystem.makeDirectory(absolute(path)) } catch { throw wrap(error, path) }
        _ = directoryFlush(for: Path.parent(of: absolute(path)))
    }

    mutating func move(_ source: String, to destination: String) throws(ShelfError) {
        try refuseLinks(source)
        try refuseLinks(destination)
        try faults.rename(destination)
        let flush = directoryFlush(for: Path.parent(of: absolute(source)), Path.parent(of: absolute(destination)))
        do throws(FileSystem.Failure) {
            try FileSystem.move(absolute(source), to: absolute(destination), flush: flush)
        } catch {
            throw wrap(error, error.path == absolute(destination) ? destination : source)
        }
    }

    mutating func removeFile(_ path: String) throws(ShelfError) {
        try refuseLinks(path)
        let flush = directoryFlush(for: Path.parent(of: absolute(path)))
        do throws(FileSystem.Failure) {
            try FileSystem.removeFile(absolute(path))
            try flush.sync(Path.parent(of: absolute(path)))
        } catch {
            throw wrap(error, path)
        }
    }

    mutating func removeDirectory(_ path: String) throws(ShelfError) {
        try refuseLinks(path)
        do throws(FileSystem.Failure) { try FileSystem.removeDirectory(absolute(path)) } catch { throw wrap(error, path) }
        _ = directoryFlush(for: Path.parent(of: absolute(path)))
    }
}
