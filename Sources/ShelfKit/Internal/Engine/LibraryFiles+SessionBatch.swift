internal import FrontMatter

/// The session files of a batch (``LibraryBatch/sessions``): planned after the batch's books, so
/// that a session of a book the batch adds or moves goes to the folder where the book ends, and
/// written in the same journal.
extension LibraryFiles {
    /// The journal steps of `changes`: removals first (a session that is renamed, or replaced by
    /// one of another name, frees its name before another takes it), then new files, then files
    /// rewritten in place. Every file read is held to the stamp of the session it was read from.
    mutating func planSessions(_ changes: [SessionChange], after plan: WritePlan) throws(ShelfError) -> [JournalStep] {
        guard !changes.isEmpty else { return [] }
        var removals: [JournalStep] = []
        var creations: [JournalStep] = []
        var replacements: [JournalStep] = []
        var folders: [String: BookLocation] = [:]
        var created: Set<String> = []
        var removed: Set<String> = []
        func folder(of id: BookID) throws(ShelfError) -> BookLocation {
            if let known = folders[id.rawValue] { return known }
            let location = try plannedLocation(of: id, in: plan)
            folders[id.rawValue] = location
            return location
        }
        for change in changes {
            switch change {
            case .create(let session):
                let location = try folder(of: session.bookID)
                let path = location.sessionFolder + "/" + Self.fileName(of: session)
                try SessionFormat.validate(session, path: path)
                guard !created.contains(path), removed.contains(path) || storage.kind(of: path) == nil else {
                    throw .alreadyExists(path: path)
                }
                created.insert(path)
                creations.append(.create(path, try SessionFormat.newFile(session, path: path).bytes))
            case .replace(let old, let new):
                let location = try folder(of: old.bookID)
                let (source, stamp, document) = try readPlannedSession(old, in: location, plan: plan)
                let path = location.sessionFolder + "/" + Self.fileName(of: new)
                try SessionFormat.validate(new, path: path)
                let bytes = try Self.rewritten(document, from: SessionFormat.read(document, bookID: old.bookID,
                                                                                  name: Self.name(of: old)).0, to: new)
                if path == source {
                    if bytes != document.bytes { replacements.append(.replace(path, expecting: stamp, with: bytes)) }
                } else {
                    guard !created.contains(path), removed.contains(path) || storage.kind(of: path) == nil else {
                        throw .alreadyExists(path: path)
                    }
                    removed.insert(source)
                    created.insert(path)
                    removals.append(.remove(path: source, expected: JournalStep.Stamp(stamp)))
                    creations.append(.create(path, bytes))
                }
            case .remove(let old):
                let location = try folder(of: old.bookID)
                let (source, stamp, _) = try readPlannedSession(old, in: location, plan: plan)
                removed.insert(source)
                removals.append(.remove(path: source, expected: JournalStep.Stamp(stamp)))
            }
        }
        // A folder emptied of its sessions goes too, as a deleted session's does.
        let emptied = Set(removals.compactMap { step -> String? in
            guard case .remove(let path, _) = step else { return nil }
            return Path.parent(of: path)
        })
        let cleanups = folders.values.filter { emptied.contains($0.sessionFolder) }
            .sorted { ByteOrder.precedes($0.sessionFolder, $1.sessionFolder) }
            .map { JournalStep.removeEmptyFolders(from: $0.sessionFolder, stoppingAt: $0.sessionRoot) }
        return removals + creations + replacements + cleanups
    }

    /// Where the book `id` ends after `plan`: the place the plan adds or moves it to, else where
    /// it is.
    private mutating func plannedLocation(of id: BookID, in plan: WritePlan) throws(ShelfError) -> BookLocation {
        if let key = plan.addition(id), let entry = plan.entries[key] { return entry.destination }
        if let entry = plan.entries.values.first(where: { $0.book.id == id }) { return entry.destination }
        return try locate(id)
    }

    /// The file `session` was read from, at its book's place after the plan (a move takes the
    /// session folder along, unchanged), held to the session's version.
    private func readPlannedSession(_ session: ReadingSession, in location: BookLocation,
                                    plan: WritePlan) throws(ShelfError) -> (String, FileStamp, FrontMatterDocument) {
        let name = Self.name(of: session)
        // Read where the file is now; it is written where the book's sessions will be.
        let entry = plan.entries.values.first { $0.book.id == session.bookID }
        let current = (entry?.source ?? location).sessionFolder + "/" + name.name
        guard storage.isFile(current) else {
            throw .sessionNotFound(bookID: session.bookID, reference: name.stem, sessions: [])
        }
        let bytes = try storage.read(current)
        let stamp = FileStamp(bytes)
        if let expected = session.version?.stamp ?? stamps[current], expected != stamp { throw .changedOnDisk(path: current) }
        return (location.sessionFolder + "/" + name.name, stamp, try FrontMatterDocument(libraryFile: bytes, path: current))
    }

    /// The name of the file `session` was read from, else the one its values give.
    private static func name(of session: ReadingSession) -> SessionFileName {
        let origin = session.version?.value ?? session
        return SessionFileName(Path.name(of: origin.path))
            ?? SessionFileName(day: origin.day, time: origin.time, sequence: origin.sequence, suffix: origin.suffix)
    }

    /// The file name `session`'s values give.
    private static func fileName(of session: ReadingSession) -> String {
        SessionFileName(day: session.day, time: session.time, sequence: session.sequence, suffix: session.suffix).name
    }

    /// `document` (which reads as `current`) saying what `new` says: only the keys that differ
    /// are edited, and the body only when the note differs, so the rest keeps its bytes.
    private static func rewritten(_ document: FrontMatterDocument, from current: ReadingSession,
                                  to new: ReadingSession) throws(ShelfError) -> [UInt8] {
        var edits: [(key: String, value: YAMLValue?)] = []
        if current.fromPosition != new.fromPosition { edits.append(("from", new.fromPosition.map(SessionFormat.yamlValue))) }
        if current.toPosition != new.toPosition { edits.append(("to", new.toPosition.map(SessionFormat.yamlValue))) }
        if current.minutes != new.minutes { edits.append(("minutes", new.minutes.map { .int($0) })) }
        if current.pages != new.pages { edits.append(("pages", new.pages.map { .int($0) })) }
        let edited = try DocumentWriting.edit(document, canonicalOrder: SessionFormat.keys, edits: edits,
                                              oldExtra: current.extra, newExtra: new.extra, oldBody: current.note,
                                              newBody: new.note)
        return edited?.bytes ?? document.bytes
    }
}
