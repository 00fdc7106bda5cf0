#if canImport(Glibc)
internal import Glibc
#elseif canImport(Darwin)
internal import Darwin
#endif
internal import CSystemCalls

/// The handful of POSIX calls the library needs, behind one small wrapper.
///
/// Foundation's enumerator and `Data(contentsOf:)` are several times slower than `readdir` and
/// `read`, which matters at 100,000 books; and atomic replacement with `fsync` of the file and its
/// directory is not something Foundation exposes. Paths are absolute.
enum FileSystem {
    /// A failed system call: which, on what, and `errno`.
    struct Failure: Error, Sendable, Hashable {
        var operation: String
        var path: String
        var code: Int32

        /// `strerror`'s text for the code.
        var message: String { String(cString: strerror(code)) }

        /// Whether the path was missing.
        var isNotFound: Bool { code == ENOENT }
    }

    /// What a directory entry is, as far as the library cares.
    enum EntryKind: Sendable, Hashable {
        case file
        case directory
        case other
    }

    /// A name in a directory and its kind, with the file's identity when it was asked for.
    struct Entry: Sendable, Hashable {
        var name: String
        var kind: EntryKind
        var info: FileInfo?
        /// A symbolic link, followed to find ``kind`` (and ``info``).
        var isLink = false

        init(name: String, kind: EntryKind, info: FileInfo? = nil, isLink: Bool = false) {
            self.name = name
            self.kind = kind
            self.info = info
            self.isLink = isLink
        }
    }

    /// What the index compares to tell whether a file changed since it was read: an edit
    /// changes the size, the modification time and the status change time, a replacement by
    /// rename changes the inode.
    ///
    /// The change time is there because the modification time can be put back (`touch -r`,
    /// `rsync --times`, an editor that keeps it) after a rewrite of the same size, and the
    /// change time cannot: the kernel sets it to now on every write and every `utimensat`.
    struct FileInfo: Sendable, Hashable {
        var size: Int64
        /// `st_mtim` in nanoseconds since 1970.
        var modified: Int64
        var inode: Int64
        /// `st_ctim` in nanoseconds since 1970.
        var changed: Int64

        /// Whether the file was last modified, by the clock of either time, before `time`: a
        /// file written in the same clock tick as a refresh read it can keep its stamp through
        /// a second write, so only a file settled before the refresh began counts as unchanged
        /// (git's "racily clean" entries).
        func settled(before time: Int64) -> Bool {
            modified < time && changed < time
        }
    }

    /// The parts of `stat` the library uses.
    struct Status: Sendable, Hashable {
        var kind: EntryKind
        var size: Int
        var permissions: UInt32
        /// A character device or a FIFO (`/dev/stdout`, `/dev/null`, a named pipe): written
        /// into, as a shell's `>` would, never replaced by a file.
        var isStream = false
    }

    /// Reads a whole file with `open` and `read`.
    static func read(_ path: String) throws(Failure) -> [UInt8] {
        try readWithInfo(path).bytes
    }

