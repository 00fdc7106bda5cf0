import Foundation
@testable import ShelfKit
import Testing

/// Libraries built to hurt: huge folders, deep nesting, names that are not UTF-8. Each is
/// read or reported, never a crash or a hang.
struct HostileFileTests {
    /// `SHELF_HOSTILE_FILES=100000` for the full-size run.
    static let filesInOneFolder = ProcessInfo.processInfo.environment["SHELF_HOSTILE_FILES"].flatMap { Int($0) } ?? 20_000

    /// 20,000 files in one folder: 4,000 books and 16,000 other files (covers, notes). Listing
    /// is linear in the entries, so this stands for 100,000, which only takes longer to create:
    /// about 20 seconds of `open` on the CI disk (see CONTRIBUTING.md for the long run).
    @Test(.timeLimit(.minutes(1)))
    func twentyThousandFilesInOneFolder() async throws {
        let scratch = try Scratch()
        let root = try await scratch.library("lib", books: 1, sessions: false)
        let folder = root + "/to-read/big"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for index in 0..<Self.filesInOneFolder {
            let name = index % 5 == 0 ? "b\(index).md" : "cover-\(index).jpg"
            let descriptor = open(folder + "/" + name, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
            try #require(descriptor >= 0)
            if index % 5 == 0 {
                let text = "---\ntitle: B\(index)\n---\n"
                _ = text.withCString { write(descriptor, $0, strlen($0)) }
            }
            close(descriptor)
        }
        let library = try FileLibrary(root: root, index: .disabled)
        let scan = try await library.scan()
        #expect(scan.books.count == Self.filesInOneFolder / 5 + 1)
        #expect(scan.problems.isEmpty)
        #expect(try await library.check().isEmpty)
        try await library.update(Book(id: "b19995", status: .toRead, title: "Changed"))
        #expect(try await library.book("b19995").title == "Changed")
    }

    @Test func twoHundredLevelsOfFolders() async throws {
        let scratch = try Scratch()
        let root = try await scratch.library("lib", books: 1, sessions: false)
        let folder = Array(repeating: "d", count: 200).joined(separator: "/")
        let library = try FileLibrary(root: root, index: .disabled)
        let book = try await library.add(Book(title: "Deep"), to: .toRead, in: folder)
        #expect(book.path == "to-read/" + folder + "/deep.md")
        #expect(try await library.scan().books.count == 2)
        try await library.move("deep", to: .finished, folder: "shallow")
        #expect(!FileManager.default.fileExists(atPath: root + "/to-read/d"))
        #expect(try await library.check().isEmpty)
    }

    /// Folders nested past the system's path limit (4,096 bytes) cannot be opened by path:
    /// the rest of the library still reads, and `check` names the folder it could not read.
    @Test func foldersDeeperThanThePathLimit() async throws {
        let scratch = try Scratch()
        let root = try await scratch.library("lib", books: 1, sessions: false)
        var descriptor = open(root + "/to-read", O_RDONLY | O_DIRECTORY)
        let name = String(repeating: "n", count: 200)
        for _ in 0..<25 {
            try #require(mkdirat(descriptor, name, 0o755) == 0)
            let next = openat(descriptor, name, O_RDONLY | O_DIRECTORY)
            close(descriptor)
            descriptor = next
        }
        close(descriptor)
        let library = try FileLibrary(root: root, index: .disabled)
        #expect(try await library.scan().books.map(\.id) == ["book-1"])
        let problems = try await library.check()
        #expect(problems.count == 1)
        #expect(problems.first?.message == "cannot be read: File name too long")
    }

    @Test func namesThatAreNotUTF8AreSkippedAndReported() async throws {
        let scratch = try Scratch()
        let root = try await scratch.library("lib", books: 1, sessions: false)
        for name in ["bad\u{FF}.md", "folder\u{FE}"] {
            // The bytes 0xFF and 0xFE, which no UTF-8 text contains.
            var bytes = Array((root + "/to-read/").utf8) + Array(name.unicodeScalars.map { UInt8($0.value) })
            bytes.append(0)
            let made = bytes.withUnsafeBufferPointer { buffer in
                buffer.withMemoryRebound(to: CChar.self) { name.hasSuffix(".md") ? creat($0.baseAddress!, 0o644) >= 0 : mkdir($0.baseAddress!, 0o755) == 0 }
            }
            try #require(made)
        }
        let library = try FileLibrary(root: root, index: .disabled)
        #expect(try await library.scan().books.map(\.id) == ["book-1"])
        #expect(try await library.check().map(\.description) == [
            "to-read/bad\u{FFFD}.md: the name is not valid UTF-8, so shelf skips it; rename it",
            "to-read/folder\u{FFFD}: the name is not valid UTF-8, so shelf skips it; rename it",
        ])
    }

    @Test func aLinkLoopIsNotFollowed() async throws {
        let scratch = try Scratch()
        let root = try await scratch.library("lib", books: 1, sessions: false)
        try FileManager.default.createSymbolicLink(atPath: root + "/to-read/loop", withDestinationPath: ".")
        let library = try FileLibrary(root: root, index: .disabled)
        #expect(try await library.scan().books.count == 1)
        #expect(try await library.check().isEmpty)
    }
}
