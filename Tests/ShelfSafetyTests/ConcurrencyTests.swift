import Foundation
import FrontMatterFuzzing
@testable import ShelfKit
import ShelfTestSupport
import Testing

extension ChildProcessTests {
    /// Several `shelf` processes writing at once: the writer lock serialises them, and an edit
    /// made behind shelf's back is never silently overwritten.
    @Suite struct ConcurrencyTests {
        @Test func hundredConcurrentLogsWriteHundredSessions() async throws {
            let scratch = try Scratch()
            let root = try await scratch.library("lib", books: 51, sessions: false)
            // 50 processes log the same book, 50 more log one book each, all started at once.
            var children: [ChildProcess] = []
            for index in 0..<100 {
                let book = index < 50 ? "book-1" : "book-\(index - 48)"
                // One time for all: a session of another day is named by the minute it is logged
                // at, and writers on either side of a minute would number two names from 1.
                let arguments = ["log", book, "--minutes", "\(index + 1)", "--date", "2024-03-16", "--at", "07:40"]
                children.append(try ChildProcess.start(BuiltExecutable.shelf, arguments, environment: ["SHELF_LIBRARY": root]))
            }
            let outcomes = children.map { $0.wait() }
            let failures = outcomes.filter { $0.status != 0 }
            #expect(failures.isEmpty, "\(failures.prefix(3))")

            let library = try FileLibrary(root: root, index: .disabled)
            let sessions = try await library.sessions(since: nil).items
            print("concurrency: 100 writers, \(sessions.count) sessions written, \(100 - sessions.count) lost")
            #expect(sessions.count == 100)
            #expect(Set(sessions.compactMap(\.minutes)) == Set(1...100))
            let sameBook = sessions.filter { $0.bookID == "book-1" }
            #expect(sameBook.map(\.sequence).sorted() == Array(1...50))
            #expect(try await library.check().isEmpty)
        }

        @Test func setRacingADirectWriteNeverLosesTheEdit() async throws {
            let scratch = try Scratch()
            let base = try await scratch.library("base", books: 3, sessions: false)
            var generator = SeededGenerator(seed: 42)
            var conflicts = 0
            var losses: [String] = []
            let trials = 40
            for trial in 0..<trials {
                let root = try scratch.copy(base, to: "trial-\(trial)")
                let path = root + "/to-read/book-1.md"
                let original = try String(contentsOfFile: path, encoding: .utf8)
                let child = try ChildProcess.start(BuiltExecutable.shelf, ["set", "book-1", "pages=777"], environment: ["SHELF_LIBRARY": root])
                try await Task.sleep(for: .microseconds(Int.random(in: 0...40_000, using: &generator)))
                // An editor's save: a whole new file renamed over the old one. (Foundation's
                // `.atomic` would do the same but leaves a folder behind in /tmp on Linux.)
                let edited = original + "Edited by hand \(trial).\n"
                try Data(edited.utf8).write(to: URL(fileURLWithPath: path + ".saving"))
                guard rename(path + ".saving", path) == 0 else { throw CocoaError(.fileWriteUnknown) }
                let outcome = child.wait()
                let final = try String(contentsOfFile: path, encoding: .utf8)
                if outcome.status != 0 {
                    if outcome.stderr.contains("changed on disk since it was read; nothing was written") {
                        conflicts += 1
                    } else {
                        losses.append("trial \(trial): unexpected failure \(outcome)")
                    }
                }
                if !final.contains("Edited by hand \(trial).") { losses.append("trial \(trial): the hand edit was lost\n\(final)") }
            }
            print("set vs direct write: \(trials) races, \(conflicts) reported as changed on disk, \(losses.count) edits lost")
            #expect(losses.isEmpty, "\(losses.prefix(3))")
        }

        @Test func aWriterWaitsForTheLockThenGivesUpWithAClearError() async throws {
            let scratch = try Scratch()
            let root = try await scratch.library("lib", books: 2, sessions: false)
            let descriptor = open(root + "/.shelf/lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o666)
            try #require(descriptor >= 0)
            try #require(flock(descriptor, LOCK_EX) == 0)

            let library = try FileLibrary(root: root, index: .disabled)
            await library.setLockWait(0.2)
            var book = try await library.book("book-1")
            book.pages = 1
            await #expect(throws: ShelfError.libraryBusy) { try await library.update(book) }
            #expect(ShelfError.libraryBusy.description == "another program is writing to this library; try again")
            // Readers never take the lock.
            #expect(try await library.scan().books.count == 2)
            #expect(try await library.check().isEmpty)

            // A `shelf` command waits for the lock and goes ahead once it is free.
            let child = try ChildProcess.start(BuiltExecutable.shelf, ["set", "book-2", "pages=5"], environment: ["SHELF_LIBRARY": root])
            try await Task.sleep(for: .milliseconds(300))
            close(descriptor)
            let outcome = child.wait()
            #expect(outcome.status == 0, "\(outcome)")
            #expect(try await library.book("book-2").pages == 5)
        }
    }
}
