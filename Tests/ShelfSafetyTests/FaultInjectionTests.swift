import Foundation
@testable import ShelfKit
import ShelfTestSupport
import Testing

/// Writes made to fail in the process (the nth write, the nth rename): a batch that fails
/// midway leaves every file as it was.
struct FaultInjectionTests {
    @Test(arguments: [1, 2, 3, 100, 200, 201])
    func batchUpdateOf200FailingAtWriteKChangesNothing(_ k: Int) async throws {
        try await expectBatchUpdateChangesNothing(FaultInjection(failingWrite: k))
    }

    @Test(arguments: [1, 2, 57, 201])
    func batchUpdateOf200FailingAtRenameKChangesNothing(_ k: Int) async throws {
        try await expectBatchUpdateChangesNothing(FaultInjection(failingRename: k))
    }

    private func expectBatchUpdateChangesNothing(_ faults: FaultInjection,
                                                 sourceLocation: Testing.SourceLocation = #_sourceLocation) async throws {
        let scratch = try Scratch()
        let root = try await scratch.library("lib", books: 200)
        let before = Snapshot(root)
        let library = try FileLibrary(root: root, index: .disabled)
        let books = try await library.scan().books.map { book in
            var book = book
            book.tags = ["changed"]
            return book
        }
        await library.injectFaults(faults)
        do {
            try await library.update(books)
            Issue.record("the update should have failed", sourceLocation: sourceLocation)
        } catch {
            #expect(error.description.hasSuffix("failed: injected fault"), sourceLocation: sourceLocation)
        }
        let after = Snapshot(root)
        #expect(after == before, "\(after.difference(from: before))", sourceLocation: sourceLocation)
    }

    @Test(arguments: [1, 2, 3, 4])
    func moveWithSessionsFailingAtRenameKChangesNothing(_ k: Int) async throws {
        let scratch = try Scratch()
        let root = try await scratch.library("lib", books: 6)
        let before = Snapshot(root)
        let library = try FileLibrary(root: root, index: .disabled)
        await library.injectFaults(FaultInjection(failingRename: k))
        await #expect(throws: ShelfError.self) { try await library.move("book-6", to: .finished, folder: "done") }
        #expect(Snapshot(root) == before, "\(Snapshot(root).difference(from: before))")
    }

    @Test(arguments: [1, 2, 3])
    func logThatMovesTheBookFailingAtWriteKChangesNothing(_ k: Int) async throws {
        let scratch = try Scratch()
        let root = try await scratch.library("lib", books: 4)
        let before = Snapshot(root)
        let library = try FileLibrary(root: root, index: .disabled)
        await library.injectFaults(FaultInjection(failingWrite: k))
        await #expect(throws: ShelfError.self) {
            try await library.log(ReadingSession(day: testToday, to: 30), for: "book-1")
        }
        #expect(Snapshot(root) == before, "\(Snapshot(root).difference(from: before))")
    }
}

/// A journal left by a process that died midway is finished by the next open, which says so.
struct RecoveryTests {
    /// The journal a move of `book-3` (which has sessions) to `finished/` writes, and the
    /// library after its first step, as a crash there would leave it.
    private func halfDoneMove(_ scratch: borrowing Scratch) async throws -> (root: String, expected: Snapshot) {
        let done = try await scratch.library("done", books: 3)
        let root = try scratch.copy(done, to: "crashed")
        let library = try FileLibrary(root: done, index: .disabled, today: { testToday })
        try await library.move("book-3", to: .finished, folder: nil)

        let book = try Data(contentsOf: URL(fileURLWithPath: root + "/reading/book-3.md"))
        let moved = try Data(contentsOf: URL(fileURLWithPath: done + "/finished/book-3.md"))
        let journal = Journal(operation: "move of book-3", detail: "reading/book-3.md → finished/book-3.md", steps: [
            .move(from: "reading/book-3.md", to: "finished/book-3.md"),
            .move(from: "reading/book-3", to: "finished/book-3"),
            .removeEmptyFolders(from: "reading", stoppingAt: "reading"),
            .replace("finished/book-3.md", expecting: FileStamp(Array(book)), with: Array(moved)),
        ])
        try Data(try journal.encoded()).write(to: URL(fileURLWithPath: root + "/" + Journal.path))
        try FileManager.default.moveItem(atPath: root + "/reading/book-3.md", toPath: root + "/finished/book-3.md")
        try Data().write(to: URL(fileURLWithPath: root + "/finished/.book-3.md.99999.0.tmp"))
        return (root, Snapshot(done))
    }

    /// A crash between removing two levels of empty folders: the replay passes over the level
    /// already gone and removes the rest.
    @Test func aRemovalOfEmptyFoldersCutShortIsFinished() async throws {
        let scratch = try Scratch()
        let root = try await scratch.library("lib", books: 3)
        try FileManager.default.createDirectory(atPath: root + "/finished/done", withIntermediateDirectories: true)
        let journal = Journal(operation: "undo of the move of book-6", detail: "finished/done/2024/book-6.md", steps: [
            .removeEmptyFolders(from: "finished/done/2024", stoppingAt: "finished"),
        ])
        try Data(try journal.encoded()).write(to: URL(fileURLWithPath: root + "/" + Journal.path))
        _ = try FileLibrary(root: root, index: .disabled)
        #expect(!FileManager.default.fileExists(atPath: root + "/finished/done"))
        #expect(FileManager.default.fileExists(atPath: root + "/finished"))
    }

