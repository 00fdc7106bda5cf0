internal import Foundation

/// A map started on other threads, which the thread that needs its result joins: for code
/// that cannot wait asynchronously, such as the body of the database transaction that writes
/// one batch while the next is parsed.
///
/// The items are mapped a chunk at a time by one thread fewer than there are cores, leaving a
/// core to the thread that writes; when that thread asks for the result, it maps the chunks no
/// one has taken yet itself rather than wait. On two cores, one background thread mapping a
/// whole batch while the writer waited for it left a core idle for a third of the first
/// search, and two background threads left the writer a share of one.
final class BackgroundMap<Input: Sendable, Output: Sendable>: @unchecked Sendable {
    private let items: [Input]
    private let transform: @Sendable (Input) -> Output
    private let chunkSize: Int
    private let chunkCount: Int
    private let state = NSCondition()
    /// The first chunk no thread has taken; guarded by `state`.
    private var nextChunk = 0
    /// Each chunk's outputs once mapped, and how many are; guarded by `state`.
    private var outputs: [[Output]]
    private var mapped = 0

    /// Starts mapping `items` on the other cores, if there are any.
    init(_ items: [Input], _ transform: @escaping @Sendable (Input) -> Output) {
        self.items = items
        self.transform = transform
        let helpers = max(1, ProcessInfo.processInfo.activeProcessorCount - 1)
        chunkCount = max(1, min(items.count / 16, (helpers + 1) * 8))
        chunkSize = (items.count + chunkCount - 1) / chunkCount
        outputs = Array(repeating: [], count: chunkCount)
        guard !items.isEmpty else { return }
        for _ in 0..<helpers { DispatchQueue.global().async { self.mapChunks() } }
    }

    /// The outputs in the order of the items: maps the chunks left on this thread, then waits
    /// for the ones other threads are mapping.
    func value() -> [Output] {
        mapChunks()
        state.lock()
        defer { state.unlock() }
        while mapped < chunkCount { state.wait() }
        return outputs.flatMap { $0 }
    }

    /// Maps chunks until none is left to take.
    private func mapChunks() {
        while let chunk = take() {
            let start = chunk * chunkSize
            let output = start < items.count ? items[start..<min(start + chunkSize, items.count)].map(transform) : []
            state.lock()
            outputs[chunk] = output
            mapped += 1
            if mapped == chunkCount { state.broadcast() }
            state.unlock()
        }
    }

    private func take() -> Int? {
        state.lock()
        defer { state.unlock() }
        guard nextChunk < chunkCount else { return nil }
        nextChunk += 1
        return nextChunk - 1
    }
}
