internal import Foundation

/// The library's files over some storage, and every rule for finding, reading and changing
/// them: the synchronous half of `LibraryEngine`, which owns one.
///
/// It remembers what this process knows of the files (``stamps``, ``locations``), plans each
/// change as a ``WritePlan`` and performs it as one journaled, all-or-nothing transaction. The
/// same code runs over the disk (``DiskStorage``) and over memory (``MemoryStorage``).
struct LibraryFiles<Storage: LibraryStorage>: Sendable {
    var storage: Storage
    /// The statuses and goal; a batch that adds statuses changes it (``apply(_:)``).
    var configuration: LibraryConfiguration
    let today: @Sendable () -> Day
    /// The time on the clock, for a session logged without one.
    var now: @Sendable () -> TimeOfDay = { TimeOfDay.now() }
    /// What each file held when this library last read or wrote it, to detect edits made
    /// behind its back before overwriting them.
    var stamps: [String: FileStamp] = [:]
    /// Where each book this library found by its slug was, once the slug was known to be unique
    /// (a walk, or the index with one file by that name), so a single-book write or read finds
    /// it again without walking the whole library. Checked on disk at each use.
    var locations: [String: BookLocation] = [:]
    /// The writing operation running, from ``holding(_:_:)``; `nil` between operations.
    var transaction: WriteTransaction?
    /// What recovering from interrupted operations found, oldest first.
    var recoveryNotes: [String] = []

    init(storage: Storage, configuration: LibraryConfiguration, today: @escaping @Sendable () -> Day) {
        self.storage = storage
        self.configuration = configuration
        self.today = today
    }

    // MARK: - Finding

    /// The library's book files, and with `includeSessions` their session files.
    func listing(includeSessions: Bool = false) throws(ShelfError) -> LibraryWalk {
        try LibraryWalk.walk(storage, statuses: configuration.statuses, notes: configuration.noteLayout,
                             includeSessions: includeSessions)
    }

    /// The one file with slug `id`.
    /// - Throws: ``ShelfError/bookNotFound(reference:closeMatches:)`` with close slugs, or
    ///   ``ShelfError/duplicateSlug(slug:paths:)``.
    func locate(_ id: BookID, in listing: some BookDirectory) throws(ShelfError) -> BookLocation {
        let matches = try listing.locations(withSlug: id.rawValue)
        if matches.count > 1 { throw .duplicateSlug(slug: id.rawValue, paths: matches.map(\.path)) }
        guard let location = matches.first else {
            throw .bookNotFound(reference: id.rawValue, closeMatches: Suggestions.closeMatches(to: id.rawValue, among: try listing.slugs(ofLengths: Suggestions.lengths(near: id.rawValue))))
        }
        return location
    }

    // MARK: - Reading

    /// Reads a book and remembers the version read.
    mutating func read(_ location: BookLocation) throws(ShelfError) -> BookFile {
        let file = try BookFile.read(location, from: storage)
        stamps[location.path] = file.stamp
        return file
    }

    /// Reads a book for editing: throws ``ShelfError/changedOnDisk(path:)`` when the file is not
    /// what this library last read or wrote.
    func readForEditing(_ location: BookLocation) throws(ShelfError) -> BookFile {
        let file = try BookFile.read(location, from: storage)
        if let stamp = stamps[location.path], stamp != file.stamp { throw .changedOnDisk(path: location.path) }
        return file
    }

    /// The sessions of a book, by day and sequence; the first unreadable one throws.
    func sessions(of location: BookLocation) throws(ShelfError) -> [ReadingSession] {
        var sessions: [ReadingSession] = []
        for file in try SessionFile.readAll(in: location.sessionFolder, bookID: BookID(location.slug), from: storage) {
            sessions.append(try file.session.get())
        }
        return sessions.sorted { $0.precedes($1) }
    }

    // MARK: - Checks before writing

    /// Throws unless `status` is configured and `folder` is a safe folder that no book's session
    /// folder shadows (a folder `sci-fi` beside `sci-fi.md` would be read as that book's sessions).
    func checkDestination(_ status: Status, _ folder: String) throws(ShelfError) {
        // In an adopted library the status a location holds is the notes folder.
        if configuration.notes == nil { try configuration.require(status) }
        try PathSafety.checkFolder(folder)
        var directory = status.name
        for component in folder.split(separator: "/") {
            if configuration.notes == nil, storage.isFile(BookLocation.bookPath(ofSessionFolder: directory + "/" + component)) {
                throw .unsafeName(name: folder, reason: "\(directory)/\(component).md is a book, so that folder holds its sessions")
            }
            directory = Path.joined(directory, String(component))
            if storage.isFile(directory) { throw .alreadyExists(path: directory) }
        }
    }

    // MARK: - Writing, all or nothing

    /// Runs `body` so that its writes all happen or none does: when it throws, the writes it
    /// made are taken back in reverse order (the transaction's ``WriteTransaction/rollback``)
    /// before the error is passed on. Only inside ``holding(_:_:)``, whose transaction keeps them.
    mutating func atomically<Result>(_ body: (inout LibraryFiles) throws(ShelfError) -> Result) throws(ShelfError) -> Result {
        assert(transaction != nil, "writes are made inside a writing operation")
        guard transaction?.rollback == nil else { return try body(&self) }
        transaction?.rollback = []
        do throws(ShelfError) {
            let result = try body(&self)
            transaction?.rollback = nil
            return result
        } catch {
            rollBack()
            throw error
        }
    }

