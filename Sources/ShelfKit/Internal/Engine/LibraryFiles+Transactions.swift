internal import Foundation

/// Multi-file operations as transactions: the writer lock, the intent journal, and recovery
/// from a process that died midway.
extension LibraryFiles {
    // MARK: - The writer lock

    /// Runs a writing operation with `lock`, which the caller took (`LibraryEngine/writing(_:)`
    /// waits for it, suspended, so that no thread of the cooperative pool is held while another
    /// process writes), and releases it when the operation ends. This is the one place a write
    /// holds the lock: the operations themselves only plan and perform.
    ///
    /// Before the operation it refuses a library a newer shelf wrote and finishes what a crashed
    /// writer left (only safe once no other writer can be running); after it, still under the
    /// lock, it keeps what the operation wrote for undo. The operation is synchronous on purpose:
    /// the caller's only suspension is the wait for the lock, before this, so nothing else on
    /// the actor runs between its reads and writes.
    mutating func holding<Result>(_ lock: WriterLock?,
                                  _ operation: (inout LibraryFiles) throws(ShelfError) -> Result) throws(ShelfError) -> Result {
        assert(transaction == nil, "a writing operation already holds the lock")
        defer {
            keepUndoSteps()
            lock?.release()
            transaction = nil
        }
        try configuration.requireWritableFormat()
        transaction = WriteTransaction(lock: lock)
        if let note = recoverInterruptedOperation() { recoveryNotes.append(note) }
        return try operation(&self)
    }

    /// Keeps what the operation ending wrote in `UndoHistory`, still under the lock. Best
    /// effort: the write itself is done, and a history that could not be kept leaves the
    /// previous undo refused by its stamps rather than wrong.
    private mutating func keepUndoSteps() {
        // The transaction ends after this: what keeping the record writes is not recorded.
        guard let record = transaction?.undo?.record(madeAt: Date()) else { return }
        transaction?.undo = nil
        if storage.kind(of: UndoHistory.folder) == nil { try? completeIgnoreFile(with: ShelfIgnoreFile.undoLine) }
        try? UndoHistory.keep(record, in: &storage)
    }

    /// Finishes an interrupted operation when the library is opened, if no other process is
    /// writing (a journal is only stale when its writer is gone, and then the lock is free).
    /// Readers never wait: when the lock is taken they leave the journal to its owner.
    mutating func recoverAtOpen() -> String? {
        guard storage.kind(of: Journal.path) != nil || hasStaleTemporaries(of: Journal.path)
                || !UndoHistory.staleTemporaries(in: storage).isEmpty,
              let lock = try? storage.lockForWriting() else { return nil }
        defer { lock.release() }
        return recoverInterruptedOperation()
    }

    // MARK: - Performing

    /// Makes the changes a journal describes, all or none.
    ///
    /// The journal is written and flushed first, then each step is made, recording how to undo
    /// it; when a step fails the steps before it are undone. The journal is removed last, so a
    /// crash at any point leaves it for ``recoverInterruptedOperation()``. Even a single write
    /// is journaled: its rename is atomic already, but the journal names the folder where a
    /// killed process may have left its temporary file.
    /// - Throws: ``ShelfError/cancelled`` when the task is cancelled before the last step,
    ///   once the steps made are undone.
    mutating func perform(_ journal: Journal) throws(ShelfError) {
        guard !journal.steps.isEmpty else { return }
        // Checked under the lock, which `shelf edit` takes to mark a book open (EditMarkers).
        if let open = EditMarkers.conflict(with: journal.steps.flatMap(\.paths), in: storage) {
            throw .bookBeingEdited(path: open.path, pid: open.pid)
        }
        try storage.write(try journal.encoded(), to: Journal.path)
        storage.deferDirectoryFlushes()
        defer {
            // What undoing the steps did to folders is flushed before the journal goes.
            try? storage.flushDeferredDirectories()
            try? storage.removeFile(Journal.path)
        }
        var inverse = UndoSteps()
        try atomically { core throws(ShelfError) in
            for step in journal.steps {
                // Between files, never inside one: a batch of hundreds stops soon after it is
                // cancelled, and still all or nothing.
                guard !Task.isCancelled else { throw .cancelled }
                inverse.record(step, replaced: try core.apply(step))
            }
            // Each folder the steps changed, once; a failure undoes the steps like any other.
            try core.storage.flushDeferredDirectories()
        }
        transaction?.undo?.add(journal, takenBackBy: inverse)
        if let forgets = journal.forgets { try? storage.removeFile(forgets) }
    }

