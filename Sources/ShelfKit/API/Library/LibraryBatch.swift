/// Several changes to a library made together: books added, moved and updated.
///
/// ``LibraryBatchWriting/apply(_:)`` writes a batch all or nothing, in this order: additions,
/// then moves, then updates, and the files end as the updates say. A move in a batch sets no
/// date (no `finished` of today on arrival in `finished/`): an import knows the dates, or that
/// there are none.
public struct LibraryBatch: Sendable {
    /// New books, each with its status and folder.
    public var additions: [NewBook]
    /// Books moved to another status, keeping their folder.
    public var moves: [BookMove]
    /// Books whose changed keys are written.
    public var updates: [Book]
    /// Statuses to append to `.shelf/config.yaml` first, in the same journal, for additions
    /// and moves into statuses the library does not have yet. The library's reads see them at
    /// once; its `configuration` property, once it is opened again.
    package var newStatuses: [Status]
    /// Session files written with the books, after them, in the same journal: what an import of
    /// an e-reader's statistics adds, rewrites and takes back.
    package var sessions: [SessionChange] = []

    /// Creates a batch.
    public init(additions: [NewBook] = [], moves: [BookMove] = [],
                updates: [Book] = [], newStatuses: [Status] = []) {
        self.additions = additions
        self.moves = moves
        self.updates = updates
        self.newStatuses = newStatuses
    }

    /// Whether the batch changes nothing.
    package var isEmpty: Bool {
        additions.isEmpty && moves.isEmpty && updates.isEmpty && newStatuses.isEmpty && sessions.isEmpty
    }
}

/// One session file a ``LibraryBatch`` writes.
package enum SessionChange: Sendable, Hashable {
    /// A new file, named by the session's day, time, sequence and suffix, in its book's session
    /// folder (where the book ends after the batch). Refused when a file has that name.
    case create(ReadingSession)
    /// The file `old` was read from (it must still hold what was read), rewritten to say what
    /// `new` says in the keys and body that differ, and renamed when `new`'s name differs.
    case replace(ReadingSession, with: ReadingSession)
    /// The file `old` was read from, removed (it must still hold what was read).
    case remove(ReadingSession)
}
