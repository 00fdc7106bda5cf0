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

    /// Creates a batch.
    public init(additions: [NewBook] = [], moves: [BookMove] = [],
                updates: [Book] = [], newStatuses: [Status] = []) {
        self.additions = additions
        self.moves = moves
        self.updates = updates
        self.newStatuses = newStatuses
    }

    /// Whether the batch changes nothing.
    package var isEmpty: Bool { additions.isEmpty && moves.isEmpty && updates.isEmpty && newStatuses.isEmpty }
}
