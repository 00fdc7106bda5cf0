#if canImport(Glibc)
internal import Glibc
#elseif canImport(Darwin)
internal import Darwin
#endif

/// The disk storage's defences: staged writes checked just before they land, exclusive
/// creation, the writer lock, refusing to write through links, and injected faults.
extension DiskStorage {
    /// Writes `bytes` to a flushed temporary file beside `path`, refusing paths through links.
    func stage(_ bytes: [UInt8], for path: String) throws(ShelfError) -> FileSystem.StagedFile {
        try refuseLinks(path)
        do throws(FileSystem.Failure) {
            return try FileSystem.stage(bytes, for: absolute(path))
        } catch {
            throw wrap(error, path)
        }
    }

    /// Puts a staged file in place (counting the write and the rename for fault injection),
    /// or removes it when that fails.
    mutating func put(_ staged: FileSystem.StagedFile, exclusively: Bool) throws(ShelfError) {
        let path = String(staged.target.dropFirst(root.count + 1))
        do throws(ShelfError) {
            try faults.write(path)
            try faults.rename(path)
        } catch {
            FileSystem.discard(staged)
            throw error
        }
        let flush = directoryFlush(for: Path.parent(of: staged.target))
        do throws(FileSystem.Failure) {
            try exclusively ? FileSystem.commitExclusively(staged, flush: flush) : FileSystem.commit(staged, flush: flush)
        } catch {
            if exclusively, error.code == EEXIST { throw .alreadyExists(path: path) }
            throw wrap(error, path)
        }
    }

    mutating func create(_ bytes: [UInt8], at path: String) throws(ShelfError) {
        try put(try stage(bytes, for: path), exclusively: true)
    }

    /// Writes the new file first, then compares the file on disk with `expected`, then swaps the
    /// new file in and makes sure that what it replaced is still the file compared: an editor's
    /// save that lands before the swap, even between the comparison and the swap, is put back
    /// and reported (``FileSystem/commit(_:ifReplacing:)``).
    mutating func replace(_ path: String, expecting expected: FileStamp, with bytes: [UInt8]) throws(ShelfError) -> [UInt8] {
        let staged = try stage(bytes, for: path)
        let current: [UInt8]
        do throws(ShelfError) {
            current = try read(path)
            guard FileStamp(current) == expected else { throw .changedOnDisk(path: path) }
            try faults.write(path)
            try faults.rename(path)
        } catch {
            FileSystem.discard(staged)
            throw error
        }
        let outcome: FileSystem.SwapOutcome
        let flush = directoryFlush(for: Path.parent(of: staged.target))
        do throws(FileSystem.Failure) {
            outcome = try FileSystem.commit(staged, flush: flush, ifReplacing: { FileStamp($0) == expected })
        } catch {
            throw wrap(error, path)
        }
        switch outcome {
        case .replaced: return current
        case .refused: throw .changedOnDisk(path: path)
        case .refusedKeepingCopy(let copy): throw .savedTwiceDuringWrite(path: path, copy: String(copy.dropFirst(root.count + 1)))
        }
    }

    func lockForWriting() throws(ShelfError) -> WriterLock? {
        try WriterLock.acquire(try lockFile())
    }

    /// Takes the writer lock, waiting up to ``lockWait`` for another writer to let it go,
    /// suspended rather than holding a thread.
    /// - Throws: ``ShelfError/cancelled`` when the task is cancelled meanwhile,
    ///   ``ShelfError/libraryBusy`` when the wait runs out.
    func waitForWriterLock() async throws(ShelfError) -> WriterLock? {
        try await WriterLock.acquire(try lockFile(), waitingUpTo: lockWait)
    }

    /// The lock file's absolute path, once `.shelf` exists and no link is on the way to it.
    private func lockFile() throws(ShelfError) -> String {
        if kind(of: ".shelf") == nil {
            do throws(FileSystem.Failure) { try FileSystem.makeDirectory(absolute(".shelf")) } catch {
                if error.code != EEXIST { throw wrap(error, ".shelf") }
            }
        }
        try refuseLinks(WriterLock.path)
        return absolute(WriterLock.path)
    }

    func entryProblems(statuses: [Status]) -> [Problem] {
        EntryScan(root: root).problems(statuses: statuses)
    }

    /// Throws when `path` or a folder on the way to it is a symbolic link: writing there would
    /// change whatever the link points at, perhaps outside the library.
    func refuseLinks(_ path: String) throws(ShelfError) {
        var prefix = ""
        for component in path.split(separator: "/") where component != "." {
            prefix += prefix.isEmpty ? String(component) : "/" + component
            if FileSystem.isSymbolicLink(absolute(prefix)) { throw .symbolicLink(path: prefix) }
        }
    }
}
