internal import Foundation

/// Runs a transform over many items on all cores, keeping their order.
///
/// Parsing front matter is CPU work; at 10,000 books spreading it over the cores is most of
/// what makes a full scan fast. Items go in chunks so each task has enough to do.
enum ParallelMap {
    static func map<Input: Sendable, Output: Sendable>(
        _ items: [Input], _ transform: @escaping @Sendable (Input) -> Output
    ) async -> [Output] {
        guard items.count > 64 else { return items.map(transform) }
        let chunkCount = min(items.count, ProcessInfo.processInfo.activeProcessorCount * 4)
        let chunkSize = (items.count + chunkCount - 1) / chunkCount
        return await withTaskGroup(of: (Int, [Output]).self) { group in
            for start in stride(from: 0, to: items.count, by: chunkSize) {
                let chunk = Array(items[start..<min(start + chunkSize, items.count)])
                group.addTask { (start, chunk.map(transform)) }
            }
            var parts: [(Int, [Output])] = []
            for await part in group { parts.append(part) }
            return parts.sorted { $0.0 < $1.0 }.flatMap(\.1)
        }
    }

    /// ``map(_:_:)`` for code that cannot wait asynchronously, such as the body of a database
    /// transaction: blocks the calling thread while the cores share the items.
    static func mapBlocking<Input: Sendable, Output: Sendable>(
        _ items: [Input], _ transform: @escaping @Sendable (Input) -> Output
    ) -> [Output] {
        guard items.count > 64 else { return items.map(transform) }
        let chunkCount = min(items.count, ProcessInfo.processInfo.activeProcessorCount * 4)
        let chunkSize = (items.count + chunkCount - 1) / chunkCount
        let parts = Parts<Output>(count: chunkCount)
        DispatchQueue.concurrentPerform(iterations: chunkCount) { chunk in
            let start = chunk * chunkSize
            guard start < items.count else { return }
            parts.set(chunk, items[start..<min(start + chunkSize, items.count)].map(transform))
        }
        return parts.joined()
    }

    /// The chunks' results, each set once by its own thread.
    private final class Parts<Output>: @unchecked Sendable {
        private let lock = NSLock()
        private var parts: [[Output]]

        init(count: Int) { parts = Array(repeating: [], count: count) }

        func set(_ index: Int, _ part: [Output]) {
            lock.lock()
            defer { lock.unlock() }
            parts[index] = part
        }

        func joined() -> [Output] {
            lock.lock()
            defer { lock.unlock() }
            return parts.flatMap { $0 }
        }
    }
}
