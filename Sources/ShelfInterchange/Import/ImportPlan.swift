public import ShelfKit

/// What an import will do to a library, worked out before anything is written, so that
/// `--dry-run` can show it and ``LibraryBatchWriting/apply(_:)`` can write it all or nothing.
public struct ImportPlan: Sendable, Hashable {
    /// Books to add, each with the status it goes to; their slugs are chosen and unique.
    public var additions: [ImportedBook]
    /// Books already in the library that change.
    public var updates: [ImportChange]
    /// Books already in the library that the export describes exactly as they are.
    public var unchanged: [Book]
    /// Rows that could not be read.
    public var skipped: [Problem]
    /// Rows imported with something put aside, at the field concerned (see ``ImportRows/warnings``).
    public var warnings: [Problem]
    /// Statuses the import uses that the library does not have yet (only with
    /// ``ImportOptions/createsStatuses``); they must be added to the configuration first.
    public var newStatuses: [Status]
    /// The folder below the status where new books go.
    public var folder: String
    /// Rows whose status column was empty, so that they went to a status the export did not
    /// name (see ``ImportRows/withoutStatus``); worth telling beside the ``summary``.
    public var withoutStatus: Int
    /// Rows merged into the book another row of the export describes (two editions of one
    /// book, which Goodreads and StoryGraph list as two rows), so that rows and books differ.
    public var mergedRows: Int

    /// The counts.
    public var summary: ImportSummary {
        ImportSummary(added: additions.count, updated: updates.count, unchanged: unchanged.count, skipped: skipped.count,
                      merged: mergedRows)
    }

    /// The writes, as one batch.
    public var batch: LibraryBatch {
        LibraryBatch(
            additions: additions.map { NewBook($0.book, to: $0.status, in: folder) },
            moves: updates.filter { $0.before.status != $0.after.status }.map { BookMove($0.before.id, to: $0.after.status) },
            updates: updates.map(\.after),
            newStatuses: newStatuses
        )
    }
}
