internal import Foundation

/// A library of Markdown files in a folder: the real thing.
///
/// A handle on the library's one engine (`LibraryEngine`), which reads through the index and
/// owns the folder, so this library's writes never race; edits made by other programs are
/// noticed before they could be overwritten (``ShelfError/changedOnDisk(path:)``). Every write
/// goes to a temporary file that is flushed and renamed over the target.
///
/// ```swift
/// let library = try FileLibrary(root: "/Users/me/books")
/// let reading = try await library.books(matching: "status:reading")
/// ```
public final class FileLibrary: EngineHandle {
    /// The library folder, absolute.
    public let root: String
    /// The library's settings, read from `.shelf/config.yaml` when the library was opened. A
    /// batch that adds statuses (`LibraryBatch/newStatuses`) is seen by this library's reads
    /// at once; this property shows them once the library is opened again.
    public let configuration: LibraryConfiguration
    /// What opening the library did about an operation a crashed `shelf` left half done, as a
    /// sentence to show (`finished an interrupted move of dune (…)`); `nil` when there was none.
    package let recoveredJournal: String?
    /// Whether reads go through the index.
    package let indexOptions: IndexOptions
    let engine: LibraryEngine<IndexedReads>

    /// Opens the library at `root`, reading its configuration if it has one.
    /// - Parameters:
    ///   - root: The library folder; relative paths are taken from the current directory.
    ///   - index: Whether reads go through `.shelf/index.sqlite` (the default) or read the files.
    ///   - today: The current day, for `added`, `started`, `finished` and the trash; tests pass a fixed one.
    /// - Throws: ``ShelfError/libraryNotFound(searchedFrom:)`` when `root` is not a folder,
    ///   ``ShelfError/notALibrary(path:enclosingLibrary:)`` when it has no `.shelf` folder (create
    ///   one with ``create(at:configuration:index:insideLibrary:today:)``), or an error for a configuration file that
    ///   cannot be read.
    public init(root: String, index: IndexOptions = .enabled,
                today: @escaping @Sendable () -> Day = { Day.today() }) throws(ShelfError) {
        let absolute = Self.absolute(root)
        guard FileSystem.status(absolute)?.kind == .directory else { throw .libraryNotFound(searchedFrom: absolute) }
        // Only a folder with `.shelf/` is a library: opening any other would let the first write
        // make it one (its lock, its journal) without anyone asking (``create(at:configuration:index:insideLibrary:today:)`` does).
        guard FileSystem.status(absolute + "/.shelf")?.kind == .directory else {
            throw .notALibrary(path: absolute, enclosingLibrary: nil)
        }
        let storage = DiskStorage(root: absolute)
        var configuration = LibraryConfiguration.default
        if storage.isFile(LibraryConfiguration.path) {
            configuration = try LibraryConfiguration(yaml: try storage.read(LibraryConfiguration.path))
        }
        var files = LibraryFiles(storage: storage, configuration: configuration, today: today)
        // A finished journal that added statuses (an import's batch) reads them again itself.
        self.recoveredJournal = files.recoverAtOpen()
        self.root = absolute
        self.configuration = files.configuration
        self.indexOptions = index
        self.engine = LibraryEngine(files: files, reads: IndexedReads(root: absolute, options: index))
    }

