/// A library held in memory, for tests and SwiftUI previews: no disk, same behaviour.
///
/// It runs the same engine as ``FileLibrary`` (`LibraryEngine`) over an in-memory set of files,
/// reading the files where ``FileLibrary`` reads its index, so paths, file contents, errors and
/// the order of results are identical — a test that passes here describes what happens on disk.
///
/// ```swift
/// let library = try InMemoryLibrary()
/// try await library.add(Book(title: "Dune", authors: ["Frank Herbert"]), to: .toRead, in: "sci-fi")
/// ```
public final class InMemoryLibrary: EngineHandle {
    /// The library's settings.
    public let configuration: LibraryConfiguration
    let engine: LibraryEngine<FileReads<MemoryStorage>>

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
        self.engine = LibraryEngine(files: LibraryFiles(storage: storage, configuration: configuration, today: today), reads: FileReads())
    }

    // MARK: - For tests

    /// Makes the next write, creation or move at `path` fail, to test that batches roll back.
    func failNextWrite(at path: String) async {
        await engine.changeStorage { storage in _ = storage.failingPaths.insert(path) }
    }

    /// The bytes of a file, for tests that compare with ``FileLibrary``.
    func fileBytes(_ path: String) async -> [UInt8]? {
        try? await engine.changeStorage { storage throws(ShelfError) in try storage.read(path) }
    }

    /// Every file and its bytes, for tests that compare whole libraries.
    func allFiles() async -> [String: [UInt8]] {
        await engine.changeStorage { storage in storage.files }
    }

    /// Whether a file or folder exists, for tests.
    func exists(_ path: String) async -> Bool {
        await engine.changeStorage { storage in storage.kind(of: path) != nil }
    }

    /// Moves a file behind the library's back, as `git mv` or a file manager would.
    func moveBehindTheLibrary(_ source: String, to destination: String) async throws(ShelfError) {
        try await engine.changeStorage { storage throws(ShelfError) in try storage.move(source, to: destination) }
    }

    /// Removes a file behind the library's back.
    func removeBehindTheLibrary(_ path: String) async throws(ShelfError) {
        try await engine.changeStorage { storage throws(ShelfError) in try storage.removeFile(path) }
    }

    /// Writes a file behind the library's back, as another program would, with its folders.
    func writeBehindTheLibrary(_ text: String, to path: String) async throws(ShelfError) {
        try await engine.changeStorage { storage throws(ShelfError) in
            var folder = ""
            for component in path.split(separator: "/").dropLast() {
                folder += folder.isEmpty ? String(component) : "/" + component
                if storage.kind(of: folder) == nil { try storage.makeDirectory(folder) }
            }
            try storage.write(Array(text.utf8), to: path)
        }
    }
}
