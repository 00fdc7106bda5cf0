import ShelfKit

/// Standard output written a piece at a time as the chunks of a listing come, from any thread,
/// with what the format keeps between chunks (`Kept`: how many items went, a table for its
/// widths): a listing of a large library never holds its text whole. After the first failed
/// write nothing more is written, and the listing is told to stop.
final class StreamedOutput<Kept: Sendable>: Sendable {
    private struct State {
        var writer = StandardOutput.Writer()
        var kept: Kept
        /// The error a write met; nothing more is written after it.
        var failure: CommandFailure?
    }

    private let state: Locked<State>

    init(keeping kept: Kept) {
        state = Locked(State(kept: kept))
    }

    /// Runs `body` with the writer and what is kept; `false` once a write failed, and the
    /// listing should stop.
    func write(_ body: (inout StandardOutput.Writer, inout Kept) throws(CommandFailure) -> Void) -> Bool {
        state.withLock { state in
            guard state.failure == nil else { return false }
            do throws(CommandFailure) {
                try body(&state.writer, &state.kept)
                return true
            } catch {
                state.failure = error
                return false
            }
        }
    }

    /// Runs `body` for what ends the output, then writes what is left.
    /// - Throws: The first error a write met.
    func finish(_ body: (inout StandardOutput.Writer, inout Kept) throws(CommandFailure) -> Void = { _, _ in })
        throws(CommandFailure) {
        try state.withLock { state throws(CommandFailure) in
            if let failure = state.failure { throw failure }
            try body(&state.writer, &state.kept)
            try state.writer.flush()
        }
    }
}

extension StreamedOutput where Kept == Void {
    convenience init() { self.init(keeping: ()) }

    /// Writes `pieces` in order (JSON Lines, paths); `false` once a write failed.
    func append(_ pieces: [String]) -> Bool {
        write { writer, _ throws(CommandFailure) in
            for piece in pieces { try writer.write(piece) }
        }
    }
}
