import Synchronization

/// A pretty JSON array written to standard output an item at a time, as the chunks of a
/// listing come (``BookRecords/writeJSONArray(_:_:)`` writes the same text from every item at
/// once): an export of a large library never holds its text whole.
final class JSONArrayOutput: Sendable {
    private struct State {
        var writer = StandardOutput.Writer()
        var written = 0
        /// The error a write met; nothing more is written after it.
        var failure: CommandFailure?
    }

    private let state = Mutex(State())

    /// Writes `items`, each made by ``BookRecords/jsonItem(_:)``; `false` once a write failed,
    /// and the listing should stop.
    func append(_ items: [String]) -> Bool {
        state.withLock { state in
            guard state.failure == nil else { return false }
            do throws(CommandFailure) {
                for item in items {
                    try state.writer.write(Self.separator(before: state.written))
                    try state.writer.write(item)
                    state.written += 1
                }
                return true
            } catch {
                state.failure = error
                return false
            }
        }
    }

    /// How many items were written.
    var count: Int { state.withLock { $0.written } }

    /// What comes before the item at `index` of a pretty JSON array: its opening, or a comma.
    static func separator(before index: Int) -> String { index == 0 ? "[\n  " : ",\n  " }

    /// What ends a pretty JSON array of `count` items.
    static func end(after count: Int) -> String { count == 0 ? "[]\n" : "\n]\n" }

    /// Ends the array and writes what is left.
    /// - Throws: The first error a write met.
    func finish() throws(CommandFailure) {
        try state.withLock { state throws(CommandFailure) in
            if let failure = state.failure { throw failure }
            try state.writer.write(Self.end(after: state.written))
            try state.writer.flush()
        }
    }
}
