import Foundation
@testable import ShelfKit
import Testing

/// The fixed day the tests run on, so `added` defaults and stats are predictable.
let importToday = Day(year: 2026, month: 11, day: 22) ?? Day.today()

/// Fixture files and the libraries tests import into.
enum ImportFixtures {
    /// The text of `Fixtures/<name>`.
    static func text(_ name: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> String {
        let parts = name.split(separator: ".")
        let url = try #require(
            Bundle.module.url(forResource: String(parts[0]), withExtension: String(parts[1]), subdirectory: "Fixtures"),
            sourceLocation: sourceLocation)
        return try String(contentsOf: url, encoding: .utf8)
    }

    /// A new empty library in memory.
    static func memoryLibrary() -> InMemoryLibrary {
        InMemoryLibrary(today: { importToday })
    }

    /// A new empty library in a temporary folder.
    static func fileLibrary() throws -> FileLibrary {
        try FileLibrary.create(at: temporaryFolder(), today: { importToday })
    }

    /// A new temporary folder's path.
    static func temporaryFolder() throws -> String {
        let path = NSTemporaryDirectory() + "shelf-import-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// A copy of the repository's example library in a temporary folder.
    static func exampleLibraryCopy() throws -> String {
        let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("example-library")
        let destination = try temporaryFolder() + "/example-library"
        try FileManager.default.copyItem(atPath: source.path, toPath: destination)
        return destination
    }

    /// Reads, plans and applies an import of the fixture `name`.
    @discardableResult
    static func importFile(_ name: String, format: ImportFormat, into library: some LibraryBatchWriting,
                           options: ImportOptions = ImportOptions()) async throws -> ImportPlan {
        let importer = LibraryImporter(format: format, options: options)
        let rows = try importer.read(try text(name), path: name, configuration: library.configuration)
        let plan = try await importer.plan(rows, for: library)
        try await library.apply(plan.batch)
        return plan
    }

    /// A file's text in either kind of library.
    static func file(_ path: String, in library: some LibraryReading) async -> String? {
        if let memory = library as? InMemoryLibrary {
            return await memory.fileBytes(path).map { String(decoding: $0, as: UTF8.self) }
        }
        if let disk = library as? FileLibrary {
            return try? String(contentsOfFile: disk.root + "/" + path, encoding: .utf8)
        }
        return nil
    }
}