    /// Creates a new library: `.shelf/config.yaml` and a folder per status. This is `shelf init`.
    ///
    /// A library inside another (`finished/sci-fi` of an existing library) is refused unless
    /// asked for: the outer library would list the inner one's books as its own, and an edit
    /// through either would move files under the other.
    /// - Parameters:
    ///   - root: The folder to make a library, created when missing.
    ///   - insideLibrary: Whether to create the library even inside another library.
    /// - Throws: ``ShelfError/alreadyExists(path:)`` when the folder already has a `.shelf`;
    ///   ``ShelfError/insideLibrary(path:library:)`` when it is inside a library and
    ///   `insideLibrary` is false.
    public static func create(at root: String, configuration: LibraryConfiguration = .default, index: IndexOptions = .enabled,
                              insideLibrary: Bool = false,
                              today: @escaping @Sendable () -> Day = { Day.today() }) throws(ShelfError) -> FileLibrary {
        let absolute = absolute(root)
        var storage = DiskStorage(root: absolute)
        guard storage.kind(of: ".shelf") == nil else { throw .alreadyExists(path: absolute + "/.shelf") }
        if !insideLibrary, let outer = LibraryLocator.enclosingLibrary(of: Path.parent(of: absolute)) {
            throw .insideLibrary(path: absolute, library: outer)
        }
        if !storage.isDirectory("") {
            do throws(FileSystem.Failure) { try FileSystem.makeDirectory(absolute) } catch {
                throw .io(path: absolute, operation: error.operation, message: error.message)
            }
        }
        try storage.makeDirectory(".shelf")
        try storage.write(try configurationFile(configuration), to: LibraryConfiguration.path)
        try storage.write(Array(ShelfIgnoreFile.contents.utf8), to: ".shelf/.gitignore")
        // An adopted library keeps its notes where they are: no status folders.
        if configuration.notes == nil {
            for status in configuration.statuses where !storage.isDirectory(status.name) {
                try storage.makeDirectory(status.name)
            }
        }
        return try FileLibrary(root: absolute, index: index, today: today)
    }

    /// The bytes of a new library's `.shelf/config.yaml`, with a comment on each setting.
    package static func configurationFile(_ configuration: LibraryConfiguration) throws(ShelfError) -> [UInt8] {
        let names = configuration.statuses.map(\.name).joined(separator: ", ")
        var text: String
        if configuration.notes == nil {
            text = "# Statuses, in reading order. Each one is a top-level folder.\nstatuses: [\(names)]\n"
        } else {
            text = "# Statuses, in reading order. The notes say theirs, in the words under notes.words.\nstatuses: [\(names)]\n"
        }
        if let goal = configuration.goal { text += "goal: \(goal)\n" }
        text += "# The version of the files' layout; a newer shelf that changes it says so.\nformat: \(configuration.format)\n"
        guard let notes = configuration.notes else { return Array(text.utf8) }
        text += "# How the notes hold their books: shelf reads and writes them in their own keys and words.\n"
        text += notes.yamlText
        let bytes = Array(text.utf8)
        // What was written must read back as the same map.
        guard try LibraryConfiguration(yaml: bytes).notes == notes else {
            throw .invalidValue(path: LibraryConfiguration.path, key: "notes", value: "", reason: "does not read back as written",
                                at: SourceLocation(line: 1, column: 1))
        }
        return bytes
    }

    private static func absolute(_ path: String) -> String {
        Path.withoutDots(path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path)
    }

    /// What writing operations found and finished of operations other processes left half
    /// done since the library was opened (besides ``recoveredJournal``), oldest first.
    package var recoveryNotes: [String] {
        get async { await engine.recoveryNotes }
    }

    /// The file of the book a person means by `reference`, relative to the library. A slug or
    /// a path is found without reading the file, so a book whose front matter is broken is
    /// found too (to be opened in an editor and fixed); any other reference resolves as
    /// ``resolve(_:)`` does.
    package func bookPath(for reference: String) async throws(ShelfError) -> String {
        if let path = try await engine.bookPathByName(reference) { return path }
        return try await resolve(reference).path
    }

    /// The id of the book a person means by `reference`: a slug or a path the index knows as one
    /// book is taken without reading the file, so a write that follows reads it once; any other
    /// reference resolves as ``resolve(_:)`` does.
    package func bookID(for reference: String) async throws(ShelfError) -> BookID {
        if let id = await engine.bookIDWithoutReading(reference) { return id }
        return try await resolve(reference).id
    }

    /// The library-relative path of the session file `reference` names as a path
    /// (`reading/dune/2026-11-20-0740.md`), or `nil` when it names none: what `shelf edit`
    /// opens when it is given a session's path.
    package func sessionPath(for reference: String) async -> String? {
        await engine.sessionPath(named: reference)
    }

