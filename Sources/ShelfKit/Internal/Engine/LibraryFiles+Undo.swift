/// Taking writes back (`UndoHistory`).
extension LibraryFiles {
    /// The writes this device can take back, the newest first.
    func recordedWrites() -> [RecordedWrite] {
        UndoHistory.records(in: storage).reversed().map { RecordedWrite($0.record) }
    }

    /// Takes back the newest write kept, as one journaled write, and forgets it.
    /// - Returns: The write taken back.
    /// - Throws: ``ShelfError/nothingToUndo``, or ``ShelfError/cannotUndo(operation:path:)``
    ///   when a file it changed changed again since (nothing is written then).
    mutating func undoLastWrite() throws(ShelfError) -> RecordedWrite {
        guard let (path, record) = UndoHistory.newest(in: storage) else { throw .nothingToUndo }
        guard let steps = record.steps else { throw .cannotUndo(operation: record.operation, path: nil) }
        // Taking a write back is not itself kept: undo walks back through the history.
        let pending = transaction?.undo
        transaction?.undo = nil
        defer { transaction?.undo = pending }
        do throws(ShelfError) {
            try perform(Journal(operation: "undo of the \(record.operation)", detail: record.detail, steps: steps, forgets: path))
        } catch {
            switch error {
            case .changedOnDisk(let changed), .alreadyExists(let changed), .savedTwiceDuringWrite(let changed, _):
                throw .cannotUndo(operation: record.operation, path: changed)
            case .io(let missing, _, _) where storage.kind(of: missing) == nil:
                throw .cannotUndo(operation: record.operation, path: missing)
            default:
                throw error
            }
        }
        if record.paths.contains(LibraryConfiguration.path), let bytes = try? storage.read(LibraryConfiguration.path),
           let settings = try? LibraryConfiguration(yaml: bytes) {
            configuration = settings
        }
        locations = [:]
        return RecordedWrite(record)
    }
}
