import Foundation
@testable import ShelfKit
import Testing

/// Writers waiting for the writer lock suspend instead of holding threads, and a cancelled
/// write, waiting or midway through a batch, leaves the library as it was.
struct LockWaitTests {
    /// Writers on more actors than the cooperative pool has threads wait behind a lock held by
    /// another process (a raw `flock` here) while a task of the same process ticks every 10 ms.
    /// Had they blocked their threads, the ticker would stop for the whole 500 ms.
    @Test func writersWaitingForTheLockLeaveTheOtherTasksRunning() async throws {
        let scratch = try Scratch()
        let writers = ProcessInfo.processInfo.activeProcessorCount * 2 + 2
        let root = try await scratch.library("lib", books: writers, sessions: false)
        // The tests beside this one keep threads busy too, for seconds at a time (a batch of
        // 200 files, a `waitpid`), so one round can stall for reasons of theirs; blocked writers
        // would stall every round, so rounds go on until one is quiet (up to 60: a full suite on
        // two cores has been seen to stall twenty rounds in a row).
        var gaps: [Int] = []
        for round in 1...60 {
            let gap = try await largestTickerGap(root, writers: writers, round: round)
            gaps.append(Int(gap / .milliseconds(1)))
            if gap < .milliseconds(200) { break }
        }
        print("lock wait: \(writers) writers waiting 500 ms, largest gap of a 10 ms ticker by round: \(gaps) ms")
        #expect(gaps.contains { $0 < 200 }, "\(gaps)")
    }

    /// One round: holds the lock for 500 ms while each writer sets `pages` to `round` on its
    /// own book, and returns the ticker's largest gap meanwhile. The writers finish once the
    /// lock is let go.
    private func largestTickerGap(_ root: String, writers: Int, round: Int) async throws -> Duration {
        let held = try LockHolder(root)
        var books: [(FileLibrary, Book)] = []
        for index in 1...writers {
            let library = try FileLibrary(root: root, index: .disabled)
            // Longer than the 10 s a command waits: on a loaded machine the writers queued
            // behind the lock, one after another, can take that long, and this test is about
            // the threads they hold while waiting, not about giving up.
            await library.setLockWait(60)
            var book = try await library.book(BookID("book-\(index)"))
            book.pages = round
            books.append((library, book))
        }
        let before = Snapshot(root)
        let ticker = Task {
            let clock = ContinuousClock()
            var last = clock.now
            var largest = Duration.zero
            while !Task.isCancelled {
                try? await Task.sleep(for: .milliseconds(10))
                let now = clock.now
                largest = max(largest, now - last)
                last = now
            }
            return largest
        }
        let updates = books.map { library, book in Task { try await library.update(book) } }
        try await Task.sleep(for: .milliseconds(500))
        ticker.cancel()
        let gap = await ticker.value
        #expect(Snapshot(root) == before, "a writer went ahead without the lock")
        held.release()
        for update in updates { #expect(try await update.value.pages == round) }
        return gap
    }

    @Test func aWriterCancelledWhileWaitingForTheLockWritesNothing() async throws {
        let scratch = try Scratch()
        let root = try await scratch.library("lib", books: 3, sessions: false)
        let held = try LockHolder(root)
        let library = try FileLibrary(root: root, index: .disabled)
        // Far longer than a loaded machine can keep the cancelled task from running, so that
        // an answer before half of it is the cancellation's, never the wait's end.
        await library.setLockWait(600)
        var book = try await library.book("book-1")
        book.pages = 1
        let before = Snapshot(root)
        let writer = Task { try await library.update(book) }
        try await Task.sleep(for: .milliseconds(100))
        let clock = ContinuousClock()
        let cancelled = clock.now
        writer.cancel()
        await #expect(throws: ShelfError.cancelled) { try await writer.value }
        // When cancelled, not when the wait runs out; the margin is for a loaded machine, where
        // the tests beside this one can keep every thread of the pool busy for tens of seconds
        // (42 s once on 2 cores).
        #expect(clock.now - cancelled < .seconds(300))
        #expect(Snapshot(root) == before, "\(Snapshot(root).difference(from: before))")
        held.release()
        #expect(try await library.update(book).pages == 1)
    }

    /// The task is cancelled by the nth write of the batch, the journal being the first: the
    /// write goes ahead, the next file is never written, and the ones before are put back.
    @Test(arguments: [2, 3, 100, 200])
    func aBatchUpdateOf200CancelledAtWriteKChangesNothing(_ k: Int) async throws {
        let scratch = try Scratch()
        let root = try await scratch.library("lib", books: 200)
        let before = Snapshot(root)
        let library = try FileLibrary(root: root, index: .disabled)
        let books = try await taggedBooks(library)
        await library.injectFaults(FaultInjection(cancellingWrite: k))
        // A task of its own, so that the cancellation is the update's and not the test's.
        let result = await Task { try await library.update(books) }.result
        #expect(throws: ShelfError.cancelled) { try result.get() }
        #expect(ShelfError.cancelled.description == "the write was cancelled; nothing was changed")
        let after = Snapshot(root)
        #expect(after == before, "\(after.difference(from: before))")
        #expect(after.temporaryFiles.isEmpty, "\(after.temporaryFiles)")
    }

    @Test func aBatchUpdateOf200NotCancelledWritesEveryBook() async throws {
        let scratch = try Scratch()
        let root = try await scratch.library("lib", books: 200)
        let library = try FileLibrary(root: root, index: .disabled)
        let books = try await taggedBooks(library)
        let written = try await Task { try await library.update(books) }.value
        #expect(written.count == 200)
        let scan = try await FileLibrary(root: root, index: .disabled).scan()
        #expect(scan.books.count == 200)
        #expect(scan.books.allSatisfy { $0.tags == ["changed"] })
        #expect(!FileManager.default.fileExists(atPath: root + "/" + Journal.path))
        #expect(Snapshot(root).temporaryFiles.isEmpty)
    }

    private func taggedBooks(_ library: FileLibrary) async throws -> [Book] {
        try await library.scan().books.map { book in
            var book = book
            book.tags = ["changed"]
            return book
        }
    }
}

/// The writer lock of a library taken as another process would, on a descriptor of its own
/// (`flock` locks belong to the open file, so the library's own opens wait for it); let go at
/// ``release()``, or at the end of the test that failed before.
private struct LockHolder: ~Copyable {
    private let descriptor: Int32

    init(_ root: String) throws {
        let descriptor = open(root + "/" + WriterLock.path, O_RDWR | O_CREAT | O_CLOEXEC, 0o666)
        try #require(descriptor >= 0)
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            close(descriptor)
            throw ShelfError.libraryBusy
        }
        self.descriptor = descriptor
    }

    consuming func release() {
        let descriptor = self.descriptor
        discard self
        close(descriptor)
    }

    deinit {
        close(descriptor)
    }
}
