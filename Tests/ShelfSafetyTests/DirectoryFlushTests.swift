import Foundation
@testable import ShelfKit
import ShelfTestSupport
import Testing

/// A journaled operation flushes each file it writes before the file takes its name, and each
/// folder it changed once, before the journal is removed: an import of 60 books, 20 of them to
/// read, flushes `to-read/` a few times, not once a book (measured by `strace`, which sees
/// the `fsync` calls and, with `-y`, what each descriptor is).
@Suite struct DirectoryFlushTests {
    /// `strace`'s path, when this machine has it.
    static let strace = ["/usr/bin/strace", "/bin/strace"].first { FileManager.default.isExecutableFile(atPath: $0) }

    @Test(.enabled(if: strace != nil, "strace is not installed"))
    func anImportFlushesEachFileAndEachFolderOnce() async throws {
        let scratch = try Scratch()
        let root = try await scratch.library("library", books: 3, sessions: false)
        let export = scratch.path + "/export.csv"
        try GoodreadsExport.csv(existing: 1, new: 60).write(toFile: export, atomically: true, encoding: .utf8)
        let trace = scratch.path + "/trace"
        let outcome = try ChildProcess.run(try #require(Self.strace),
                                           ["-f", "-y", "-e", "trace=fsync,fdatasync", "-o", trace,
                                            BuiltExecutable.shelf, "--no-index", "import", "goodreads", export],
                                           environment: ["SHELF_LIBRARY": root])
        try #require(outcome.status == 0, "\(outcome)")
        let calls = try String(contentsOfFile: trace, encoding: .utf8).split(separator: "\n").filter { $0.contains("fsync") }
        // `fsync(5</…/to-read>) = 0`: the descriptor's path, between `<` and `>`.
        let flushed = calls.compactMap { call -> String? in
            guard let open = call.firstIndex(of: "<"), let close = call[open...].firstIndex(of: ">") else { return nil }
            return String(call[call.index(after: open)..<close])
        }
        let toRead = flushed.filter { $0.hasSuffix("/to-read") }.count
        let books = flushed.filter { $0.hasSuffix(".tmp") }.count
        #expect(books >= 60, "every new book's bytes are flushed before it takes its name:\n\(flushed.joined(separator: "\n"))")
        #expect((1...3).contains(toRead), "to-read/ flushed \(toRead) times for its 20 new books")
        let added = try FileManager.default.contentsOfDirectory(atPath: root + "/to-read").filter { $0.hasSuffix(".md") }
        #expect(added.count >= 20)
        #expect(!FileManager.default.fileExists(atPath: root + "/" + Journal.path))
    }
}