    /// Reads a whole file, with what `fstat` said of the open file before reading it: the
    /// first build of the index takes it from here instead of a `stat` by path in the walk.
    static func readWithInfo(_ path: String) throws(Failure) -> (bytes: [UInt8], info: FileInfo) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw Failure(operation: "open", path: path, code: errno) }
        defer { close(descriptor) }
        return try readOpenFile(descriptor, path: path)
    }

    /// ``readWithInfo(_:)`` of `name` (a name or a relative path) in an open directory: the
    /// system looks up only what `name` holds, not every folder of a full path again, which
    /// was a tenth of a first index build. `path` names the file in a failure.
    static func readWithInfo(_ name: String, in directory: OpenDirectory, path: String) throws(Failure) -> (bytes: [UInt8], info: FileInfo) {
        let descriptor = openat(directory.descriptor, name, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw Failure(operation: "open", path: path, code: errno) }
        defer { close(descriptor) }
        return try readOpenFile(descriptor, path: path)
    }

    private static func readOpenFile(_ descriptor: Int32, path: String) throws(Failure) -> (bytes: [UInt8], info: FileInfo) {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw Failure(operation: "stat", path: path, code: errno) }
        // The size is a hint: the file may grow or shrink while it is read, so read until EOF,
        // with one byte of room to see growth. Once exactly the size `fstat` gave has come
        // (and not the spare byte), the file is read as it was stamped, and the read that
        // would only return 0 is spared: one system call per file in a 27,000-file build.
        let expected = max(Int(info.st_size), 0)
        var bytes = [UInt8](repeating: 0, count: expected + 1)
        var count = 0
        while true {
            if count == bytes.count { bytes.append(contentsOf: repeatElement(0, count: max(bytes.count, 4096))) }
            let capacity = bytes.count - count
            let result = bytes.withUnsafeMutableBytes { buffer in
                Glue.read(descriptor, buffer.baseAddress.map { $0 + count }, capacity)
            }
            if result < 0 {
                if errno == EINTR { continue }
                throw Failure(operation: "read", path: path, code: errno)
            }
            if result == 0 { break }
            count += result
            if count == expected && count < bytes.count { break }
        }
        bytes.removeSubrange(count...)
        return (bytes, fileInfo(info))
    }

    /// The entries of a directory, without `.` and `..`; kinds come from `d_type`, falling back
    /// to `fstatat` where the file system does not fill it in. Symbolic links are followed for
    /// files but never descended into as directories, so a link cannot make a walk loop.
    static func entries(of path: String, withInfo: Bool = false) throws(Failure) -> [Entry] {
        guard let directory = opendir(path) else { throw Failure(operation: "opendir", path: path, code: errno) }
        defer { closedir(directory) }
        let descriptor = dirfd(directory)
        var entries: [Entry] = []
        while let pointer = readdir(directory) {
            let (name, isUTF8) = entryName(pointer)
            if name == "." || name == ".." { continue }
            var kind: EntryKind
            switch Int32(pointer.pointee.d_type) {
            case Int32(DT_REG): kind = .file
            case Int32(DT_DIR): kind = .directory
            case Int32(DT_LNK): kind = linkTargetKind(descriptor, name)
            case Int32(DT_UNKNOWN): kind = statKind(descriptor, name)
            default: kind = .other
            }
            // A name that is not UTF-8 cannot be opened again through its decoded String;
            // `check` reports it instead.
            if !isUTF8 { kind = .other }
            let info = withInfo && kind == .file ? fileInfo(descriptor, name) : nil
            entries.append(Entry(name: name, kind: kind, info: info, isLink: Int32(pointer.pointee.d_type) == Int32(DT_LNK)))
        }
        return entries
    }

    /// The name of an entry `readdir` returned, and whether it is UTF-8 (when not, `name` has
    /// replacement characters and cannot open the file again).
    ///
    /// Read through the pointer up to the name's NUL. `readdir` hands out each record only as
    /// long as its name: copying the `d_name` field whole, 256 bytes, read past the end of the
    /// last record in the buffer, and a walk of 100,000 books crashed when that was the end
    /// of a page.
    static func entryName(_ entry: UnsafeMutablePointer<dirent>) -> (name: String, isUTF8: Bool) {
        guard let offset = MemoryLayout<dirent>.offset(of: \dirent.d_name) else { return ("", false) }
        let start = UnsafeRawPointer(entry).advanced(by: offset)
        let bytes = UnsafeBufferPointer(start: start.assumingMemoryBound(to: UInt8.self),
                                        count: strlen(start.assumingMemoryBound(to: CChar.self)))
        if let name = String(validating: bytes, as: UTF8.self) { return (name, true) }
        return (String(decoding: bytes, as: UTF8.self), false)
    }

    /// `fstatat` of a file in an open directory, following links as reads do.
    private static func fileInfo(_ directory: Int32, _ name: String) -> FileInfo? {
        var info = stat()
        guard fstatat(directory, name, &info, 0) == 0 else { return nil }
        return fileInfo(info)
    }

    private static func fileInfo(_ info: stat) -> FileInfo {
        #if canImport(Darwin)
        let modified = Int64(info.st_mtimespec.tv_sec) * 1_000_000_000 + Int64(info.st_mtimespec.tv_nsec)
        let changed = Int64(info.st_ctimespec.tv_sec) * 1_000_000_000 + Int64(info.st_ctimespec.tv_nsec)
        #else
        let modified = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
        let changed = Int64(info.st_ctim.tv_sec) * 1_000_000_000 + Int64(info.st_ctim.tv_nsec)
        #endif
        return FileInfo(size: Int64(info.st_size), modified: modified, inode: Int64(bitPattern: UInt64(info.st_ino)),
                        changed: changed)
    }

    /// The wall clock in nanoseconds since 1970, comparable with file modification times.
    static func now() -> Int64 {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
    }

    private static func statKind(_ directory: Int32, _ name: String) -> EntryKind {
        var info = stat()
        guard fstatat(directory, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else { return .other }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return .file
        case S_IFDIR: return .directory
        case S_IFLNK: return linkTargetKind(directory, name)
        default: return .other
        }
    }

    private static func linkTargetKind(_ directory: Int32, _ name: String) -> EntryKind {
        var info = stat()
        guard fstatat(directory, name, &info, 0) == 0 else { return .other }
        return info.st_mode & S_IFMT == S_IFREG ? .file : .other
    }

    /// The identity of the regular file at `path`, following links; `nil` when there is none.
    static func fileInfo(at path: String) -> FileInfo? {
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        return fileInfo(info)
    }

    /// `stat` of a path, following links; `nil` when nothing is there.
    static func status(_ path: String) -> Status? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        let kind: EntryKind
        switch info.st_mode & S_IFMT {
        case S_IFREG: kind = .file
        case S_IFDIR: kind = .directory
        default: kind = .other
        }
        let type = info.st_mode & S_IFMT
        return Status(kind: kind, size: Int(info.st_size), permissions: UInt32(info.st_mode & 0o7777),
                      isStream: type == S_IFCHR || type == S_IFIFO)
    }

    /// What the symbolic link at `path` points to, as written in it (relative to the link's
    /// folder unless absolute); `nil` when `path` is not a symbolic link.
    static func linkDestination(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = buffer.withUnsafeMutableBufferPointer { buffer -> Int in
            guard let start = buffer.baseAddress else { return -1 }
            return readlink(path, start, buffer.count - 1)
        }
        guard count >= 0 else { return nil }
        return String(decoding: buffer.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Writes `bytes` into what is at `path` without replacing it: for a device or a pipe,
    /// whose reader is on the other side of this name. Nothing is created, truncated or flushed.
    static func writeInPlace(_ bytes: [UInt8], to path: String) throws(Failure) {
        let descriptor = open(path, O_WRONLY | O_CLOEXEC | O_NOCTTY)
        guard descriptor >= 0 else { throw Failure(operation: "open", path: path, code: errno) }
        do throws(Failure) {
            try writeAll(bytes, to: descriptor, path: path)
        } catch {
            close(descriptor)
            throw error
        }
        guard close(descriptor) == 0 else { throw Failure(operation: "close", path: path, code: errno) }
    }

    /// Replaces or creates `path` so that a reader sees the old bytes or the new, never a mix:
    /// a temporary file in the same directory is written, flushed, renamed over the target, and
    /// the directory is flushed so the rename survives a crash. The target's permissions are kept.
    static func writeAtomically(_ bytes: [UInt8], to path: String) throws(Failure) {
        let staged = try stage(bytes, for: path)
        try commit(staged)
    }

    /// The first half of an atomic write: the new bytes in a flushed temporary file beside
    /// `path` (`.<name>.<pid>.<n>.tmp`), with the target's permissions, ready to take its place.
    static func stage(_ bytes: [UInt8], for path: String) throws(Failure) -> StagedFile {
        let directory = Path.parent(of: path)
        let permissions = status(path)?.permissions
        var temporary = ""
        var descriptor: Int32 = -1
        var inode: Int64 = -1
        for attempt in 0..<100 {
            temporary = Path.joined(directory, StagedFile.temporaryName(for: Path.name(of: path), process: getpid(), attempt: attempt))
            descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
            if descriptor >= 0 || errno != EEXIST { break }
        }
        guard descriptor >= 0 else { throw Failure(operation: "create", path: temporary, code: errno) }
        do throws(Failure) {
            if let permissions, fchmod(descriptor, mode_t(permissions)) != 0 {
                throw Failure(operation: "chmod", path: temporary, code: errno)
            }
            try writeAll(bytes, to: descriptor, path: temporary)
            guard flushToDisk(descriptor) == 0 else { throw Failure(operation: "fsync", path: temporary, code: errno) }
            var info = stat()
            if fstat(descriptor, &info) == 0 { inode = Int64(bitPattern: UInt64(info.st_ino)) }
            guard close(descriptor) == 0 else {
                descriptor = -1
                throw Failure(operation: "close", path: temporary, code: errno)
            }
        } catch {
            if descriptor >= 0 { close(descriptor) }
            unlink(temporary)
            throw error
        }
        return StagedFile(temporary: temporary, target: path, inode: inode)
    }

    /// Renames a staged file over its target and flushes the directory (unless `flush` leaves
    /// that to the caller); on failure the temporary file is removed.
    static func commit(_ staged: StagedFile, flush: DirectoryFlush = .now) throws(Failure) {
        guard rename(staged.temporary, staged.target) == 0 else {
            let failure = Failure(operation: "rename", path: staged.target, code: errno)
            discard(staged)
            throw failure
        }
        try flush.sync(Path.parent(of: staged.target))
    }

    /// How ``commit(_:ifReplacing:)`` ended.
    enum SwapOutcome: Sendable, Hashable {
        /// The staged file is in place.
        case replaced
        /// The target was not the file expected (or is gone); it is left as it was.
        case refused
        /// As `refused`, and a second save that landed while the swap was undone is kept
        /// under this name beside the target (absolute), rather than lost.
        case refusedKeepingCopy(String)
    }

    /// Puts a staged file at its target only if the file it replaces is one `accept` takes,
    /// judged after the fact: the two are swapped in one step, then the file that was at the
    /// target is read from the temporary name. If something else had taken its place since the
    /// caller last looked (an editor's save), the swap is undone and that file is back.
    ///
    /// Falls back to ``commit(_:)`` where the file system cannot swap. `refused` as well when
    /// the target is gone.
    static func commit(_ staged: StagedFile, flush: DirectoryFlush = .now, ifReplacing accept: ([UInt8]) -> Bool) throws(Failure) -> SwapOutcome {
        guard shelf_exchange_paths(staged.temporary, staged.target) == 0 else {
            let code = errno
            switch code {
            case ENOENT:
                discard(staged)
                return .refused
            // The system or file system cannot swap (EPERM where a sandbox forbids renameat2;
            // EOPNOTSUPP and ENOTSUP differ on Darwin): a plain rename, which a real permission
            // problem makes fail the same way.
            case EINVAL, ENOSYS, ENOTSUP, EOPNOTSUPP, EPERM:
                try commit(staged, flush: flush)
                return .replaced
            default:
                discard(staged)
                throw Failure(operation: "rename", path: staged.target, code: code)
            }
        }
        if let replaced = try? read(staged.temporary), accept(replaced) {
            discard(staged)
            try flush.sync(Path.parent(of: staged.target))
            return .replaced
        }
        // Undone by swapping back. Should that fail, the other file stays under the temporary
        // name, which the error names.
        guard shelf_exchange_paths(staged.temporary, staged.target) == 0 else {
            throw Failure(operation: "rename", path: staged.temporary, code: errno)
        }
        try syncDirectory(Path.parent(of: staged.target))
        // A save that landed between the two swaps is now at the temporary name: kept aside.
        if let inode = inodeOf(staged.temporary), inode != staged.inode {
            return .refusedKeepingCopy(try keepAside(staged.temporary, beside: staged.target))
        }
        discard(staged)
        return .refused
    }

    /// The inode at `path`, without following a link.
    private static func inodeOf(_ path: String) -> Int64? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        return Int64(bitPattern: UInt64(info.st_ino))
    }

    /// Moves a file to the first free ``ConflictCopy`` name beside `target`, where a person
    /// sees it and no walk takes it for a book.
    /// - Returns: The new name, absolute.
    static func keepAside(_ path: String, beside target: String) throws(Failure) -> String {
        for attempt in ConflictCopy.attempts {
            let name = ConflictCopy.name(beside: target, attempt: attempt)
            // `link` fails when the name is taken, however recently.
            if link(path, name) == 0 {
                unlink(path)
                try syncDirectory(Path.parent(of: target))
                return name
            }
            guard errno == EEXIST else { throw Failure(operation: "link", path: name, code: errno) }
        }
        throw Failure(operation: "link", path: ConflictCopy.name(beside: target, attempt: 1), code: EEXIST)
    }

    /// Puts a staged file at its target only if nothing is there: `link` fails when the name
    /// exists, however recently it appeared, where a check followed by a rename could replace a
    /// file created in between. The temporary name is removed either way.
    static func commitExclusively(_ staged: StagedFile, flush: DirectoryFlush = .now) throws(Failure) {
        defer { discard(staged) }
        guard link(staged.temporary, staged.target) == 0 else {
            throw Failure(operation: "create", path: staged.target, code: errno)
        }
        try flush.sync(Path.parent(of: staged.target))
    }

    /// Removes a staged file that will not be used.
    static func discard(_ staged: StagedFile) {
        unlink(staged.temporary)
    }

    private static func writeAll(_ bytes: [UInt8], to descriptor: Int32, path: String) throws(Failure) {
        var written = 0
        while written < bytes.count {
            let result = bytes.withUnsafeBytes { buffer in
                Glue.write(descriptor, buffer.baseAddress.map { $0 + written }, bytes.count - written)
            }
            if result < 0 {
                if errno == EINTR { continue }
                throw Failure(operation: "write", path: path, code: errno)
            }
            written += result
        }
    }

    /// When a change to a directory's entries is flushed: at once, or by the caller, once for
    /// many changes. A journaled operation defers them: until its journal is removed, a crash
    /// is rolled forward from the journal, which redoes a rename or link the disk lost, so each
    /// folder needs flushing only once, before the journal goes. A file's own bytes are still
    /// flushed before it takes its name.
    enum DirectoryFlush: Sendable {
        /// Flush the folder before returning.
        case now
        /// Leave it to the caller, who flushes every folder it changed before it is done.
        case deferred

        func sync(_ directory: String) throws(Failure) {
            if self == .now { try syncDirectory(directory) }
        }
    }

    /// Flushes a directory's entries, so that renames and new files in it are durable.
    static func syncDirectory(_ path: String) throws(Failure) {
        // `""` is ``Path``'s name for the folder a relative path starts from.
        let descriptor = open(path.isEmpty ? "." : path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw Failure(operation: "open", path: path, code: errno) }
        defer { close(descriptor) }
        guard flushToDisk(descriptor) == 0 else { throw Failure(operation: "fsync", path: path, code: errno) }
    }

    /// Makes what was written to `descriptor` durable: `fsync` on Linux; on Darwin, whose `fsync`
    /// leaves data in the drive's cache, `F_FULLFSYNC`, falling back to `fsync` where the file
    /// system does not take it.
    static func flushToDisk(_ descriptor: Int32) -> Int32 {
        #if canImport(Darwin)
        if fcntl(descriptor, F_FULLFSYNC) == 0 { return 0 }
        #endif
        return fsync(descriptor)
    }

    /// Creates one directory.
    static func makeDirectory(_ path: String) throws(Failure) {
        guard mkdir(path, 0o777) == 0 else { throw Failure(operation: "mkdir", path: path, code: errno) }
    }

    /// Renames a file or directory, refusing to replace anything at the destination.
    static func move(_ source: String, to destination: String, flush: DirectoryFlush = .now) throws(Failure) {
        guard status(destination) == nil else { throw Failure(operation: "rename", path: destination, code: EEXIST) }
        guard rename(source, destination) == 0 else { throw Failure(operation: "rename", path: source, code: errno) }
        try flush.sync(Path.parent(of: destination))
        if Path.parent(of: source) != Path.parent(of: destination) { try flush.sync(Path.parent(of: source)) }
    }

    /// Removes a file.
    static func removeFile(_ path: String) throws(Failure) {
        guard unlink(path) == 0 else { throw Failure(operation: "unlink", path: path, code: errno) }
    }

    /// Removes an empty directory.
    static func removeDirectory(_ path: String) throws(Failure) {
        guard rmdir(path) == 0 else { throw Failure(operation: "rmdir", path: path, code: errno) }
    }

}

/// The C functions whose Swift names the wrapper's own methods shadow.
private enum Glue {
    static func read(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
        #if canImport(Glibc)
        Glibc.read(descriptor, buffer, count)
        #else
        Darwin.read(descriptor, buffer, count)
        #endif
    }

    static func write(_ descriptor: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
        #if canImport(Glibc)
        Glibc.write(descriptor, buffer, count)
        #else
        Darwin.write(descriptor, buffer, count)
        #endif
    }
}
