internal import Foundation

/// The writers of one library in this process, let through one at a time in order of arrival:
/// only the first goes for the writer lock (``WriterLock``), which stays for other processes.
///
/// Without it, every writer of a task group tried the file lock, and all but one slept 5 to 50 ms
/// between tries: 50 updates of one book from a task group took 2.3 s against 78 ms one after
/// the other. A writer waiting here is suspended, never holding a thread, and a cancelled one
/// leaves the line.
final class WriterQueue: @unchecked Sendable {
    private typealias Waiter = (id: UInt64, turn: CheckedContinuation<Void, any Error>)

    // Guarded by `lock`.
    private let lock = NSLock()
    private var busy = false
    private var lastID: UInt64 = 0
    private var waiting: [Waiter] = []

    /// Waits for this writer's turn, after every writer that came before it.
    /// - Throws: ``ShelfError/cancelled`` when the task is cancelled before its turn: it wrote nothing.
    func enter() async throws(ShelfError) {
        let id = lock.withLock {
            lastID += 1
            return lastID
        }
        do {
            try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { (turn: CheckedContinuation<Void, any Error>) in
                    let now: Bool? = lock.withLock {
                        // Checked under the lock that the cancellation handler takes too: a task
                        // cancelled before it got in line is never left waiting.
                        if Task.isCancelled { return nil }
                        if !busy {
                            busy = true
                            return true
                        }
                        waiting.append((id, turn))
                        return false
                    }
                    switch now {
                    case true?: turn.resume()
                    case nil: turn.resume(throwing: CancellationError())
                    case false?: break
                    }
                }
            } onCancel: {
                let cancelled = lock.withLock { () -> CheckedContinuation<Void, any Error>? in
                    guard let position = waiting.firstIndex(where: { $0.id == id }) else { return nil }
                    return waiting.remove(at: position).turn
                }
                cancelled?.resume(throwing: CancellationError())
            }
        } catch {
            throw .cancelled
        }
    }

    /// How many writers wait for their turn.
    var waitingCount: Int { lock.withLock { waiting.count } }

    /// Ends the turn of the writer that entered last: the next in line goes on.
    func leave() {
        let next = lock.withLock { () -> CheckedContinuation<Void, any Error>? in
            guard !waiting.isEmpty else {
                busy = false
                return nil
            }
            // The turn passes straight on; `busy` stays set.
            return waiting.removeFirst().turn
        }
        next?.resume()
    }
}
