/// One writing operation while it runs (``LibraryFiles/holding(_:_:)``): the writer lock it
/// holds, how to take back the journal it is performing, and what it has written, to be kept
/// as one undo record when it ends.
///
/// The operation itself plans its changes into a ``WritePlan`` (each book read once into it)
/// and performs each plan as one ``Journal``; `holding` opens the transaction, and when the
/// operation returns keeps its undo record and releases the lock. A journal that fails midway
/// is taken back from ``rollback`` in this process (``LibraryFiles/atomically(_:)``), or rolled
/// forward by recovery after a crash.
struct WriteTransaction: Sendable {
    /// The writer lock, `nil` in memory, where one actor is the only writer.
    let lock: WriterLock?
    /// What the operation has written so far, kept in `UndoHistory` when it ends; `nil` while a
    /// write is taken back, which is not itself kept.
    var undo: PendingUndo? = PendingUndo()
    /// How to take back each write of the journal being performed, in the order made: in
    /// memory, where the `Journal` on disk lets the next process finish a write a crash cut
    /// short. `nil` between journals.
    var rollback: [RollbackStep]?

    /// How to take back one write, in memory (a `JournalStep` is one step forward, on disk).
    enum RollbackStep: Sendable {
        case removeFile(String)
        case restoreFile(String, [UInt8])
        case removeDirectory(String)
        case makeDirectory(String)
        case move(from: String, to: String)
    }
}