    /// Makes one step.
    /// - Returns: The bytes it replaced or removed.
    private mutating func apply(_ step: JournalStep) throws(ShelfError) -> [UInt8]? {
        switch step {
        case .write(let path, let bytes, let expected):
            if let expected {
                return try replace(path, expecting: expected.fileStamp, with: Array(bytes))
            }
            try create(Array(bytes), at: path)
        case .move(let source, let destination):
            try move(source, to: destination)
        case .removeEmptyFolders(let directory, let stop):
            try removeEmptyDirectories(from: directory, stoppingAt: stop)
        case .remove(let path, let expected):
            return try remove(path, expecting: expected.fileStamp)
        }
        return nil
    }

    // MARK: - Recovery

    /// What redoing one step found.
    private enum Redo {
        case alreadyDone
        case redone
        case conflict(String)
    }

    /// Rolls an interrupted operation forward from its journal, then removes the journal.
    ///
    /// Steps already made are recognised and skipped; a step whose file someone changed since
    /// is left alone rather than overwritten, and named in the note.
    /// - Returns: A sentence for the person, or `nil` when there was nothing left to do.
    mutating func recoverInterruptedOperation() -> String? {
        removeStaleTemporaries(of: Journal.path)
        for temporary in UndoHistory.staleTemporaries(in: storage) { try? storage.removeFile(temporary) }
        guard storage.kind(of: Journal.path) != nil else { return nil }
        guard let bytes = try? storage.read(Journal.path), let journal = Journal.decode(bytes) else {
            let aside = Journal.path + ".unreadable"
            try? storage.move(Journal.path, to: aside)
            return "found an unreadable \(Journal.path) and moved it to \(aside); a check of the library finds what it left"
        }
        var redone = 0
        var conflicts: [String] = []
        var kept: [String] = []
        for step in journal.steps {
            kept += settleTemporaries(of: step)
            switch redo(step) {
            case .alreadyDone: break
            case .redone: redone += 1
            case .conflict(let reason): conflicts.append(reason)
            }
        }
        if conflicts.isEmpty, let forgets = journal.forgets { try? storage.removeFile(forgets) }
        try? storage.removeFile(Journal.path)
        // A batch that added statuses wrote the configuration: read it again, whichever
        // process finishes the journal.
        if journal.steps.contains(where: { $0.paths.contains(LibraryConfiguration.path) }),
           let bytes = try? storage.read(LibraryConfiguration.path),
           let settings = try? LibraryConfiguration(yaml: bytes) {
            configuration = settings
        }
        var note: String?
        if !conflicts.isEmpty {
            note = "could not finish an interrupted \(journal.operation) (\(journal.detail)): "
                + conflicts.joined(separator: "; ") + "; those files were left as they are"
        } else if redone > 0 {
            note = "finished an interrupted \(journal.operation) (\(journal.detail))"
        }
        guard !kept.isEmpty else { return note }
        return ([note ?? "an interrupted \(journal.operation) (\(journal.detail)) was already done"] + kept).joined(separator: "; ")
    }

    /// Whether a killed writer left a temporary file beside `path` (`.<name>.<pid>.<n>.tmp`).
    private func hasStaleTemporaries(of path: String) -> Bool {
        !staleTemporaries(of: path).isEmpty
    }

    /// Removes the temporary files a killed write of `step` left, except one holding neither
    /// the step's new bytes nor the file it expected to replace: a replace killed between
    /// swapping its file in and undoing the swap leaves a person's save there. That one is
    /// kept as `<path>.conflict` (``FileSystem/keepAside(_:beside:)``) and reported.
    /// - Returns: What to tell the person, one sentence a file kept.
    private mutating func settleTemporaries(of step: JournalStep) -> [String] {
        if case .remove(let path, let expected) = step { return settleRemoval(of: path, expecting: expected) }
        guard case .write(let path, let data, let expected) = step else {
            for path in step.paths { removeStaleTemporaries(of: path) }
            return []
        }
        var kept: [String] = []
        for temporary in staleTemporaries(of: path) {
            // Ours: the new bytes, or a start of them (killed while staging), or the file the
            // step replaced (killed after a swap that succeeded).
            let bytes = try? storage.read(temporary)
            let ours = bytes.map { Array(data).starts(with: $0) || (expected?.matches($0) ?? false) } ?? false
            if ours {
                try? storage.removeFile(temporary)
            } else if let copy = keepAside(temporary, beside: path) {
                kept.append("a version of \(path) saved during the interrupted write is kept as \(copy)")
            } else {
                kept.append("a version of \(path) saved during the interrupted write is left in \(temporary)")
            }
        }
        return kept
    }

