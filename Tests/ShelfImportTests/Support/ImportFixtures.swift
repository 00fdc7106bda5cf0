import Foundation
@testable import ShelfKit
@testable import ShelfInterchange
import ShelfTestSupport
import Testing

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
        InMemoryLibrary(today: { testToday })
    }

    /// A new empty library in a temporary folder.
    static func fileLibrary() throws -> FileLibrary {
        try FileLibrary.create(at: TemporaryFolder.make(), today: { testToday })
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
