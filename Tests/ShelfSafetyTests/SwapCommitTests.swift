import Foundation
@testable import ShelfKit
import ShelfTestSupport
import Testing

/// The last step of every replacement: the new file is swapped in, and the file it replaced is
/// put back when it is not the one that was checked (an editor saved in between).
struct SwapCommitTests {
    private func text(_ path: String) throws -> String {
        try String(contentsOfFile: path, encoding: .utf8)
    }

    @Test func theNewFileTakesThePlaceOfTheCheckedOne() throws {
        let root = try TemporaryFolder.make()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let target = root + "/dune.md"
        try FileSystem.writeAtomically(Array("title: Dune\n".utf8), to: target)
        let staged = try FileSystem.stage(Array("title: Dune\npages: 412\n".utf8), for: target)
        var seen: [String] = []
        let replaced = try FileSystem.commit(staged) { bytes in
            seen.append(String(decoding: bytes, as: UTF8.self))
            return true
        }
        #expect(replaced == .replaced)
        #expect(seen == ["title: Dune\n"])
        #expect(try text(target) == "title: Dune\npages: 412\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: root) == ["dune.md"])
    }

    @Test func aFileSavedAfterTheCheckIsPutBack() throws {
        let root = try TemporaryFolder.make()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let target = root + "/dune.md"
        try FileSystem.writeAtomically(Array("title: Dune\n".utf8), to: target)
        let staged = try FileSystem.stage(Array("title: Dune\npages: 412\n".utf8), for: target)
        // The editor's save lands after the caller compared the file and before the swap.
        try FileSystem.writeAtomically(Array("title: Dune\nrating: 5\n".utf8), to: target)
        let replaced = try FileSystem.commit(staged) { bytes in FileStamp(bytes) == FileStamp(Array("title: Dune\n".utf8)) }
        #expect(replaced == .refused)
        #expect(try text(target) == "title: Dune\nrating: 5\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: root) == ["dune.md"])
    }

    /// Two saves: the first lands before the swap and is put back; the second lands between
    /// the swap and its undoing, at the temporary name, and is kept aside rather than removed.
    @Test func aSecondSaveWhileTheSwapIsUndoneIsKeptAside() throws {
        let root = try TemporaryFolder.make()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let target = root + "/dune.md"
        try FileSystem.writeAtomically(Array("title: Dune\n".utf8), to: target)
        let staged = try FileSystem.stage(Array("title: Dune\npages: 412\n".utf8), for: target)
        try FileSystem.writeAtomically(Array("title: Dune\nrating: 4\n".utf8), to: target)
        let outcome = try FileSystem.commit(staged) { _ in
            // Called between the two swaps: the target holds shelf's file; the editor saves again.
            try? FileSystem.writeAtomically(Array("title: Dune\nrating: 5\n".utf8), to: target)
            return false
        }
        #expect(outcome == .refusedKeepingCopy(target + ".conflict"))
        #expect(try text(target) == "title: Dune\nrating: 4\n")
        #expect(try text(target + ".conflict") == "title: Dune\nrating: 5\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: root).sorted() == ["dune.md", "dune.md.conflict"])
    }

    @Test func aFileDeletedAfterTheCheckStaysDeleted() throws {
        let root = try TemporaryFolder.make()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let target = root + "/dune.md"
        try FileSystem.writeAtomically(Array("title: Dune\n".utf8), to: target)
        let staged = try FileSystem.stage(Array("title: Dune\npages: 412\n".utf8), for: target)
        try FileSystem.removeFile(target)
        #expect(try FileSystem.commit(staged) { _ in true } == .refused)
        #expect(try FileManager.default.contentsOfDirectory(atPath: root).isEmpty)
    }
}
