public import Foundation

/// A write made on this device that ``LibraryWriting/undoLastWrite()`` can take back: every
/// file it created, replaced, moved or trashed returns to what it was, byte for byte.
public struct RecordedWrite: Sendable, Hashable {
    /// What the write was: `move of dune`, `log of a session of dune`, `update of dune`.
    public var operation: String
    /// What it changed: `reading/dune.md → finished/dune.md`.
    public var detail: String
    /// When it was made.
    public var made: Date
    /// The files and folders it wrote, moved or removed, relative to the library.
    public var paths: [String]
    /// Whether it can be taken back at all: a write that changed too much to keep cannot.
    public var isUndoable: Bool

    init(_ record: UndoHistory.Record) {
        operation = record.operation
        detail = record.detail
        made = record.made
        paths = record.paths
        isUndoable = record.steps != nil
    }
}
