/// A library that can add, move and update books in one change, all or nothing.
///
/// An import touches hundreds of files; half of them written would leave a library that is
/// neither before nor after. Both ``FileLibrary`` and ``InMemoryLibrary`` conform.
public protocol LibraryBatchWriting: Library {
    /// Adds, then moves, then updates the books of `batch`; when any write fails, the writes
    /// already made are undone and the error is thrown. On disk the batch is one journaled
    /// operation, so a process killed midway is finished as a whole by the next open.
    /// - Returns: The books added and the books updated, as written.
    /// - Throws: The first error of `LibraryWriting/add(_:)`, ``LibraryWriting/move(_:to:folder:)``
    ///   or ``LibraryWriting/update(_:)-(_)``.
    @discardableResult
    func apply(_ batch: LibraryBatch) async throws(ShelfError) -> BatchOutcome
}
