import Synchronization

/// Text written to standard output a piece at a time, as the chunks of a listing come from
/// any thread (JSON Lines, paths): a listing of a large library never holds its text whole.
/// ``JSONArrayOutput`` is the same for a JSON array, which needs its brackets and commas.
final class StreamedTextOutput: Sendable {
    private struct State {
        var writer = StandardOutput.Writer()
        /// The error a write met; nothing more is written after it.
        var failure: CommandFailure?
    }

    private let state = Mutex(State())

    /// Writes `pieces` in order; `false` once a write failed, and the listing should stop.
    func append(_ pieces: [String]) -> Bool {
        state.withLock { state in
            guard state.failure == nil else { return false }
            do throws(CommandFailure) {
                for piece in pieces { try state.writer.write(piece) }
                return true
            } catch {
                state.failure = error
                return false
            }
        }
    }

    /// Writes what is left.
    /// - Throws: The first error a write met.
    func finish() throws(CommandFailure) {
        try state.withLock { state throws(CommandFailure) in
            if let failure = state.failure { throw failure }
            try state.writer.flush()
        }
    }
}
