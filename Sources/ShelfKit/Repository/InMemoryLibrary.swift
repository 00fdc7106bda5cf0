/// A library held in memory, for tests and SwiftUI previews: no disk, same behaviour.
///
/// It runs the same code as ``FileLibrary`` over an in-memory set of files, so paths, file
/// contents, errors and the order of results are identical — a test that passes here describes
/// what happens on disk.
///
/// ```swift
/// let library = try InMemoryLibrary()
/// try await library.add(Book(title: "Dune", authors: ["Frank Herbert"]), to: .toRead, in: "sci-fi")
/// ```
public actor InMemoryLibrary: Library, LibraryHost {
    /// The library's settings.
    public nonisolated let configuration: LibraryConfiguration
    var core: LibraryCore<MemoryStorage>

    /// Creates an empty library with a folder per status.
    /// - Parameters:
    ///   - configuration: Statuses and goal.
    ///   - today: The current day, for `added`, `started`, `finished` and the trash.
    public init(configuration: LibraryConfiguration = .default, today: @escaping @Sendable () -> Day = { Day.today() }) {
        var storage = MemoryStorage()
        // The root and `.shelf` always exist in a fresh storage; status folders are created as
        // on disk by `shelf init`, so listings look the same.
        try? storage.makeDirectory(".shelf")
        for status in configuration.statuses { try? storage.makeDirectory(status.name) }
        self.configuration = configuration
        self.core = LibraryCore(storage: storage, configuration: configuration, today: today)
    }

    /// Makes the next write, creation or move at `path` fail, to test that batches roll back.
    func failNextWrite(at path: String) {
        core.storage.failingPaths.insert(path)
    }

    /// The bytes of a file, for tests that compare with ``FileLibrary``.
    func fileBytes(_ path: String) -> [UInt8]? {
        try? core.storage.read(path)
    }

    /// Whether a file or folder exists, for tests.
    func exists(_ path: String) -> Bool {
        core.storage.kind(of: path) != nil
    }

    /// Moves a file behind the library's back, as `git mv` or a file manager would.
    func moveBehindTheLibrary(_ source: String, to destination: String) throws(ShelfError) {
        try core.storage.move(source, to: destination)
    }

    /// Removes a file behind the library's back.
    func removeBehindTheLibrary(_ path: String) throws(ShelfError) {
        try core.storage.removeFile(path)
    }

    /// Writes a file behind the library's back, as another program would.
    func writeBehindTheLibrary(_ text: String, to path: String) throws(ShelfError) {
        var folder = ""
        for component in path.split(separator: "/").dropLast() {
            folder += folder.isEmpty ? String(component) : "/" + component
            if core.storage.kind(of: folder) == nil { try core.storage.makeDirectory(folder) }
        }
        try core.storage.write(Array(text.utf8), to: path)
    }

    public func book(_ id: BookID) throws(ShelfError) -> Book { try hostedBook(id) }

    public func books(matching query: BookQuery, sortedBy order: [BookSort], limit: Int?) async throws(ShelfError) -> Listing<Book> {
        try await hostedBooks(matching: query, sortedBy: order, limit: limit)
    }

    public func scan() async throws(ShelfError) -> LibraryScan { try await hostedScan() }

    public func resolve(_ reference: String) async throws(ShelfError) -> Book { try await hostedResolve(reference) }

    public func sessions(of id: BookID) throws(ShelfError) -> [ReadingSession] { try hostedSessions(of: id) }

    public func sessions(since day: Day?) async throws(ShelfError) -> Listing<ReadingSession> {
        try await hostedSessions(since: day)
    }

    public func check() async throws(ShelfError) -> [Problem] { try await hostedCheck() }

    @discardableResult
    public func add(_ book: Book, to status: Status, in folder: String) throws(ShelfError) -> Book {
        try core.add([(book, status, folder)])[0]
    }

    @discardableResult
    public func add(_ books: [(book: Book, status: Status, folder: String)]) throws(ShelfError) -> [Book] {
        try core.add(books)
    }

    @discardableResult
    public func update(_ book: Book) throws(ShelfError) -> Book { try core.update([book])[0] }

    @discardableResult
    public func update(_ books: [Book]) throws(ShelfError) -> [Book] { try core.update(books) }

    @discardableResult
    public func update(_ id: BookID, _ change: @Sendable (inout Book) throws -> Void) throws -> Book {
        try core.update(id, change).get()
    }

    @discardableResult
    public func removeKeys(_ keys: [String], from book: Book) throws(ShelfError) -> (book: Book, absent: [String]) {
        try core.removeKeys(keys, from: book)
    }

    @discardableResult
    public func move(_ id: BookID, to status: Status, folder: String? = nil) throws(ShelfError) -> Book {
        try core.move(id, to: status, folder: folder)
    }

    @discardableResult
    public func move(_ id: BookID, to status: Status, folder: String? = nil,
                     then change: @Sendable (inout Book) throws -> Void) throws -> Book {
        try core.move(id, to: status, folder: folder, then: change).get()
    }

    @discardableResult
    public func delete(_ id: BookID) throws(ShelfError) -> Book { try core.delete([id])[0] }

    @discardableResult
    public func deleteBooks(matching query: BookQuery) async throws(ShelfError) -> [Book] {
        try await hostedDeleteBooks(matching: query)
    }

    @discardableResult
    public func restore(_ id: BookID) throws(ShelfError) -> Book { try core.restore(id) }

    @discardableResult
    public func log(_ session: ReadingSession, for id: BookID) throws(ShelfError) -> ReadingSession {
        try core.log(session, for: id)
    }
}
