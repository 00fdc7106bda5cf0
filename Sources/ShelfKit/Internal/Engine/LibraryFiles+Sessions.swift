internal import FrontMatter

/// Correcting and deleting sessions already written; ``log(_:for:pagesTotal:)`` writes new ones.
extension LibraryFiles {
    /// A session file read to be changed.
    struct SessionTarget {
        var book: BookLocation
        var path: String
        var name: SessionFileName
        var stamp: FileStamp
        var document: FrontMatterDocument
        /// The session as the file holds it now.
        var session: ReadingSession
    }

    /// The file of `session`, found by its book and its file name (from its version's path, else
    /// its own path, else its day, time and sequence), so a session of a book moved since still
    /// finds its file.
    /// - Throws: ``ShelfError/sessionNotFound(bookID:reference:sessions:)``, and
    ///   ``ShelfError/changedOnDisk(path:)`` when the file is not what the session was read from
    ///   (without a version: what this library last read or wrote).
    /// - Parameter merging: Accept a file changed since `session` was read when the session has
    ///   its version, to merge onto (an update); a delete refuses it.
    mutating func readSessionForEditing(_ session: ReadingSession, merging: Bool = false) throws(ShelfError) -> SessionTarget {
        let book = try locate(session.bookID)
        let origin = session.version?.value ?? session
        let fileName = Path.name(of: origin.path)
        let name = SessionFileName(fileName)
            ?? SessionFileName(day: origin.day, time: origin.time, sequence: origin.sequence, suffix: origin.suffix)
        let path = book.sessionFolder + "/" + name.name
        guard storage.isFile(path) else {
            throw .sessionNotFound(bookID: session.bookID, reference: name.stem, sessions: try sessions(of: book).map(\.name))
        }
        let bytes = try storage.read(path)
        let stamp = FileStamp(bytes)
        let merges = merging && session.version != nil
        if !merges, let expected = session.version?.stamp ?? stamps[path], expected != stamp { throw .changedOnDisk(path: path) }
        let document = try FrontMatterDocument(libraryFile: bytes, path: path)
        let (current, _) = SessionFormat.read(document, bookID: session.bookID, name: name)
        return SessionTarget(book: book, path: path, name: name, stamp: stamp, document: document, session: current)
    }

    /// Writes what a caller changed in a session (``LibraryWriting/update(_:)-(ReadingSession)``):
    /// the lines of the keys changed, the body when the note changed, and a new name when the
    /// day or time changed, in one journal. A session moved before its book's `started` moves
    /// `started` back, as a backdated log does.
    mutating func update(_ session: ReadingSession) throws(ShelfError) -> SessionUpdate {
        let target = try readSessionForEditing(session, merging: true)
        let current = target.session
        let base = session.version?.value ?? current
        try refuseConflicts(between: session, and: current, since: base, in: target)
        var new = current
        var edits: [(key: String, value: YAMLValue?)] = []
        let positions: [(String, WritableKeyPath<ReadingSession, ReadingPosition?>)] = [("from", \.fromPosition), ("to", \.toPosition)]
        for (key, field) in positions where base[keyPath: field] != session[keyPath: field] {
            new[keyPath: field] = session[keyPath: field]
            edits.append((key, session[keyPath: field].map(SessionFormat.yamlValue)))
        }
        let numbers: [(String, WritableKeyPath<ReadingSession, Int?>)] = [("minutes", \.minutes), ("pages", \.pages)]
        for (key, field) in numbers where base[keyPath: field] != session[keyPath: field] {
            new[keyPath: field] = session[keyPath: field]
            edits.append((key, session[keyPath: field].map { .int($0) }))
        }
        // Key by key onto the file's: a key added or changed there meanwhile stays.
        new.extra = CustomKeyChanges(from: base.extra, to: session.extra).applied(to: current.extra, orderedAs: session.extra)
        if base.note != session.note { new.note = session.note }
        let renames = base.day != session.day || base.time != session.time
        let others = try sessions(of: target.book).filter { $0.path != target.path }
        var name = target.name
        if renames {
            new.day = session.day
            new.time = session.time
            // After the sessions already in that minute, as a new one is; the letters stay, as
            // the session's identity across devices.
            let taken = others.filter { $0.day == new.day && $0.time == new.time }.map(\.sequence)
            name = SessionFileName(day: new.day, time: new.time, sequence: (taken.max() ?? 0) + 1, suffix: current.suffix)
            new.sequence = name.sequence
        }
        let path = target.book.sessionFolder + "/" + name.name
        try SessionFormat.validate(new, path: path)
        let book = try read(target.book).book
        try refuseAfterFinish(new.day, of: book)
        try SessionRules.checkCorrection(new, of: book, among: others, today: today())
        let edited = try DocumentWriting.edit(target.document, canonicalOrder: SessionFormat.keys, edits: edits,
                                              oldExtra: current.extra, newExtra: new.extra, oldBody: current.note,
                                              newBody: new.note)
        var plan = WritePlan()
        if renames, let started = book.started, new.day < started {
            var corrected = book
            corrected.started = new.day
            _ = try planUpdate(corrected, into: &plan)
        }
        var steps = plan.steps
        if path != target.path { steps.append(.move(from: target.path, to: path)) }
        // At the new name, after the move: a replayed journal then finds each step done or not
        // by the file at the path it names.
        if let edited { steps.append(.replace(path, expecting: target.stamp, with: edited.bytes)) }
        try perform(Journal(operation: "update of a session of \(session.bookID)",
                            detail: path == target.path ? path : target.path + " → " + path, steps: steps))
        let bytes = edited?.bytes ?? target.document.bytes
        let document = try FrontMatterDocument(libraryFile: bytes, path: path)
        let written = SessionFormat.read(document, bookID: session.bookID, name: name).0.read(from: FileStamp(bytes))
        stamps[path] = FileStamp(bytes)
        return SessionUpdate(session: written, previousPath: target.path, contradictions: try sessionContradictions(of: target.book))
    }

