import Foundation
@testable import ShelfKit
import ShelfTestSupport
import Testing

/// The two implementations every API test runs against.
enum LibraryKind: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case inMemory
    case file

    var testDescription: String { rawValue }
}

/// A library under test plus ways to look at and change its files from outside.
struct TestLibrary: Sendable {
    let kind: LibraryKind
    let library: any LibraryCommands
    private let memory: InMemoryLibrary?
    let root: String?

    /// A new empty library with the default statuses.
    static func make(_ kind: LibraryKind) throws -> TestLibrary {
        switch kind {
        case .inMemory:
            let memory = InMemoryLibrary(today: { testToday })
            return TestLibrary(kind: kind, library: memory, memory: memory, root: nil)
        case .file:
            let root = try TemporaryFolder.make()
            let library = try FileLibrary.create(at: root, today: { testToday })
            return TestLibrary(kind: kind, library: library, memory: nil, root: root)
        }
    }

    /// A file's text, or nil when it does not exist.
    func text(_ path: String) async -> String? {
        if let memory { return await memory.fileBytes(path).map { String(decoding: $0, as: UTF8.self) } }
        guard let root else { return nil }
        return try? String(contentsOfFile: root + "/" + path, encoding: .utf8)
    }

    /// A file's bytes, or nil when it does not exist: compare these, not text, for byte-exactness
    /// (`String` equality holds for text that differs in bytes, such as NFC and NFD).
    func bytes(_ path: String) async -> [UInt8]? {
        if let memory { return await memory.fileBytes(path) }
        guard let root else { return nil }
        return FileManager.default.contents(atPath: root + "/" + path).map { Array($0) }
    }

    /// Every file of the library outside `.shelf/`, by path, and its bytes: the person's files.
    func snapshot() async -> [String: [UInt8]] {
        if let memory { return await memory.allFiles().filter { !$0.key.hasPrefix(".shelf/") } }
        guard let root, let walk = FileManager.default.enumerator(atPath: root) else { return [:] }
        var files: [String: [UInt8]] = [:]
        while let path = walk.nextObject() as? String {
            guard !path.hasPrefix(".shelf"), let data = FileManager.default.contents(atPath: root + "/" + path),
                  (try? FileManager.default.attributesOfItem(atPath: root + "/" + path)[.type] as? FileAttributeType) == .typeRegular
            else { continue }
            files[path] = Array(data)
        }
        return files
    }

    /// Whether a file or folder exists.
    func exists(_ path: String) async -> Bool {
        if let memory { return await memory.exists(path) }
        guard let root else { return false }
        return FileManager.default.fileExists(atPath: root + "/" + path)
    }

    /// Writes a file as an editor would, without the library knowing.
    func write(_ text: String, to path: String) async throws {
        if let memory {
            try await memory.writeBehindTheLibrary(text, to: path)
            return
        }
        guard let root else { return }
        try TemporaryFolder.write(text, to: root + "/" + path)
    }

    /// Moves a file as another program would, into an existing folder.
    func move(_ source: String, to destination: String) async throws {
        if let memory { return try await memory.moveBehindTheLibrary(source, to: destination) }
        guard let root else { return }
        try FileManager.default.moveItem(atPath: root + "/" + source, toPath: root + "/" + destination)
    }

    /// Removes a file as another program would.
    func delete(_ path: String) async throws {
        if let memory { return try await memory.removeBehindTheLibrary(path) }
        guard let root else { return }
        try FileManager.default.removeItem(atPath: root + "/" + path)
    }

    /// Removes the temporary folder of a file library.
    func remove() {
        if let root { try? FileManager.default.removeItem(atPath: root) }
    }
}

/// Runs `body` and expects it to throw exactly `expected`.
func expectError<T>(_ expected: ShelfError, sourceLocation: Testing.SourceLocation = #_sourceLocation,
                    _ body: () async throws -> T) async {
    do {
        _ = try await body()
        Issue.record("expected \(expected), nothing was thrown", sourceLocation: sourceLocation)
    } catch let error as ShelfError {
        #expect(error == expected, sourceLocation: sourceLocation)
        #expect(error.description == expected.description, sourceLocation: sourceLocation)
    } catch {
        Issue.record("expected \(expected), got \(error)", sourceLocation: sourceLocation)
    }
}

/// A day from `YYYY-MM-DD`, for test tables.
func day(_ text: String) -> Day {
    Day(text) ?? testToday
}

extension Book {
    /// Dune as the example library has it.
    static var dune: Book {
        Book(id: "dune", title: "Dune", authors: ["Frank Herbert"], isbn: "9780441172719", published: .year(1965),
             pages: 412, publisher: "Ace", series: "Dune", seriesIndex: 1, tags: ["sci-fi", "classic"], rating: 5,
             added: day("2023-12-26"), started: day("2024-01-02"), finished: day("2024-02-11"),
             extra: [.init("format", .string("paperback"))], body: "Slow first hundred pages.\n")
    }
}