    /// A removal killed after moving its file aside (``remove(_:expecting:)``): the file it
    /// meant to remove goes; any other is put back at `path`, or kept beside it when `path` is
    /// taken, and reported.
    private mutating func settleRemoval(of path: String, expecting expected: JournalStep.Stamp) -> [String] {
        var kept: [String] = []
        for temporary in staleTemporaries(of: path) {
            if let bytes = try? storage.read(temporary), expected.matches(bytes) {
                try? storage.removeFile(temporary)
            } else if storage.kind(of: path) == nil, (try? storage.move(temporary, to: path)) != nil {
                continue
            } else if let copy = keepAside(temporary, beside: path) {
                kept.append("a version of \(path) found during the interrupted undo is kept as \(copy)")
            } else {
                kept.append("a version of \(path) found during the interrupted undo is left in \(temporary)")
            }
        }
        return kept
    }

    /// Moves `temporary` to the first free ``ConflictCopy`` name beside `path`, through the
    /// storage (``FileSystem/keepAside(_:beside:)`` is the same for the swap, on disk only).
    mutating func keepAside(_ temporary: String, beside path: String) -> String? {
        for attempt in ConflictCopy.attempts {
            let name = ConflictCopy.name(beside: path, attempt: attempt)
            guard storage.kind(of: name) == nil else { continue }
            do throws(ShelfError) {
                try storage.move(temporary, to: name)
                return name
            } catch {
                return nil
            }
        }
        return nil
    }

    /// Removes the temporary files killed writers left beside `path`. Only called holding the
    /// writer lock, when no other writer can be midway through a write.
    private mutating func removeStaleTemporaries(of path: String) {
        for temporary in staleTemporaries(of: path) { try? storage.removeFile(temporary) }
    }

    private func staleTemporaries(of path: String) -> [String] {
        let directory = Path.parent(of: path)
        let name = Path.name(of: path)
        let entries = (try? storage.entries(in: directory)) ?? []
        return entries.filter { $0.kind == .file && FileSystem.StagedFile.isTemporaryName($0.name, for: name) }
            .map { Path.joined(directory, $0.name) }
    }

    private mutating func redo(_ step: JournalStep) -> Redo {
        do throws(ShelfError) {
            switch step {
            case .write(let path, let data, let expected):
                let bytes = Array(data)
                let current = storage.kind(of: path) == nil ? nil : try storage.read(path)
                if current == bytes { return .alreadyDone }
                if let expected {
                    guard let current, expected.matches(current) else { return .conflict("\(path) changed on disk") }
                    _ = try storage.replace(path, expecting: expected.fileStamp, with: bytes)
                } else {
                    guard current == nil else { return .conflict("\(path) already exists") }
                    try makeDirectories(Path.parent(of: path))
                    try storage.create(bytes, at: path)
                }
                stamps[path] = nil
                return .redone
            case .move(let source, let destination):
                switch (storage.kind(of: source) != nil, storage.kind(of: destination) != nil) {
                case (false, true): return .alreadyDone
                case (true, false):
                    try makeDirectories(Path.parent(of: destination))
                    try storage.move(source, to: destination)
                    stamps[source] = nil
                    return .redone
                case (true, true): return .conflict("both \(source) and \(destination) exist")
                case (false, false): return .conflict("\(source) is missing")
                }
            case .removeEmptyFolders(let directory, let stop):
                try removeEmptyDirectories(from: directory, stoppingAt: stop)
                return .alreadyDone
            case .remove(let path, let expected):
                guard storage.kind(of: path) != nil else { return .alreadyDone }
                guard expected.matches(try storage.read(path)) else { return .conflict("\(path) changed on disk") }
                try storage.removeFile(path)
                stamps[path] = nil
                return .redone
            }
        } catch {
            return .conflict(error.description)
        }
    }
}
