internal import Foundation

/// What a source of file events saw, paths relative to the library root. Sources report what
/// might have changed; ``LibraryObserver`` decides what did, against its ``LibrarySnapshot``.
enum FileEvent: Sendable, Hashable {
    /// Something happened at these paths.
    case changed([ChangedPath])
    /// Events were lost or the source cannot vouch for what it saw (a queue overflow, a
    /// recrawl, a restarted server): everything is compared again.
    case lost
    /// The source stopped working (the server died, the library folder went away); the
    /// observer moves to the next source and compares everything.
    case failed(String)
}

/// A path a source saw something happen at.
struct ChangedPath: Sendable, Hashable {
    /// Relative to the library root.
    var path: String
    /// Whether it is, or was last seen as, a folder: a folder's files may all have changed.
    var isDirectory: Bool
    /// Whether the source saw the file written (inotify's `IN_MODIFY`/`IN_CLOSE_WRITE`): a
    /// rewrite of the same size within one tick of the file system's clock keeps its stamp.
    var wasWritten: Bool
}

/// Where the events of sources are left for the observer: sources post from their own
/// threads, and the observer takes all that is pending at once, so that a burst of events
/// becomes one comparison rather than a queue of them.
final class FileEventInbox: Sendable {
    private let pending = Locked<[FileEvent]>([])
    private let continuation: AsyncStream<Void>.Continuation
    /// Yields once whenever something was posted since the last ``take()``.
    let signals: AsyncStream<Void>

    init() {
        (signals, continuation) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
    }

    func post(_ event: FileEvent) {
        pending.withLock { $0.append(event) }
        continuation.yield(())
    }

    /// Everything posted since the last call, oldest first.
    func take() -> [FileEvent] {
        pending.withLock { pending in
            defer { pending = [] }
            return pending
        }
    }

    func finish() { continuation.finish() }
}

/// A source of file events: it runs on a thread of its own (never one of the cooperative
/// pool, since it waits on a descriptor) until ``stop()``, posting what it sees to an inbox.
protocol FileEventSource: AnyObject, Sendable {
    /// Which kind of source this is, as reported with each change.
    var kind: ObservationSource.Kind { get }
    /// Ends the thread and releases the descriptors, within a tenth of a second.
    func stop()
}

/// A flag a source's thread checks between waits.
final class StopFlag: Sendable {
    private let stopped = Locked(false)

    var isSet: Bool { stopped.withLock { $0 } }

    func set() { stopped.withLock { $0 = true } }
}

/// Runs `body` on a new thread and resumes with what its `ready` call passes, once the source
/// has its watches in place (or could not make them).
func startSourceThread<Value: Sendable>(named name: String,
                                        _ body: @escaping @Sendable (_ ready: @escaping @Sendable (Value) -> Void) -> Void) async -> Value {
    await withCheckedContinuation { continuation in
        let once = ReadyOnce(continuation)
        let thread = Thread {
            body { once.resume($0) }
        }
        thread.name = name
        thread.start()
    }
}

/// A continuation resumed at most once, from whichever thread gets there first.
private final class ReadyOnce<Value: Sendable>: Sendable {
    private let continuation: Locked<CheckedContinuation<Value, Never>?>

    init(_ continuation: CheckedContinuation<Value, Never>) { self.continuation = Locked(continuation) }

    func resume(_ value: Value) {
        let waiting = continuation.withLock { continuation in
            defer { continuation = nil }
            return continuation
        }
        waiting?.resume(returning: value)
    }
}
