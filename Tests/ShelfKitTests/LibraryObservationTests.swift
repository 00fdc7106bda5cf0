import Foundation
import ShelfKit
import ShelfTestSupport
import Testing

/// A library watched for changes made behind its back, from each source of events: every kind
/// of change is reported with the right kind, a burst as few reports, and a source that dies
/// hands over without losing what happened meanwhile.
@Suite(.serialized)
struct LibraryObservationTests {
    enum Source: String, CaseIterable, Sendable, CustomTestStringConvertible {
        case fileEvents
        case watchman
        case polling

        var testDescription: String { rawValue }
    }

    /// A library with three books, one with a session, and the source's server when it has one.
    struct Watched {
        let root: String
        let library: FileLibrary
        let server: PrivateWatchman?
        let source: ObservationSource

        static func make(_ kind: Source) async throws -> Watched? {
            var server: PrivateWatchman?
            let source: ObservationSource
            switch kind {
            case .fileEvents: source = .fileEvents
            case .polling: source = .polling(every: .milliseconds(50))
            case .watchman:
                guard PrivateWatchman.isInstalled else { return nil }
                server = try await PrivateWatchman.start()
                source = .watchman(socket: server?.socket)
            }
            let root = try TemporaryFolder.make(in: "/tmp")
            let library = try FileLibrary.create(at: root, today: { testToday })
            let watched = Watched(root: root, library: library, server: server, source: source)
            try watched.write("to-read/dune.md", "---\ntitle: Dune\n---\n")
            try watched.write("to-read/circe.md", "---\ntitle: Circe\n---\n")
            try watched.write("reading/sci-fi/solaris.md", "---\ntitle: Solaris\npages: 200\n---\n")
            try watched.write("reading/sci-fi/solaris/2026-11-20.md", "---\npages: 10\n---\n")
            return watched
        }

        func write(_ path: String, _ text: String) throws {
            let url = URL(fileURLWithPath: root + "/" + path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }

        func remove() {
            server?.remove()
            try? FileManager.default.removeItem(atPath: root)
        }

        func observe() async throws -> Reports {
            Reports(try await library.changes(from: source))
        }
    }

    /// What a stream reported, gathered by a task of its own.
    final class Reports: @unchecked Sendable {
        private let lock = NSLock()
        private var all: [LibraryChanges] = []
        private var reader: Task<Void, Never>?

        init(_ stream: AsyncStream<LibraryChanges>) {
            reader = Task { [weak self] in
                for await report in stream { self?.append(report) }
            }
        }

        private func append(_ report: LibraryChanges) { lock.withLock { all.append(report) } }

        var reports: [LibraryChanges] { lock.withLock { all } }
        var books: [BookFileChange] { reports.flatMap(\.books) }
        var sessions: [SessionFileChange] { reports.flatMap(\.sessions) }

        /// Waits up to thirty seconds (a loaded machine) for `condition`; whether it came true.
        func wait(_ condition: (Reports) -> Bool) async -> Bool {
            let deadline = ContinuousClock.now + .seconds(30)
            while ContinuousClock.now < deadline {
                if condition(self) { return true }
                try? await Task.sleep(for: .milliseconds(10))
            }
            return condition(self)
        }

        func stop() { reader?.cancel() }
    }

    @Test(arguments: Source.allCases)
    func everyKindOfChangeIsReportedAsItsKind(_ kind: Source) async throws {
        guard let watched = try await Watched.make(kind) else { return }
        defer { watched.remove() }
        let reports = try await watched.observe()
        defer { reports.stop() }

        try watched.write("to-read/dune.md", "---\ntitle: Dune!\n---\n")
        #expect(await reports.wait { $0.books.contains(BookFileChange(id: "dune", path: "to-read/dune.md", kind: .changed)) })

        try watched.write("finished/klara.md", "---\ntitle: Klara\n---\n")
        #expect(await reports.wait { $0.books.contains(BookFileChange(id: "klara", path: "finished/klara.md", kind: .added)) })

        try FileManager.default.moveItem(atPath: watched.root + "/to-read/circe.md", toPath: watched.root + "/abandoned/circe.md")
        #expect(await reports.wait {
            $0.books.contains(BookFileChange(id: "circe", path: "abandoned/circe.md", kind: .moved(from: "to-read/circe.md")))
        })

        try FileManager.default.removeItem(atPath: watched.root + "/finished/klara.md")
        #expect(await reports.wait { $0.books.contains(BookFileChange(id: "klara", path: "finished/klara.md", kind: .removed)) })

