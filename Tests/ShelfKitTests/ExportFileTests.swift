import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
@testable import ShelfKit
import ShelfTestSupport
import Testing

/// An export goes where the path leads, the way a shell's `>` would send it: a file is replaced
/// atomically, a link is followed, a device or a pipe is written into.
struct ExportFileTests {
    private func inode(_ path: String) throws -> Int {
        try (FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as? Int) ?? -1
    }

    private func type(_ path: String) throws -> FileAttributeType? {
        try FileManager.default.attributesOfItem(atPath: path)[.type] as? FileAttributeType
    }

    @Test func aFileIsReplacedAtomicallyKeepingItsPermissions() throws {
        let folder = try TemporaryFolder.makeFolder(with: ["out.csv": "old\n"])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: folder + "/out.csv")
        let before = try inode(folder + "/out.csv")
        try ExportFile.write("new\n", to: folder + "/out.csv")
        #expect(try String(contentsOfFile: folder + "/out.csv", encoding: .utf8) == "new\n")
        #expect(try inode(folder + "/out.csv") != before)
        #expect(try FileManager.default.attributesOfItem(atPath: folder + "/out.csv")[.posixPermissions] as? Int == 0o640)
        try ExportFile.write("created\n", to: folder + "/new.csv")
        #expect(try String(contentsOfFile: folder + "/new.csv", encoding: .utf8) == "created\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == ["new.csv", "out.csv"])
    }

    @Test func aLinkIsFollowedAndStaysALink() throws {
        let folder = try TemporaryFolder.makeFolder(with: ["data/real.json": "old\n"])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let manager = FileManager.default
        try manager.createSymbolicLink(atPath: folder + "/data/middle.json", withDestinationPath: "real.json")
        try manager.createSymbolicLink(atPath: folder + "/link.json", withDestinationPath: "data/middle.json")
        try manager.createSymbolicLink(atPath: folder + "/absolute.json", withDestinationPath: folder + "/data/real.json")
        try ExportFile.write("new\n", to: folder + "/link.json")
        #expect(try manager.destinationOfSymbolicLink(atPath: folder + "/link.json") == "data/middle.json")
        #expect(try manager.destinationOfSymbolicLink(atPath: folder + "/data/middle.json") == "real.json")
        #expect(try String(contentsOfFile: folder + "/data/real.json", encoding: .utf8) == "new\n")
        try ExportFile.write("newer\n", to: folder + "/absolute.json")
        #expect(try type(folder + "/absolute.json") == .typeSymbolicLink)
        #expect(try String(contentsOfFile: folder + "/data/real.json", encoding: .utf8) == "newer\n")
        // A link to a file not there yet creates the file.
        try manager.createSymbolicLink(atPath: folder + "/later.json", withDestinationPath: "data/later.json")
        try ExportFile.write("later\n", to: folder + "/later.json")
        #expect(try type(folder + "/later.json") == .typeSymbolicLink)
        #expect(try String(contentsOfFile: folder + "/data/later.json", encoding: .utf8) == "later\n")
    }

    @Test func aPipeIsWrittenInto() throws {
        let folder = try TemporaryFolder.make()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let fifo = folder + "/fifo"
        #expect(mkfifo(fifo, 0o600) == 0)
        let reader = try ChildProcess.start("/bin/sh", ["-c", "cat \"$0\" > \"$1\"", fifo, folder + "/read.txt"])
        try ExportFile.write("through the pipe\n", to: fifo)
        #expect(reader.wait().status == 0)
        #expect(try String(contentsOfFile: folder + "/read.txt", encoding: .utf8) == "through the pipe\n")
        #expect(FileSystem.status(fifo)?.isStream == true)
    }

    @Test func aDeviceIsWrittenIntoNotReplaced() throws {
        try ExportFile.write("nothing\n", to: "/dev/null")
        #expect(try type("/dev/null") == .typeCharacterSpecial)
        #expect(FileSystem.status("/dev/null")?.isStream == true)
    }

    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/dev/full")))
    func aFullDeviceIsAnError() throws {
        #expect(throws: ShelfError.io(path: "/dev/full", operation: "write", message: "No space left on device")) {
            try ExportFile.write("too much\n", to: "/dev/full")
        }
        #expect(try type("/dev/full") == .typeCharacterSpecial)
    }

    @Test func aFolderOrALoopIsRefusedAndNothingWritten() throws {
        let folder = try TemporaryFolder.makeFolder(with: ["books/dune.md": "---\ntitle: Dune\n---\n"])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let manager = FileManager.default
        #expect(throws: ShelfError.io(path: folder + "/books", operation: "write", message: "Is a directory")) {
            try ExportFile.write("x\n", to: folder + "/books")
        }
        try manager.createSymbolicLink(atPath: folder + "/a", withDestinationPath: "b")
        try manager.createSymbolicLink(atPath: folder + "/b", withDestinationPath: "a")
        #expect(throws: ShelfError.io(path: folder + "/a", operation: "open", message: "Too many levels of symbolic links")) {
            try ExportFile.write("x\n", to: folder + "/a")
        }
        #expect(try manager.contentsOfDirectory(atPath: folder).sorted() == ["a", "b", "books"])
        #expect(try manager.contentsOfDirectory(atPath: folder + "/books") == ["dune.md"])
    }
}