    private mutating func rollBack() {
        let steps = transaction?.rollback ?? []
        transaction?.rollback = nil
        // Best effort: the first failure already happened, and each step that can be taken
        // back brings the library closer to where it was.
        for step in steps.reversed() {
            switch step {
            case .removeFile(let path):
                try? storage.removeFile(path)
                stamps[path] = nil
            case .restoreFile(let path, let bytes):
                try? storage.write(bytes, to: path)
                stamps[path] = FileStamp(bytes)
            case .removeDirectory(let path): try? storage.removeDirectory(path)
            case .makeDirectory(let path): try? storage.makeDirectory(path)
            case .move(let source, let destination):
                try? storage.move(source, to: destination)
                if let stamp = stamps.removeValue(forKey: source) { stamps[destination] = stamp }
            }
        }
    }

    /// Remembers how to take back a write just made, while ``atomically(_:)`` runs; recovery's
    /// writes outside a journal being performed are not taken back.
    private mutating func record(_ step: WriteTransaction.RollbackStep) {
        transaction?.rollback?.append(step)
    }

    /// Creates `path` and any missing parents.
    mutating func makeDirectories(_ path: String) throws(ShelfError) {
        guard !path.isEmpty, !storage.isDirectory(path) else { return }
        try makeDirectories(Path.parent(of: path))
        try storage.makeDirectory(path)
        record(.removeDirectory(path))
    }

    /// Writes a new file, which must not exist; the storage refuses to replace one that
    /// appears in between.
    mutating func create(_ bytes: [UInt8], at path: String) throws(ShelfError) {
        guard storage.kind(of: path) == nil else { throw .alreadyExists(path: path) }
        try makeDirectories(Path.parent(of: path))
        try storage.create(bytes, at: path)
        record(.removeFile(path))
        stamps[path] = FileStamp(bytes)
    }

    /// Replaces a file, provided it still holds `expected`; the storage checks that as late as
    /// it can, just before the new file takes the old one's place.
    /// - Returns: The bytes replaced.
    @discardableResult
    mutating func replace(_ path: String, expecting expected: FileStamp, with bytes: [UInt8]) throws(ShelfError) -> [UInt8] {
        let current = try storage.replace(path, expecting: expected, with: bytes)
        record(.restoreFile(path, current))
        stamps[path] = FileStamp(bytes)
        return current
    }

    /// Removes a file, provided it still holds `expected`.
    ///
    /// The file is first renamed aside (`.<name>.<pid>.<n>.tmp`, a name recovery knows), then
    /// checked: a save landing after the check would otherwise be deleted with it, where now it
    /// makes a new file at `path`. A file that is not what was expected goes back, or is kept
    /// beside `path` as a ``ConflictCopy`` when a new file took its place meanwhile.
    /// - Returns: The bytes removed.
    /// - Throws: ``ShelfError/changedOnDisk(path:)`` when it holds something else.
    mutating func remove(_ path: String, expecting expected: FileStamp) throws(ShelfError) -> [UInt8] {
        let aside = try moveAside(path)
        let current: [UInt8]
        do throws(ShelfError) {
            current = try storage.read(aside)
        } catch {
            putBack(aside, at: path)
            throw error
        }
        guard FileStamp(current) == expected else {
            putBack(aside, at: path)
            throw .changedOnDisk(path: path)
        }
        try storage.removeFile(aside)
        record(.restoreFile(path, current))
        stamps[path] = nil
        return current
    }

    /// Renames `path` to a free temporary name beside it.
    private mutating func moveAside(_ path: String) throws(ShelfError) -> String {
        let process = ProcessInfo.processInfo.processIdentifier
        for attempt in 0..<100 {
            let aside = Path.joined(Path.parent(of: path), FileSystem.StagedFile.temporaryName(for: Path.name(of: path),
                                                                                                process: process, attempt: attempt))
            guard storage.kind(of: aside) == nil else { continue }
            try storage.move(path, to: aside)
            return aside
        }
        throw .alreadyExists(path: path)
    }

    /// Puts a file moved aside back at `path`, or beside it when `path` is taken again.
    private mutating func putBack(_ aside: String, at path: String) {
        if storage.kind(of: path) == nil, (try? storage.move(aside, to: path)) != nil { return }
        _ = keepAside(aside, beside: path)
    }

    /// Moves a file or folder, creating the destination's parents.
    mutating func move(_ source: String, to destination: String) throws(ShelfError) {
        guard storage.kind(of: destination) == nil else { throw .alreadyExists(path: destination) }
        try makeDirectories(Path.parent(of: destination))
        try storage.move(source, to: destination)
        record(.move(from: destination, to: source))
        if let stamp = stamps.removeValue(forKey: source) { stamps[destination] = stamp }
    }

    /// Removes `directory` and then its parents while they are empty, stopping at `stop`. A
    /// folder already gone is passed over, so that a removal a crash cut short between two
    /// levels is finished when the journal is replayed.
    mutating func removeEmptyDirectories(from directory: String, stoppingAt stop: String) throws(ShelfError) {
        var current = directory
        while current != stop, current.hasPrefix(stop + "/"), storage.kind(of: current) == nil {
            current = Path.parent(of: current)
        }
        while current != stop, current.hasPrefix(stop + "/"), try storage.entries(in: current).isEmpty {
            try storage.removeDirectory(current)
            record(.makeDirectory(current))
            current = Path.parent(of: current)
        }
    }
}