    /// Moves a session's file to the trash, `.shelf/trash/<today>/<its path>` (``LibraryWriting/delete(_:)-(ReadingSession)``),
    /// removing its session folder when that leaves it empty, in one journal.
    /// - Returns: The file's path in the trash.
    mutating func delete(_ session: ReadingSession) throws(ShelfError) -> String {
        let target = try readSessionForEditing(session)
        try completeIgnoreFile()
        // A folder that holds neither this file nor its book (whose restore would take the
        // session back with it).
        let folder = try firstTrashFolder { folder throws(ShelfError) in
            storage.kind(of: folder + "/" + target.path) == nil && storage.kind(of: folder + "/" + target.book.path) == nil
        }
        let destination = folder + "/" + target.path
        try perform(Journal(operation: "delete of a session of \(session.bookID)", detail: target.path + " → " + destination,
                            steps: [.move(from: target.path, to: destination),
                                    .removeEmptyFolders(from: target.book.sessionFolder, stoppingAt: target.book.sessionRoot)]))
        stamps[destination] = nil
        return destination
    }

    /// Throws ``ShelfError/editConflict(path:key:at:)`` for the first key that both
    /// `session` (the caller's copy) and `current` (the file now) changed since `base`, to
    /// different values: a stale copy merges key by key, as a book does, and never reverts a
    /// change made to the file meanwhile.
    private func refuseConflicts(between session: ReadingSession, and current: ReadingSession, since base: ReadingSession,
                                 in target: SessionTarget) throws(ShelfError) {
        func conflict<Value: Equatable>(_ field: KeyPath<ReadingSession, Value>) -> Bool {
            base[keyPath: field] != session[keyPath: field] && base[keyPath: field] != current[keyPath: field]
                && session[keyPath: field] != current[keyPath: field]
        }
        var keys: [String] = []
        if conflict(\.fromPosition) { keys.append("from") }
        if conflict(\.toPosition) { keys.append("to") }
        if conflict(\.minutes) { keys.append("minutes") }
        if conflict(\.pages) { keys.append("pages") }
        if let key = CustomKeyChanges(from: base.extra, to: session.extra).conflict(base: base.extra, current: current.extra) {
            keys.append(key)
        }
        if conflict(\.note) { keys.append("body") }
        guard let key = keys.first else { return }
        let location = target.document.location(ofKey: key)
        let line = key == "body" ? target.document.bodyFirstLine : location.line
        throw .editConflict(path: target.path, key: key, at: SourceLocation(line: line, column: key == "body" ? 1 : location.column))
    }

    /// What the sessions of the book at `location` contradict (``SessionRules/contradictions(of:in:sessions:)``).
    func sessionContradictions(of location: BookLocation) throws(ShelfError) -> [Problem] {
        let book = try BookFile.read(location, from: storage)
        var sessions: [(session: ReadingSession, document: FrontMatterDocument)] = []
        for entry in try storage.entries(in: location.sessionFolder) where entry.kind == .file {
            guard let name = SessionFileName(entry.name) else { continue }
            let path = location.sessionFolder + "/" + entry.name
            guard let document = try? FrontMatterDocument(libraryFile: try storage.read(path), path: path) else { continue }
            sessions.append((SessionFormat.read(document, bookID: BookID(location.slug), name: name).0, document))
        }
        return SessionRules.contradictions(of: book.book, in: book.document,
                                           finishCounts: configuration.role(of: location.status(of: book.book))
                                            == .finished, sessions: sessions)
    }

    /// The library-relative path of the session file `reference` names as a path
    /// (`reading/dune/2026-11-20-0740.md`, `./reading/dune/2026-11-20-0740`): a session-named
    /// file in the session folder of a book. `nil` for anything else.
    func sessionPath(named reference: String) -> String? {
        guard reference.contains("/") else { return nil }
        let path = Self.bookPath(reference)
        guard SessionFileName(Path.name(of: path)) != nil,
              let book = BookLocation(path: BookLocation.bookPath(ofSessionFolder: Path.parent(of: path)), in: configuration),
              isBook(book), storage.isFile(path) else { return nil }
        return path
    }
}
