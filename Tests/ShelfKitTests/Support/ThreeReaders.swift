import Foundation
@testable import ShelfKit
import ShelfTestSupport

/// One set of files read three ways, for the differential tests: from the files, through the
/// index, and in memory. Remove ``root`` when done.
struct ThreeReaders {
    var root: String
    var direct: FileLibrary
    var indexed: FileLibrary
    var memory: InMemoryLibrary

    /// `files` written to a new temporary folder and into a library in memory, all three
    /// libraries dated ``testToday``.
    init(_ files: [String: String]) async throws {
        root = try TemporaryFolder.make(with: files)
        direct = try FileLibrary(root: root, index: .disabled, today: { testToday })
        indexed = try FileLibrary(root: root, today: { testToday })
        memory = InMemoryLibrary(today: { testToday })
        for (path, text) in files where !path.hasPrefix(".shelf/") { try await memory.writeBehindTheLibrary(text, to: path) }
    }
}
