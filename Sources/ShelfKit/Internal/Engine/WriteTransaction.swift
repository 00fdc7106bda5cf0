/// One writing operation while it runs (``LibraryFiles/holding(_:_:)``): the writer lock it
/// holds and what it has written, to be kept as one undo record when it ends.
///
/// The operation itself plans its changes into a ``WritePlan`` (each book read once into it)
/// and performs each plan as one ``Journal``; `holding` opens the transaction, and when the
/// operation returns keeps its undo record and releases the lock. A failure inside a journal is
/// taken back by ``LibraryFiles/atomically(_:)`` in this process, or by recovery after a crash.
struct WriteTransaction: Sendable {
    /// The writer lock, `nil` in memory, where one actor is the only writer.
    let lock: WriterLock?
    /// What the operation has written so far, kept in `UndoHistory` when it ends; `nil` while a
    /// write is taken back, which is not itself kept.
    var undo: PendingUndo? = PendingUndo()
}
