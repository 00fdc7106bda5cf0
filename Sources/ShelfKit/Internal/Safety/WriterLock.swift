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
    /// The first and the longest pause between two tries while another writer holds the lock:
    /// short enough that a quick command behind another one barely waits, long enough that a
    /// dozen waiting writers do not keep the cores busy.
    static let firstPause: UInt64 = 5_000_000
    static let longestPause: UInt64 = 50_000_000

    private let descriptor: Int32

    /// Takes the lock if no other writer has it, without waiting.
    /// - Throws: ``ShelfError/libraryBusy`` when another writer holds it, or an I/O error.
    static func acquire(_ path: String) throws(ShelfError) -> WriterLock {
        let descriptor = try openFile(path)
        guard try attempt(descriptor) else {
            close(descriptor)
            throw .libraryBusy
        }
        return WriterLock(descriptor: descriptor)
    }

    /// Takes the lock, trying again with pauses growing from 5 to 50 ms for up to `seconds`.
    ///
    /// The pauses suspend the task (`Task.sleep`) rather than the thread: a writer waiting
    /// behind another process must not take a thread of the cooperative pool from the rest
    /// of the program, which has as many as there are cores.
    /// - Throws: ``ShelfError/cancelled`` when the task is cancelled before it has the lock,
    ///   ``ShelfError/libraryBusy`` when another writer still holds it after `seconds`, or an
    ///   I/O error.
    static func acquire(_ path: String, waitingUpTo seconds: Double) async throws(ShelfError) -> WriterLock {
        let descriptor = try openFile(path)
        // A monotonic clock: a wall clock set back or forward must not stretch or cut the wait.
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: .nanoseconds(Int64(max(seconds, 0) * 1_000_000_000)))
        var pause = firstPause
        while true {
            do throws(ShelfError) {
                // A cancelled task gives up before its write starts, so it has written nothing.
                guard !Task.isCancelled else { throw .cancelled }
                if try attempt(descriptor) { return WriterLock(descriptor: descriptor) }
                let left = clock.now.duration(to: deadline)
                guard left > .zero else { throw .libraryBusy }
                do {
                    try await Task.sleep(for: min(.nanoseconds(Int64(pause)), left), clock: clock)
                } catch {
                    throw .cancelled
                }
                pause = min(pause * 2, longestPause)
            } catch {
                close(descriptor)
                throw error
            }
        }
    }

    /// Opens (creating if needed) the lock file.
    private static func openFile(_ path: String) throws(ShelfError) -> Int32 {
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else {
            throw .io(path: Self.path, operation: "open", message: String(cString: strerror(errno)))
        }
        return descriptor
    }

    /// One try at the lock, never blocking: whether it was taken.
    private static func attempt(_ descriptor: Int32) throws(ShelfError) -> Bool {
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            let code = errno
            if code == EINTR { continue }
            if code == EWOULDBLOCK { return false }
            throw .io(path: Self.path, operation: "flock", message: String(cString: strerror(code)))
        }
        return true
    }

    /// Lets the next writer in.
    func release() {
        close(descriptor)
    }
}