    /// Runs `body` with the book file at `path` marked open in an editor by this process, and
    /// removes the mark when it returns or throws. Meanwhile every write of another process
    /// (or library) to that book is refused with ``ShelfError/bookBeingEdited(path:pid:)``:
    /// the editor's save would overwrite it. The mark of a process that is gone is ignored.
    ///
    /// ```swift
    /// try await library.whileEditing("finished/dune.md") { try runEditor(on: "finished/dune.md") }
    /// ```
    /// - Throws: ``ShelfError/bookBeingEdited(path:pid:)`` when another process has the book
    ///   open, or what `body` throws.
    @discardableResult
    package func whileEditing<Result: Sendable>(_ path: String, _ body: () async throws -> Result) async throws -> Result {
        try await engine.writing { files throws(ShelfError) in try files.markEditing(path) }
        do {
            let result = try await body()
            await engine.unmarkEditing()
            return result
        } catch {
            await engine.unmarkEditing()
            throw error
        }
    }

    /// The absolute path of `.shelf/cache/NAME/`, made when missing, with `.shelf/cache/` kept
    /// out of git in `.shelf/.gitignore`: where a sibling module keeps what it can fetch again
    /// (answers of a metadata service), never part of the library.
    package func cacheFolder(_ name: String) async throws(ShelfError) -> String {
        try PathSafety.checkComponent(name)
        let relative = ShelfIgnoreFile.cacheFolder + "/" + name
        try await engine.writing { files throws(ShelfError) in try files.makeCacheFolder(relative) }
        return root.hasSuffix("/") ? root + relative : root + "/" + relative
    }

    /// Deletes the index and builds it again from the files: `shelf reindex`.
    package func rebuildIndex() async throws(ShelfError) {
        try await engine.rebuildIndex()
    }

    /// Starts watchman's watch of the library and brings the index up to date, so that the
    /// next read asks watchman what changed instead of walking: `shelf watch`. Looks for
    /// watchman again even where it was not found before. The server must be running
    /// (`watchman watch-project` starts it).
    package func startWatching() async throws(ShelfError) -> WatchStatus {
        try await engine.reads.startWatching(engine.files)
    }

    /// Stops watchman's watch of the library and forgets its clock: `shelf watch --stop`.
    /// Reads walk the library again.
    package func stopWatching() async throws(ShelfError) -> WatchStatus {
        try await engine.reads.stopWatching()
    }

    /// Whether watchman keeps the index fresh: `shelf watch --status`.
    package func watchStatus() async -> WatchStatus {
        await engine.reads.watchStatus()
    }

    /// The folder watchman began to watch for the index since this library was opened: the
    /// first read of a library with the watcher on (``IndexOptions/watched``) asks watchman to
    /// watch it, and the watch outlives the process, so a person should be told once. `nil`
    /// when it was watched already, or not at all.
    package var startedWatch: String? {
        get async { await engine.reads.startedWatch }
    }

    // MARK: - For tests and benchmarks

    /// Brings the index up to date and reports how many files were read again and dropped.
    func refreshIndex(sessions: Bool = true) async throws(ShelfError) -> (parsed: Int, removed: Int, walked: Bool)? {
        try await engine.refreshIndex(sessions: sessions)
    }

    /// The index, refreshed, with the walk it made; `nil` when reads go to the files.
    func refreshedIndex(sessions: Bool) async throws(ShelfError) -> (LibraryIndex, RefreshedFiles)? {
        try await engine.refreshedIndex(sessions: sessions)
    }

    /// The files named `<slug>.md` the index held at its last refresh (``IndexedReads/paths(named:)``).
    func indexedPaths(named slug: String) async -> [String]? {
        await engine.reads.paths(named: slug)
    }

    /// Makes the disk storage fail a chosen write or rename, to test that batches roll back.
    func injectFaults(_ faults: FaultInjection) async {
        await engine.changeStorage { storage in storage.faults = faults }
    }

    /// Sets how long writers wait for the writer lock, so tests of a busy library are quick.
    func setLockWait(_ seconds: Double) async {
        await engine.changeStorage { storage in storage.lockWait = seconds }
    }

    /// Sets how many listed books at most have their sessions read directly, so that a test
    /// of a small library reaches the index reading every session.
    func setSessionsReadDirectlyLimit(_ books: Int?) async {
        await engine.reads.setSessionsReadDirectlyLimit(books)
    }

    /// How many times the reads have refreshed the index, so that a test can count the walks
    /// of a read.
    var indexRefreshes: Int {
        get async { await engine.reads.refreshes }
    }
}