        try watched.write("reading/sci-fi/solaris/2026-11-21.md", "---\npages: 12\n---\n")
        #expect(await reports.wait {
            $0.sessions.contains(SessionFileChange(book: "solaris", path: "reading/sci-fi/solaris/2026-11-21.md", kind: .added))
        })
        // Nothing else was reported: no book or session that was not touched.
        let touched: Set<String> = ["to-read/dune.md", "finished/klara.md", "abandoned/circe.md"]
        #expect(Set(reports.books.map(\.path)).isSubset(of: touched))
        #expect(Set(reports.sessions.map(\.path)) == ["reading/sci-fi/solaris/2026-11-21.md"])
    }

    @Test(arguments: [Source.fileEvents, .watchman])
    func aRewriteOfTheSameSizeIsAChange(_ kind: Source) async throws {
        guard let watched = try await Watched.make(kind) else { return }
        defer { watched.remove() }
        let reports = try await watched.observe()
        defer { reports.stop() }
        // The same size, written twice within the file system's clock tick if it can be.
        try watched.write("to-read/dune.md", "---\ntitle: Dunf\n---\n")
        #expect(await reports.wait { $0.books.filter { $0.id == "dune" }.count >= 1 })
        let before = reports.books.count
        try watched.write("to-read/dune.md", "---\ntitle: Dung\n---\n")
        #expect(await reports.wait { $0.books.count > before })
        #expect(reports.books.allSatisfy { $0 == BookFileChange(id: "dune", path: "to-read/dune.md", kind: .changed) })
    }

    @Test(arguments: [Source.fileEvents, .watchman])
    func aBurstOfAThousandWritesIsReportedWholeInFewReports(_ kind: Source) async throws {
        guard let watched = try await Watched.make(kind) else { return }
        defer { watched.remove() }
        let reports = try await watched.observe()
        defer { reports.stop() }
        let paths = (0..<1_000).map { "to-read/burst/book-\($0).md" }
        for (number, path) in paths.enumerated() { try watched.write(path, "---\ntitle: Book \(number)\n---\n") }
        #expect(await reports.wait { Set($0.books.filter { $0.kind == .added }.map(\.path)) == Set(paths) })
        #expect(reports.reports.count < 200, "a burst is looked at in batches, not a report a file")
    }

    @Test(arguments: [Source.fileEvents, .watchman])
    func aGitCheckoutOfAHundredFilesIsSeen(_ kind: Source) async throws {
        guard let git = Self.program("git"), let watched = try await Watched.make(kind) else { return }
        defer { watched.remove() }
        let paths = (0..<100).map { "to-read/git/book-\($0).md" }
        for path in paths { try watched.write(path, "---\ntitle: One\n---\n") }
        func run(_ arguments: [String]) throws {
            let process = try ChildProcess.start(git, ["-C", watched.root, "-c", "user.name=t", "-c", "user.email=t@t"] + arguments)
            let outcome = process.wait()
            #expect(outcome.status == 0, "git \(arguments.joined(separator: " ")): \(outcome)")
        }
        try run(["init", "-q", "-b", "main"])
        try run(["add", "."])
        try run(["commit", "-q", "-m", "one"])
        try run(["checkout", "-q", "-b", "two"])
        for path in paths { try watched.write(path, "---\ntitle: Two, longer\n---\n") }
        try run(["commit", "-q", "-am", "two"])
        try run(["checkout", "-q", "main"])

        let reports = try await watched.observe()
        defer { reports.stop() }
        try run(["checkout", "-q", "two"])
        // git replaces a file by removing it and writing it anew: caught between the two, it is
        // reported removed and then added, and either way its last report leaves it there.
        #expect(await reports.wait { reports in
            let last = Dictionary(reports.books.map { ($0.path, $0.kind) }, uniquingKeysWith: { $1 })
            return paths.allSatisfy { last[$0] == .changed || last[$0] == .added }
        })
    }

    @Test func whenWatchmanDiesTheFileEventsTakeOverWithAFullComparison() async throws {
        guard let watched = try await Watched.make(.watchman) else { return }
        defer { watched.remove() }
        let reports = try await watched.observe()
        defer { reports.stop() }
        try watched.write("to-read/dune.md", "---\ntitle: Dune!\n---\n")
        #expect(await reports.wait { $0.reports.contains { $0.source == .watchman } })
        watched.server?.stop()
        // Made while nothing may be watching: found by the comparison of the next source.
        try watched.write("finished/klara.md", "---\ntitle: Klara\n---\n")
        #expect(await reports.wait { $0.books.contains(BookFileChange(id: "klara", path: "finished/klara.md", kind: .added)) })
        try watched.write("to-read/circe.md", "---\ntitle: Circe!\n---\n")
        #expect(await reports.wait { $0.books.contains { $0.path == "to-read/circe.md" } })
        #expect(reports.reports.last?.source == .fileEvents)
    }

    @Test func aChangeByAnotherProcessIsReported() async throws {
        guard let watched = try await Watched.make(.fileEvents) else { return }
        defer { watched.remove() }
        let reports = try await watched.observe()
        defer { reports.stop() }
        let process = try ChildProcess.start("/bin/sh", ["-c", "printf -- '---\\ntitle: Dune II\\n---\\n' > '\(watched.root)/to-read/dune.md'"])
        #expect(process.wait().status == 0)
        #expect(await reports.wait { $0.books.contains(BookFileChange(id: "dune", path: "to-read/dune.md", kind: .changed)) })
    }

    @Test func aWriteThroughTheLibraryIsReportedAndTheIndexAndJournalAreNot() async throws {
        guard let watched = try await Watched.make(.fileEvents) else { return }
        defer { watched.remove() }
        let reports = try await watched.observe()
        defer { reports.stop() }
        _ = try await watched.library.update("dune") { $0.rating = 4 }
        #expect(await reports.wait { $0.books.contains(BookFileChange(id: "dune", path: "to-read/dune.md", kind: .changed)) })
        try await Task.sleep(for: .milliseconds(200))
        #expect(reports.books.allSatisfy { $0.id == "dune" } && reports.sessions.isEmpty)
    }

    @Test func anObservedQueryYieldsItsFirstValueThenOnlyNewOnes() async throws {
        guard let watched = try await Watched.make(.fileEvents) else { return }
        defer { watched.remove() }
        let query = try Query(parsing: "status:to-read", today: testToday)
        var values = watched.library.observeBooks(matching: query, sortedBy: [BookSort(.title)], from: .fileEvents).makeAsyncIterator()
        #expect(try await values.next()?.map(\.title) == ["Circe", "Dune"])
        // A file touched without a change to what the query shows yields nothing; the next
        // change that does is the next value.
        try watched.write("reading/sci-fi/solaris.md", "---\ntitle: Solaris\npages: 201\n---\n")
        try await Task.sleep(for: .milliseconds(100))
        try watched.write("to-read/klara.md", "---\ntitle: Klara\n---\n")
        #expect(try await values.next()?.map(\.title) == ["Circe", "Dune", "Klara"])
    }

    @Test func cancellingTheReaderReleasesTheDescriptorsAndThreads() async throws {
        guard let watched = try await Watched.make(.fileEvents) else { return }
        defer { watched.remove() }
        // inotify descriptors alone: other tests open and close files meanwhile.
        let before = Self.inotifyDescriptors()
        let task = Task {
            for await _ in try await watched.library.changes(from: .fileEvents) {}
        }
        let opened = ContinuousClock.now + .seconds(30)
        while Self.inotifyDescriptors() <= before, ContinuousClock.now < opened { try await Task.sleep(for: .milliseconds(20)) }
        #expect(Self.inotifyDescriptors() > before, "the inotify descriptor is open while watching")
        task.cancel()
        _ = await task.result
        let deadline = ContinuousClock.now + .seconds(5)
        while Self.inotifyDescriptors() > before, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(20)) }
        #expect(Self.inotifyDescriptors() <= before)
    }

    /// Sources wait on their descriptors on threads of their own: while a burst is observed,
    /// as many tasks as the pool has threads can all run at once. Each blocks its thread until
    /// all have started, so one thread held by the observer would keep the last from starting
    /// (threads other tests hold are let go, so the wait is long).
    @Test func thePoolIsNeverBlockedWhileABurstIsObserved() async throws {
        guard let watched = try await Watched.make(.fileEvents) else { return }
        defer { watched.remove() }
        let reports = try await watched.observe()
        defer { reports.stop() }
        let paths = (0..<500).map { "to-read/ticks/book-\($0).md" }
        for path in paths { try watched.write(path, "---\ntitle: T\n---\n") }
        let width = ProcessInfo.processInfo.activeProcessorCount
        let barrier = Barrier(count: width)
        let started = await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<width { group.addTask { barrier.arriveAndWait(timeout: 60) } }
            return await group.reduce(true) { $0 && $1 }
        }
        #expect(started, "\(width) tasks of the pool ran at once while the library was observed")
        #expect(await reports.wait { Set($0.books.map(\.path)).isSuperset(of: paths) })
    }

    /// Threads that wait for each other: each arrival blocks until `count` have arrived.
    final class Barrier: @unchecked Sendable {
        private let condition = NSCondition()
        private var arrived = 0
        private let count: Int

        init(count: Int) { self.count = count }

        /// Whether all arrived within `timeout` seconds.
        func arriveAndWait(timeout: TimeInterval) -> Bool {
            condition.lock()
            defer { condition.unlock() }
            arrived += 1
            condition.broadcast()
            let deadline = Date(timeIntervalSinceNow: timeout)
            while arrived < count {
                if !condition.wait(until: deadline) { return arrived >= count }
            }
            return true
        }
    }

    /// How many of this process's descriptors are inotify instances.
    static func inotifyDescriptors() -> Int {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        return names.filter { name in
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/" + name)) == "anon_inode:inotify"
        }.count
    }

    static func program(_ name: String) -> String? {
        (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
            .map { String($0) + "/" + name }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}