    /// An undo's removal killed after it moved the file aside: the file it meant to remove goes,
    /// a file that is not it comes back to its place.
    @Test(arguments: [true, false])
    func aRemovalCutShortKeepsWhatItDidNotWrite(_ holdsWhatWasWritten: Bool) async throws {
        let scratch = try Scratch()
        let root = try await scratch.library("lib", books: 3)
        let path = "to-read/book-1.md"
        let written = try Array(Data(contentsOf: URL(fileURLWithPath: root + "/" + path)))
        let edited = written + Array("Saved by hand.\n".utf8)
        try FileManager.default.removeItem(atPath: root + "/" + path)
        try Data(holdsWhatWasWritten ? written : edited).write(to: URL(fileURLWithPath: root + "/to-read/.book-1.md.99999.0.tmp"))
        let journal = Journal(operation: "undo of the add of book-1", detail: path,
                              steps: [.remove(path: path, expected: JournalStep.Stamp(FileStamp(written)))])
        try Data(try journal.encoded()).write(to: URL(fileURLWithPath: root + "/" + Journal.path))
        _ = try FileLibrary(root: root, index: .disabled)
        #expect(!FileManager.default.fileExists(atPath: root + "/to-read/.book-1.md.99999.0.tmp"))
        let now = FileManager.default.contents(atPath: root + "/" + path).map { Array($0) }
        #expect(now == (holdsWhatWasWritten ? nil : edited))
    }

    @Test func openingFinishesAnInterruptedMove() async throws {
        let scratch = try Scratch()
        let (root, expected) = try await halfDoneMove(scratch)
        let library = try FileLibrary(root: root, index: .disabled)
        #expect(library.recoveredJournal == "finished an interrupted move of book-3 (reading/book-3.md → finished/book-3.md)")
        #expect(Snapshot(root) == expected, "\(Snapshot(root).difference(from: expected))")
        #expect(try await library.check().isEmpty)
        #expect(try FileLibrary(root: root, index: .disabled).recoveredJournal == nil)
    }

    /// A replace killed between swapping its file in and undoing the swap leaves the person's
    /// save at the temporary name: recovery keeps it as `<path>.conflict` and says so.
    @Test func aSaveLeftByAnInterruptedSwapIsKeptAside() async throws {
        let scratch = try Scratch()
        let root = try await scratch.library("lib", books: 3)
        let path = "to-read/book-1.md"
        let before = try Array(Data(contentsOf: URL(fileURLWithPath: root + "/" + path)))
        let ours = before + Array("Added by shelf.\n".utf8)
        let theirs = before + Array("Saved by hand.\n".utf8)
        let journal = Journal(operation: "update of book-1", detail: path, steps: [
            .replace(path, expecting: FileStamp(before), with: ours),
        ])
        try Data(try journal.encoded()).write(to: URL(fileURLWithPath: root + "/" + Journal.path))
        try Data(ours).write(to: URL(fileURLWithPath: root + "/" + path))
        try Data(theirs).write(to: URL(fileURLWithPath: root + "/to-read/.book-1.md.99999.0.tmp"))

        let library = try FileLibrary(root: root, index: .disabled)
        #expect(library.recoveredJournal == "an interrupted update of book-1 (to-read/book-1.md) was already done; "
            + "a version of to-read/book-1.md saved during the interrupted write is kept as to-read/book-1.md.conflict")
        #expect(try Array(Data(contentsOf: URL(fileURLWithPath: root + "/" + path))) == ours)
        #expect(try Array(Data(contentsOf: URL(fileURLWithPath: root + "/" + path + ".conflict"))) == theirs)
        #expect(!FileManager.default.fileExists(atPath: root + "/to-read/.book-1.md.99999.0.tmp"))
        #expect(try await library.check().map(\.description) == [
            "to-read/book-1.md.conflict: a save of book-1.md that shelf kept aside when it landed during a write; "
                + "compare it with book-1.md, keep what you want, then delete it",
        ])
    }

    @Test func anyShelfCommandSaysItFinishedTheMove() async throws {
        let scratch = try Scratch()
        let (root, expected) = try await halfDoneMove(scratch)
        let outcome = try ChildProcess.run(BuiltExecutable.shelf, ["list"], environment: ["SHELF_LIBRARY": root])
        #expect(outcome.status == 0, "\(outcome)")
        #expect(outcome.stderr.hasPrefix(
            "shelf: finished an interrupted move of book-3 (reading/book-3.md → finished/book-3.md)\n"), "\(outcome)")
        #expect(Snapshot(root) == expected, "\(Snapshot(root).difference(from: expected))")
    }

    @Test func recoveryNeverOverwritesAnEditMadeAfterTheCrash() async throws {
        let scratch = try Scratch()
        let (root, _) = try await halfDoneMove(scratch)
        let edited = "---\ntitle: Edited after the crash\n---\n"
        try Data(edited.utf8).write(to: URL(fileURLWithPath: root + "/finished/book-3.md"))
        let library = try FileLibrary(root: root, index: .disabled)
        #expect(library.recoveredJournal == "could not finish an interrupted move of book-3 "
            + "(reading/book-3.md → finished/book-3.md): finished/book-3.md changed on disk; "
            + "those files were left as they are")
        #expect(try String(contentsOfFile: root + "/finished/book-3.md", encoding: .utf8) == edited)
        #expect(!FileManager.default.fileExists(atPath: root + "/" + Journal.path))
    }

    @Test func aReaderLeavesTheJournalOfALiveWriterAlone() async throws {
        let scratch = try Scratch()
        let (root, _) = try await halfDoneMove(scratch)
        let descriptor = open(root + "/.shelf/lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o666)
        try #require(descriptor >= 0 && flock(descriptor, LOCK_EX) == 0)
        defer { close(descriptor) }
        let library = try FileLibrary(root: root, index: .disabled)
        #expect(library.recoveredJournal == nil)
        #expect(FileManager.default.fileExists(atPath: root + "/" + Journal.path))
    }
}
