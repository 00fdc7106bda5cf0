import Foundation
@testable import ShelfKit
import ShelfTestSupport
import Testing

/// The writers of one library in a process queue in order of arrival (``WriterQueue``) instead
/// of each polling the writer lock: every update of a task group lands, in order, and a
/// writer cancelled while it waits leaves the line having written nothing.
struct WriterQueueTests {
    /// What ran, in order.
    final class Record: @unchecked Sendable {
        private let lock = NSLock()
        private var names: [String] = []
        func add(_ name: String) { lock.withLock { names.append(name) } }
        var value: [String] { lock.withLock { names } }
    }

    /// Yields until `queue` has `count` writers waiting.
    static func waitUntil(_ queue: WriterQueue, has count: Int) async {
        while queue.waitingCount < count { await Task.yield() }
    }

    @Test
    func writersGoInOrderOfArrival() async throws {
        let queue = WriterQueue()
        let record = Record()
        try await queue.enter()
        var tasks: [Task<Void, any Error>] = []
        for name in ["b", "c", "d", "e"] {
            tasks.append(Task {
                try await queue.enter()
                record.add(name)
                queue.leave()
            })
            // Each is in line before the next one arrives.
            await Self.waitUntil(queue, has: tasks.count)
        }
        #expect(record.value.isEmpty, "nobody goes while the first holds its turn")
        queue.leave()
        for task in tasks { try await task.value }
        #expect(record.value == ["b", "c", "d", "e"])
        #expect(queue.waitingCount == 0)
    }

    @Test
    func aWriterCancelledWhileWaitingLeavesTheLine() async throws {
        let queue = WriterQueue()
        try await queue.enter()
        let cancelled = Task { try await queue.enter() }
        await Self.waitUntil(queue, has: 1)
        let behind = Task {
            try await queue.enter()
            queue.leave()
        }
        await Self.waitUntil(queue, has: 2)
        cancelled.cancel()
        await #expect(throws: ShelfError.cancelled) { try await cancelled.value }
        #expect(queue.waitingCount == 1)
        queue.leave()
        try await behind.value
        // The line is free again: the cancelled writer took no turn.
        try await queue.enter()
        queue.leave()

        // Cancelled before it arrives, it never waits.
        let early = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            try await queue.enter()
        }
        await #expect(throws: ShelfError.cancelled) { try await early.value }
    }

    @Test(arguments: LibraryKind.allCases)
    func fiftyUpdatesOfOneBookFromATaskGroupAllLand(_ kind: LibraryKind) async throws {
        let test = try TestLibrary.make(kind)
        let library = test.library
        _ = try await library.add(Book(title: "Dune", pages: 100), to: .reading, in: "")
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<50 {
                group.addTask { _ = try await library.update("dune") { $0.pages = ($0.pages ?? 0) + 1 } }
            }
            try await group.waitForAll()
        }
        #expect(try await library.book("dune").pages == 150)
    }
}
