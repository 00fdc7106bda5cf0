#if canImport(Glibc)
internal import Glibc
#elseif canImport(Darwin)
internal import Darwin
#endif

/// The library's writer lock: an exclusive `flock` on `.shelf/lock`, held by one writing
/// operation at a time across every process.
///
/// `flock` belongs to the open file, so the kernel drops it when a process dies, even by
/// `SIGKILL`: a crashed writer never leaves the library locked. Readers never take it.
struct WriterLock: Sendable {
    /// The lock file, relative to the library root.
    static let path = ".shelf/lock"
    /// How long a writer waits for another one by default.
    static let defaultWait: Double = 10

    private let descriptor: Int32

    /// Opens (creating if needed) the lock file at `path` and takes the lock, polling every
    /// 20 ms for up to `seconds`; `0` tries once.
    /// - Throws: ``ShelfError/libraryBusy`` when another process still holds it, or an I/O error.
    static func acquire(_ path: String, waitingUpTo seconds: Double) throws(ShelfError) -> WriterLock {
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else {
            throw .io(path: Self.path, operation: "open", message: String(cString: strerror(errno)))
        }
        let deadline = FileSystem.now() + Int64(max(seconds, 0) * 1_000_000_000)
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            let code = errno
            if code == EINTR { continue }
            guard code == EWOULDBLOCK, FileSystem.now() < deadline else {
                close(descriptor)
                if code == EWOULDBLOCK { throw .libraryBusy }
                throw .io(path: Self.path, operation: "flock", message: String(cString: strerror(code)))
            }
            usleep(20_000)
        }
        return WriterLock(descriptor: descriptor)
    }

    /// Lets the next writer in.
    func release() {
        close(descriptor)
    }
}
