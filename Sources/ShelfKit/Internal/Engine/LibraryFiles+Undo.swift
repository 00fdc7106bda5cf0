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
            let changed: String
            switch error {
            case .changedOnDisk(let path), .alreadyExists(let path), .savedTwiceDuringWrite(let path, _): changed = path
            case .io(let missing, _, _) where storage.kind(of: missing) == nil: changed = missing
            default: throw error
            }
            // Put back by hand, the files hold what taking the write back would leave: it is
            // forgotten, with nothing written, so that the writes before it can be taken back.
            guard holdsAlready(steps) else { throw .cannotUndo(operation: record.operation, path: changed) }
            try? storage.removeFile(path)
        }
        if record.paths.contains(LibraryConfiguration.path), let bytes = try? storage.read(LibraryConfiguration.path),
           let settings = try? LibraryConfiguration(yaml: bytes) {
            configuration = settings
        }
        locations = [:]
        return RecordedWrite(record)
    }

    /// Whether every file `steps` write already holds the bytes they would write and every file
    /// they remove is gone: what taking the write back would leave, as a person who put the
    /// files back by hand left it. A step that moves a file never counts as done.
    private func holdsAlready(_ steps: [JournalStep]) -> Bool {
        var checked = false
        for step in steps {
            switch step {
            case .write(let path, let bytes, _):
                guard (try? storage.read(path)).map({ $0.elementsEqual(bytes) }) == true else { return false }
            case .remove(let path, _):
                guard storage.kind(of: path) == nil else { return false }
            case .removeEmptyFolders:
                continue
            case .move:
                return false
            }
            checked = true
        }
        return checked
    }
}
