import Foundation
@testable import ShelfKit
import ShelfTestSupport
import Testing

/// The read-ahead of a first build starts only for files the page cache does not hold, and
/// its workers get through any path, a missing one or a folder included.
struct ReadAheadTests {
    @Test
    func filesJustWrittenAreInThePageCacheSoNothingIsReadAhead() throws {
        var files: [String: String] = [:]
        for index in 0..<20 { files["to-read/book-\(index).md"] = "---\ntitle: Book \(index)\n---\n" }
        let root = try TemporaryFolder.make(with: files)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let paths = files.keys.sorted().map { root + "/" + $0 }
        #expect(FileSystem.ReadAhead.start(sample: paths) { paths } == nil)
        #expect(FileSystem.ReadAhead.start(sample: [], evenIfCached: true) { [] } == nil)
    }

    @Test
    func theWorkersReadEveryKindOfPathAndStop() async throws {
        let root = try TemporaryFolder.make(with: ["to-read/dune.md": "---\ntitle: Dune\n---\n"])
        defer { try? FileManager.default.removeItem(atPath: root) }
        let paths = [root + "/to-read/dune.md", root + "/to-read/missing.md", root + "/to-read", root + "/\u{1F}odd.md"]
        let readAhead = FileSystem.ReadAhead.start(sample: paths, evenIfCached: true) { Array(repeating: paths, count: 50).flatMap { $0 } }
        #expect(readAhead != nil)
        readAhead?.stop()
        // The files are as they were: reading ahead changes nothing.
        #expect(try String(contentsOfFile: root + "/to-read/dune.md", encoding: .utf8) == "---\ntitle: Dune\n---\n")
    }
}
