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
}
