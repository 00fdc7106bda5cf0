import Foundation
@testable import ShelfKit
import Testing

/// The last step of every replacement: the new file is swapped in, and the file it replaced is
/// put back when it is not the one that was checked (an editor saved in between).
struct SwapCommitTests {
    private func folder() throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("shelf-swap-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url.path
    }

    private func text(_ path: String) throws -> String {
        try String(contentsOfFile: path, encoding: .utf8)
    }

    @Test func theNewFileTakesThePlaceOfTheCheckedOne() throws {
        let root = try folder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let target = root + "/dune.md"
        try FileSystem.writeAtomically(Array("title: Dune\n".utf8), to: target)
        let staged = try FileSystem.stage(Array("title: Dune\npages: 412\n".utf8), for: target)
        var seen: [String] = []
        let replaced = try FileSystem.commit(staged) { bytes in
            seen.append(String(decoding: bytes, as: UTF8.self))
            return true
        }
        #expect(replaced)
        #expect(seen == ["title: Dune\n"])
        #expect(try text(target) == "title: Dune\npages: 412\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: root) == ["dune.md"])
    }

    @Test func aFileSavedAfterTheCheckIsPutBack() throws {
        let root = try folder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let target = root + "/dune.md"
        try FileSystem.writeAtomically(Array("title: Dune\n".utf8), to: target)
        let staged = try FileSystem.stage(Array("title: Dune\npages: 412\n".utf8), for: target)
        // The editor's save lands after the caller compared the file and before the swap.
        try FileSystem.writeAtomically(Array("title: Dune\nrating: 5\n".utf8), to: target)
        let replaced = try FileSystem.commit(staged) { bytes in FileStamp(bytes) == FileStamp(Array("title: Dune\n".utf8)) }
        #expect(!replaced)
        #expect(try text(target) == "title: Dune\nrating: 5\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: root) == ["dune.md"])
    }

    @Test func aFileDeletedAfterTheCheckStaysDeleted() throws {
        let root = try folder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let target = root + "/dune.md"
        try FileSystem.writeAtomically(Array("title: Dune\n".utf8), to: target)
        let staged = try FileSystem.stage(Array("title: Dune\npages: 412\n".utf8), for: target)
        try FileSystem.removeFile(target)
        #expect(try !FileSystem.commit(staged) { _ in true })
        #expect(try FileManager.default.contentsOfDirectory(atPath: root).isEmpty)
    }
}
