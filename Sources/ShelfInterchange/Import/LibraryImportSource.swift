public import ShelfKit

/// Something an import brings into a library: read, planned against the library's books, then
/// written as one batch (all or nothing, undoable as one write). Goodreads and StoryGraph
/// exports (``ExportFile``) and KOReader's statistics (``KOReaderImporter``) conform.
///
/// ```swift
/// let source = KOReaderImporter(path: "/mnt/onboard/.adds/koreader")
/// let plan = try await source.plan(for: library) { progress in print(progress.completed, "of", progress.total) }
/// try await library.apply(plan.batch)
/// ```
///
/// Planning reads and never writes; cancelling the task that plans or applies stops it, and
/// nothing is written (a batch stops between files and takes back the ones it made).
public protocol LibraryImportSource: Sendable {
    /// What the import would do.
    associatedtype Plan: LibraryImportPlan
    /// Reads the source and works out what importing it into `library` would do.
    /// - Parameter progress: Called as the plan advances, from the planning task.
    func plan(for library: some LibraryBatchWriting,
              progress: @escaping @Sendable (ImportProgress) -> Void) async throws -> Plan
}

/// What an import would do, ready to be written.
public protocol LibraryImportPlan: Sendable {
    /// The writes, as one batch for ``LibraryBatchWriting/apply(_:)``.
    var batch: LibraryBatch { get }
}

/// How far an import's planning has got: `completed` of `total` items (rows or books).
public struct ImportProgress: Sendable, Hashable {
    /// Items done.
    public var completed: Int
    /// Items in all.
    public var total: Int
}

extension ImportPlan: LibraryImportPlan {}

/// A Goodreads or StoryGraph export's text, as an import source.
public struct ExportFile: LibraryImportSource {
    /// The importer, with its service and options.
    public var importer: LibraryImporter
    /// The whole CSV text.
    public var text: String
    /// The file's name, for messages.
    public var path: String

    /// An export of `importer`'s service.
    public init(importer: LibraryImporter, text: String, path: String) {
        self.importer = importer
        self.text = text
        self.path = path
    }

    public func plan(for library: some LibraryBatchWriting,
                     progress: @escaping @Sendable (ImportProgress) -> Void) async throws -> ImportPlan {
        let rows = try importer.read(text, path: path, configuration: library.configuration)
        progress(ImportProgress(completed: 0, total: rows.books.count))
        let plan = try await importer.plan(rows, for: library)
        progress(ImportProgress(completed: rows.books.count, total: rows.books.count))
        return plan
    }
}
