internal import Foundation

/// A library of Markdown files in a folder: the real thing.
///
/// One actor owns the folder, so its own writes never race; edits made by other programs are
/// noticed before they could be overwritten (``ShelfError/changedOnDisk(path:)``). Every write
/// goes to a temporary file that is flushed and renamed over the target.
///
/// ```swift
/// let library = try FileLibrary(root: LibraryLocator().locate())
/// let reading = try await library.books(matching: BookQuery(statuses: [.reading]))
/// ```
public actor FileLibrary: Library, LibraryHost {
    /// The library folder, absolute.
    public nonisolated let root: String
    /// The library's settings, read from `.shelf/config.yaml` when the library was opened. A
    /// batch that adds statuses (``LibraryBatch/newStatuses``) is seen by this library's reads
    /// at once; this property shows them once the library is opened again.
    public nonisolated let configuration: LibraryConfiguration
    /// What opening the library did about an operation a crashed `shelf` left half done, as a
    /// sentence to show (`finished an interrupted move of dune (…)`); `nil` when there was none.
    public nonisolated let recoveredJournal: String?
    /// Whether reads go through the index.
    public nonisolated let indexOptions: IndexOptions
    var core: LibraryCore<DiskStorage>
    var indexState: IndexState
    /// For tests: the most listed books whose sessions are read directly, instead of
    /// ``sessionsReadDirectly(ofAll:)``.
    var sessionsReadDirectlyLimit: Int?

    /// Opens the library at `root`, reading its configuration if it has one.
    /// - Parameters:
    ///   - root: The library folder; relative paths are taken from the current directory.
    ///   - index: Whether reads go through `.shelf/index.sqlite` (the default) or read the files.
    ///   - today: The current day, for `added`, `started`, `finished` and the trash; tests pass a fixed one.
    /// - Throws: ``ShelfError/libraryNotFound(searchedFrom:)`` when `root` is not a folder, or an
    ///   error for a configuration file that cannot be read.
    public init(root: String, index: IndexOptions = .enabled,
                today: @escaping @Sendable () -> Day = { Day.today() }) throws(ShelfError) {
        let absolute = Self.absolute(root)
        guard FileSystem.status(absolute)?.kind == .directory else { throw .libraryNotFound(searchedFrom: absolute) }
        let storage = DiskStorage(root: absolute)
        var configuration = LibraryConfiguration.default
        if storage.isFile(LibraryConfiguration.path) {
            configuration = try LibraryConfiguration(yaml: try storage.read(LibraryConfiguration.path))
        }
        var core = LibraryCore(storage: storage, configuration: configuration, today: today)
        // A finished journal that added statuses (an import's batch) reads them again itself.
        self.recoveredJournal = core.recoverAtOpen()
        self.root = absolute
        self.configuration = core.configuration
        self.core = core
        self.indexOptions = index
        self.indexState = index.isEnabled ? .closed : .unavailable
    }

    /// Creates a new library: `.shelf/config.yaml` and a folder per status. This is `shelf init`.
    /// - Throws: ``ShelfError/alreadyExists(path:)`` when the folder already has a `.shelf`.
    public static func create(at root: String, configuration: LibraryConfiguration = .default, index: IndexOptions = .enabled,
                              today: @escaping @Sendable () -> Day = { Day.today() }) throws(ShelfError) -> FileLibrary {
        let absolute = absolute(root)
        var storage = DiskStorage(root: absolute)
        if !storage.isDirectory("") {
            do throws(FileSystem.Failure) { try FileSystem.makeDirectory(absolute) } catch {
                throw .io(path: absolute, operation: error.operation, message: error.message)
            }
        }
        guard storage.kind(of: ".shelf") == nil else { throw .alreadyExists(path: absolute + "/.shelf") }
        try storage.makeDirectory(".shelf")
        let names = configuration.statuses.map(\.name).joined(separator: ", ")
        var text = "# Statuses, in reading order. Each one is a top-level folder.\nstatuses: [\(names)]\n"
        if let goal = configuration.goal { text += "goal: \(goal)\n" }
        try storage.write(Array(text.utf8), to: LibraryConfiguration.path)
        try storage.write(Array(Self.ignoredFiles.utf8), to: ".shelf/.gitignore")
        for status in configuration.statuses where !storage.isDirectory(status.name) {
            try storage.makeDirectory(status.name)
        }
        return try FileLibrary(root: absolute, index: index, today: today)
    }

    /// `.shelf/.gitignore`: the caches, the lock and an unfinished write's journal are shelf's
    /// own, never part of the person's library in git. Written by `create` and, in a library made by hand, by the
    /// first command that builds the index.
    static let ignoredFiles = "# Caches shelf rebuilds from the book files.\nindex.sqlite\nindex.sqlite-*\nlock\njournal.json\n"

    private static func absolute(_ path: String) -> String {
        var result = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        while result.count > 1, result.hasSuffix("/") { result.removeLast() }
        return result
    }

    public func book(_ id: BookID) throws(ShelfError) -> Book { try hostedBook(id) }

    public func books(matching query: BookQuery, sortedBy order: [BookSort], limit: Int?) async throws(ShelfError) -> Listing<Book> {
        try await hostedBooks(matching: query, sortedBy: order, limit: limit)
    }

    public func scan() async throws(ShelfError) -> LibraryScan { try await libraryScan() }

    public func resolve(_ reference: String) async throws(ShelfError) -> Book {
        try await hostedResolve(reference, indexed: core.slug(named: reference).flatMap(indexedPaths(named:)))
    }

    public func sessions(of id: BookID) throws(ShelfError) -> [ReadingSession] { try hostedSessions(of: id) }

    public func sessions(since day: Day?) async throws(ShelfError) -> Listing<ReadingSession> {
        try await indexedSessions(since: day)
    }

    public func check() async throws(ShelfError) -> [Problem] { try await hostedCheck() }

    @discardableResult
    public func add(_ book: Book, to status: Status, in folder: String) async throws(ShelfError) -> Book {
        try await writing { core throws(ShelfError) in try core.add([(book, status, folder)])[0] }
    }

    @discardableResult
    public func add(_ books: [(book: Book, status: Status, folder: String)]) async throws(ShelfError) -> [Book] {
        try await writing { core throws(ShelfError) in try core.add(books) }
    }

    @discardableResult
    public func update(_ book: Book) async throws(ShelfError) -> Book {
        try await writing { core throws(ShelfError) in try core.update([book])[0] }
    }

    @discardableResult
    public func update(_ books: [Book]) async throws(ShelfError) -> [Book] {
        try await writing { core throws(ShelfError) in try core.update(books) }
    }

    @discardableResult
    public func update(_ id: BookID, _ change: @Sendable (inout Book) throws -> Void) async throws -> Book {
        try await writing { core throws(ShelfError) in try core.update(id, change) }.get()
    }

    @discardableResult
    public func removeKeys(_ keys: [String], from book: Book) async throws(ShelfError) -> (book: Book, absent: [String]) {
        try await writing { core throws(ShelfError) in try core.removeKeys(keys, from: book) }
    }

    @discardableResult
    public func move(_ id: BookID, to status: Status, folder: String? = nil) async throws(ShelfError) -> Book {
        try await writing { core throws(ShelfError) in try core.move(id, to: status, folder: folder) }
    }

    @discardableResult
    public func move(_ id: BookID, to status: Status, folder: String? = nil,
                     then change: @Sendable (inout Book) throws -> Void) async throws -> Book {
        try await writing { core throws(ShelfError) in try core.move(id, to: status, folder: folder, then: change) }.get()
    }

    @discardableResult
    public func delete(_ id: BookID) async throws(ShelfError) -> Book {
        try await writing { core throws(ShelfError) in try core.delete([id])[0] }
    }

    @discardableResult
    public func deleteBooks(matching query: BookQuery) async throws(ShelfError) -> [Book] {
        try await hostedDeleteBooks(matching: query)
    }

    @discardableResult
    public func restore(_ id: BookID) async throws(ShelfError) -> Book {
        try await writing { core throws(ShelfError) in try core.restore(id) }
    }

    @discardableResult
    public func log(_ session: ReadingSession, for id: BookID) async throws(ShelfError) -> ReadingSession {
        try await writing { core throws(ShelfError) in try core.log(session, for: id) }
    }

    /// Waits for the writer lock, suspended so that no thread of the cooperative pool is held
    /// while another process writes, then runs `operation` holding it.
    ///
    /// The wait is the operation's only suspension: the actor may run other calls meanwhile,
    /// which is why the operation reads the files only once it has the lock, and runs without
    /// a suspension to its end.
    /// - Throws: ``ShelfError/cancelled`` when the task is cancelled while it waits,
    ///   ``ShelfError/libraryBusy`` when the wait runs out, or what `operation` throws.
    func writing<Result>(_ operation: (inout LibraryCore<DiskStorage>) throws(ShelfError) -> Result) async throws(ShelfError) -> Result {
        let storage = core.storage
        let lock = try await storage.waitForWriterLock()
        return try core.holding(lock, operation)
    }
}
