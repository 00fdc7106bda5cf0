import Foundation
@testable import ShelfKit
import Testing

/// Names that could leave the library or cannot be files everywhere are refused with a message
/// that says why; links are never written through.
struct PathSafetyTests {
    static let long = String(repeating: "a", count: 256)

    static let folders: [(String, String)] = [
        ("../x", "\"../x\" cannot be used as a name in the library: \".\" and \"..\" would leave the folder"),
        ("a/../../x", "\"a/../../x\" cannot be used as a name in the library: \".\" and \"..\" would leave the folder"),
        ("/etc", "\"/etc\" cannot be used as a name in the library: a folder must be relative to its status"),
        ("a\u{0}b", "\"a\u{0}b\" cannot be used as a name in the library: a name cannot contain a NUL character"),
        (".git", "\".git\" cannot be used as a name in the library: names starting with \".\" are hidden"),
        ("a//b", "\"a//b\" cannot be used as a name in the library: a name cannot be empty"),
        ("con", "\"con\" cannot be used as a name in the library: \"con\" is a device name on Windows"),
        ("sci-fi/LPT1.txt", "\"sci-fi/LPT1.txt\" cannot be used as a name in the library: \"lpt1\" is a device name on Windows"),
        ("a:b", "\"a:b\" cannot be used as a name in the library: \":\" is not allowed in file names on Windows or macOS"),
        ("a\\..\\b", "\"a\\..\\b\" cannot be used as a name in the library: \"\\\" is not allowed in file names on Windows or macOS"),
        ("tab\there", "\"tab\there\" cannot be used as a name in the library: a name cannot contain control characters (tabs, line breaks)"),
        ("ends.", "\"ends.\" cannot be used as a name in the library: Windows drops a space or \".\" at the end of a name"),
        (long, "\"\(long)\" cannot be used as a name in the library: longer than 255 bytes"),
    ]

    @Test(arguments: folders)
    func unsafeFoldersAreRefused(_ folder: String, _ message: String) async throws {
        let scratch = try Scratch()
        let root = try await scratch.library("lib", books: 1, sessions: false)
        let before = Snapshot(root)
        let library = try FileLibrary(root: root, index: .disabled)
        await #expect { try await library.add(Book(title: "Escape"), to: .toRead, in: folder) } throws: { error in
            (error as? ShelfError)?.description == message
        }
        await #expect { try await library.move("book-1", to: .finished, folder: folder) } throws: { error in
            (error as? ShelfError)?.description == message
        }
        #expect(Snapshot(root) == before)
    }

    static let slugs: [(String, String)] = [
        ("..", "\"..\" cannot be used as a name in the library: \".\" and \"..\" would leave the folder"),
        ("a/b", "\"a/b\" cannot be used as a name in the library: a name cannot contain \"/\""),
        (String(repeating: "é", count: 127), "\"\(String(repeating: "é", count: 127))\" cannot be used as a name in the library: longer than 252 bytes"),
        ("nul", "\"nul\" cannot be used as a name in the library: \"nul\" is a device name on Windows"),
    ]

    @Test(arguments: slugs)
    func unsafeSlugsAreRefused(_ slug: String, _ message: String) async throws {
        let scratch = try Scratch()
        let root = try await scratch.library("lib", books: 1, sessions: false)
        let library = try FileLibrary(root: root, index: .disabled)
        await #expect { try await library.add(Book(id: BookID(slug), title: "Escape"), to: .toRead, in: "") } throws: { error in
            (error as? ShelfError)?.description == message
        }
    }

    @Test func namesAreWrittenInNFC() async throws {
        let scratch = try Scratch()
        let root = try await scratch.library("lib", books: 1, sessions: false)
        let library = try FileLibrary(root: root, index: .disabled)
        let decomposed = "cafe\u{301}"
        let book = try await library.add(Book(id: BookID(decomposed), title: "Café"), to: .toRead, in: "re\u{301}sume\u{301}")
        let names = try FileManager.default.contentsOfDirectory(atPath: root + "/to-read")
        let folder = try #require(names.first { $0.hasPrefix("r") })
        #expect(Array(folder.utf8) == Array("r\u{e9}sum\u{e9}".utf8))
        let files = try FileManager.default.contentsOfDirectory(atPath: root + "/to-read/" + folder)
        #expect(files.map { Array($0.utf8) } == [Array("caf\u{e9}.md".utf8)])
        #expect(Array(book.id.rawValue.utf8) == Array("caf\u{e9}".utf8))
    }

    @Test func linksAreNeverWrittenThroughAndCheckReportsThoseLeavingTheLibrary() async throws {
        let scratch = try Scratch()
        let root = try await scratch.library("lib", books: 2, sessions: false)
        let outside = scratch.path + "/outside"
        try FileManager.default.createDirectory(atPath: outside, withIntermediateDirectories: true)
        try Data("---\ntitle: Outside\n---\n".utf8).write(to: URL(fileURLWithPath: outside + "/linked.md"))
        try FileManager.default.createSymbolicLink(atPath: root + "/to-read/escape", withDestinationPath: outside)
        try FileManager.default.createSymbolicLink(atPath: root + "/finished/linked.md", withDestinationPath: outside + "/linked.md")
        try FileManager.default.createSymbolicLink(atPath: root + "/finished/inside.md", withDestinationPath: "../to-read/book-1.md")
        let library = try FileLibrary(root: root, index: .disabled)

        await #expect(throws: ShelfError.symbolicLink(path: "to-read/escape")) {
            try await library.add(Book(title: "Through"), to: .toRead, in: "escape")
        }
        var linked = try await library.book("linked")
        linked.pages = 10
        await #expect(throws: ShelfError.symbolicLink(path: "finished/linked.md")) { try await library.update(linked) }
        await #expect(throws: ShelfError.symbolicLink(path: "finished/linked.md")) {
            try await library.move("linked", to: .reading, folder: nil)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: outside) == ["linked.md"])
        #expect(try String(contentsOfFile: outside + "/linked.md", encoding: .utf8) == "---\ntitle: Outside\n---\n")
        #expect(ShelfError.symbolicLink(path: "finished/linked.md").description
            == "finished/linked.md is a symbolic link; shelf never writes through links — replace it with the file or folder itself")

        let problems = try await library.check().filter { $0.message.contains("symbolic link") }
        #expect(problems.map(\.description) == [
            "finished/linked.md: symbolic link to \(outside)/linked.md, outside the library; shelf never writes through links — put the file itself here",
            "to-read/escape: symbolic link to \(outside), outside the library; shelf never writes through links — put the file itself here",
        ])
    }
}
