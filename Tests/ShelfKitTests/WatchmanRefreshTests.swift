import Foundation
@testable import ShelfKit
import ShelfTestSupport
import Testing

/// With watchman, a read refreshes only what it reports changed, and reads the same as the
/// files say after every kind of change, including the server dying or restarting between two
/// reads. Each step is a new ``FileLibrary``, as each command is; each is compared with a read
/// of the files without the index. Skipped where watchman is not installed.
@Suite(.serialized, .enabled(if: PrivateWatchman.isInstalled))
struct WatchmanRefreshTests {
    /// A library on a private server, and the checks of each step.
    private struct Fixture {
        let root: String
        let server: PrivateWatchman

        static func make() async throws -> Fixture {
            let server = try await PrivateWatchman.start()
            return Fixture(root: try TemporaryFolder.copyOfExampleLibrary(), server: server)
        }

        func remove() {
            server.remove()
            try? FileManager.default.removeItem(atPath: root)
        }

        var options: IndexOptions {
            var options = IndexOptions(isEnabled: true, usesWatcher: true)
            options.watchmanSocket = server.socket
            return options
        }

        /// Refreshes as a new command would and says whether it walked; then checks that every
        /// read agrees with the files.
        @discardableResult
        func refresh(sessions: Bool = true, at socket: String? = nil) async throws -> (parsed: Int, removed: Int, walked: Bool) {
            var options = options
            if let socket { options.watchmanSocket = socket }
            let library = try FileLibrary(root: root, index: options, today: { testToday })
            let report = try #require(try await library.refreshIndex(sessions: sessions))
            try await expectSameAsFiles(options)
            try expectBookCountAsWalked()
            return report
        }

        func expectSameAsFiles(_ options: IndexOptions, sourceLocation: Testing.SourceLocation = #_sourceLocation) async throws {
            let indexed = try FileLibrary(root: root, index: options, today: { testToday })
            let files = try FileLibrary(root: root, index: .disabled, today: { testToday })
            for query in ["", "status:reading", "sessions:1.."] {
                let fromIndex = try await indexed.books(matching: query, sortedBy: [], limit: nil)
                let fromFiles = try await files.books(matching: query, sortedBy: [], limit: nil)
                #expect(fromIndex.books == fromFiles.books, "query \(query)", sourceLocation: sourceLocation)
                #expect(fromIndex.problems.map(\.description) == fromFiles.problems.map(\.description), sourceLocation: sourceLocation)
            }
            let sessionsIndexed = try await indexed.sessions(since: nil)
            let sessionsFiles = try await files.sessions(since: nil)
            #expect(sessionsIndexed.items == sessionsFiles.items, sourceLocation: sourceLocation)
            #expect(try await indexed.search("desert") == (try await files.search("desert")), sourceLocation: sourceLocation)
        }

        /// The count of book files the watch state keeps, kept up to date from reported changes
        /// without a walk, is the walk's.
        func expectBookCountAsWalked(sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
            let index = try LibraryIndex.open(at: root + "/" + IndexOptions.path)
            guard let stored = index.watchState()?.bookCount else { return }
            let walk = try LibraryWalk.walk(DiskStorage(root: root), statuses: LibraryConfiguration.defaultStatuses,
                                            includeSessions: false)
            #expect(stored == walk.books.count, sourceLocation: sourceLocation)
        }

        func write(_ text: String, _ path: String) throws {
            try TemporaryFolder.write(text, to: root + "/" + path)
        }

        func shell(_ command: String) throws {
            let outcome = try ChildProcess.run("/bin/sh", ["-c", command], in: root)
            #expect(outcome.status == 0, "\(command): \(outcome)")
        }
    }

    /// With the watcher vouching for the index, `book(id)`, `update(id)` and `sessions(of:)` find
    /// the book by the index's paths of its slug, and a second file of the slug made behind the
    /// library's back is still refused, as the walk refuses it.
    @Test
    func aBookByItsIDIsFoundThroughTheWatchedIndexAndADuplicateIsRefused() async throws {
        let fixture = try await Fixture.make()
        defer { fixture.remove() }
        try await fixture.refresh()
        let library = try FileLibrary(root: fixture.root, index: fixture.options, today: { testToday })
        #expect(try await library.book("dune").title == "Dune")
        #expect(try await library.sessions(of: "dune").count == (try await FileLibrary(root: fixture.root, index: .disabled).sessions(of: "dune")).count)
        let updated = try await library.update("dune") { $0.tags.append("desert") }
        #expect(updated.tags.contains("desert"))

        try fixture.write("---\ntitle: Dune, a second copy\n---\n", "to-read/dune.md")
        for attempt in [library, try FileLibrary(root: fixture.root, index: fixture.options, today: { testToday })] {
            await #expect(throws: ShelfError.self) { _ = try await attempt.book("dune") }
            do {
                _ = try await attempt.update("dune") { $0.rating = 1 }
                Issue.record("an update of a slug two files share was made")
            } catch {
                guard case .duplicateSlug = error else { Issue.record("\(error)"); continue }
            }
        }
        #expect(!(try String(contentsOfFile: fixture.root + "/to-read/dune.md", encoding: .utf8)).contains("rating"))
    }

    /// With the watcher vouching for the index, `add` learns whether its slug is taken from the
    /// index's paths of it, not a walk, and still refuses a slug a file made behind the
    /// library's back took a moment before, in another status and folder.
    @Test
    func anAdditionRefusesASlugTakenBehindTheLibrarysBackWithoutAWalk() async throws {
        let fixture = try await Fixture.make()
        defer { fixture.remove() }
        try await fixture.refresh()
        let library = try FileLibrary(root: fixture.root, index: fixture.options, today: { testToday })
        let added = try await library.add(Book(title: "Mrs Dalloway"), to: .toRead, in: "")
        #expect(added.path == "to-read/mrs-dalloway.md")
        try fixture.write("---\ntitle: Jonathan Strange\n---\n", "abandoned/fantasy/jonathan-strange.md")
        do {
            _ = try await library.add(Book(title: "Jonathan Strange"), to: .toRead, in: "")
            Issue.record("a second file of a slug was added")
        } catch {
            guard case .alreadyExists(let path) = error else { Issue.record("\(error)"); return }
            #expect(path == "abandoned/fantasy/jonathan-strange.md")
        }
        #expect(!FileManager.default.fileExists(atPath: fixture.root + "/to-read/jonathan-strange.md"))
        try await fixture.expectSameAsFiles(fixture.options)
    }

    /// A reference a person typed is resolved from the index's book files when the watcher
    /// vouches for them, with the walk's answers: the book, the did-you-mean, the ambiguity;
    /// and a book file that cannot be read is found as the walk finds it.
    @Test
    func referencesResolveFromTheWatchedIndexAsFromTheFiles() async throws {
        let fixture = try await Fixture.make()
        defer { fixture.remove() }
        try fixture.write("---\ntitle: [broken\n---\n", "to-read/broken-book.md")
        // A slug with capitals, and a slug two files share.
        try fixture.write("---\ntitle: Das Kapital\n---\n", "to-read/Capital-Book.md")
        try fixture.write("---\ntitle: Hyperion Again\n---\n", "abandoned/hyperion.md")
        // Slugs past ASCII and with the characters of a GLOB pattern: the index finds slugs by
        // prefix and by length in SQL, and must find these as the walk does.
        try fixture.write("---\ntitle: Élan\n---\n", "to-read/élan-vital.md")
        try fixture.write("---\ntitle: Naive\n---\n", "to-read/naïve.md")
        try fixture.write("---\ntitle: What If\n---\n", "to-read/what[if]*?.md")
        try await fixture.refresh()
        let watched = try FileLibrary(root: fixture.root, index: fixture.options, today: { testToday })
        let files = try FileLibrary(root: fixture.root, index: .disabled, today: { testToday })
        func answer(_ library: FileLibrary, _ reference: String) async -> String {
            do { return try await library.resolve(reference).path } catch { return "\(error)" }
        }
        for reference in ["dune", "dun", "duen", "the", "Dune", "finished/sci-fi/dune", "zzz", "broken-book", "brok", "hyperion",
                          "hyperio", "abandoned/hyperion", "capital", "Capital-Book", "kapital", "capitl", "", "  dune  ",
                          "élan", "élan-v", "elan-vital", "élan-vitl", "naïv", "naive", "naïvé", "what[", "what[if]*", "what[if]*x",
                          "what?", "brokn-book", "capital-bo", "CAPITAL-BOOK", "Capital-Bok", "dunes", "d"] {
            #expect(await answer(watched, reference) == (await answer(files, reference)), "\(reference)")
        }
        #expect(await answer(watched, "duen").contains("dune"))
    }

    /// watchman does not follow links: a book file that is one is never vouched for, and an
    /// edit of what it points at is still seen.
    @Test
    func aLinkedBookFileKeepsTheWalk() async throws {
        let fixture = try await Fixture.make()
        defer { fixture.remove() }
        let outside = try TemporaryFolder.make()
        defer { try? FileManager.default.removeItem(atPath: outside) }
        try TemporaryFolder.write("---\ntitle: Linked\n---\n", to: outside + "/linked.md")
        try fixture.shell("ln -s \(outside)/linked.md to-read/linked.md")
        #expect(try await fixture.refresh().walked)
        try TemporaryFolder.write("---\ntitle: Linked, edited\n---\n", to: outside + "/linked.md")
        #expect(try await fixture.refresh().walked)
    }

    @Test
    func readsOnlyTheReportedFilesAfterEditsRewritesAndDeletes() async throws {
        let fixture = try await Fixture.make()
        defer { fixture.remove() }
        // The first read walks and starts the watch; the next one has nothing to read.
        #expect(try await fixture.refresh().walked)
        #expect(try await fixture.refresh() == (0, 0, false))

        let book = "finished/sci-fi/dune.md"
        let text = try String(contentsOfFile: fixture.root + "/" + book, encoding: .utf8)
        try fixture.write(text.replacingOccurrences(of: "title: Dune", with: "title: Dunes"), book)
        #expect(try await fixture.refresh() == (1, 0, false))

        // The same size, and the modification time put back.
        try fixture.write(text.replacingOccurrences(of: "title: Dune", with: "title: Dvne"), book)
        try fixture.shell("touch -d '2020-01-01 00:00:00' \(book)")
        #expect(try await fixture.refresh() == (1, 0, false))

        try fixture.shell("rm to-read/circe.md")
        #expect(try await fixture.refresh() == (0, 1, false))

        // A new book beside others, and a new session of a book that has some.
        try fixture.write("---\ntitle: Circe again\n---\n", "to-read/circe-again.md")
        try fixture.write("---\npages: 12\n---\n\nA desert note.\n", "reading/classics/anna-karenina/2026-11-20.md")
        #expect(try await fixture.refresh() == (2, 0, false))

        // A folder left with date-named books only holds orphaned sessions, not books.
        try fixture.write("---\ntitle: Misc\n---\n", "to-read/misc/misc-book.md")
        try fixture.write("---\ntitle: A date\n---\n", "to-read/misc/2026-01-01.md")
        try await fixture.refresh()
        try fixture.shell("rm to-read/misc/misc-book.md")
        #expect(try await fixture.refresh().walked)

        // A slug shared, then no longer: the problem comes and goes without a walk, and stays
        // while nothing changes.
        try fixture.write("---\ntitle: Circe again, abandoned\n---\n", "abandoned/circe-again.md")
        #expect(try await fixture.refresh() == (1, 0, false))
        #expect(try await fixture.refresh() == (0, 0, false))
        try fixture.shell("rm abandoned/circe-again.md")
        #expect(try await fixture.refresh() == (0, 1, false))
        #expect(try await fixture.refresh() == (0, 0, false))

        // A book file that cannot be read has no row in `books`: a new book with its slug still
        // shares it, and the count of book files counts both.
        try fixture.write("---\ntitle: [broken\n---\n", "to-read/broken.md")
        #expect(try await fixture.refresh() == (1, 0, false))
        try fixture.write("---\ntitle: Broken, readable\n---\n", "abandoned/broken.md")
        #expect(try await fixture.refresh() == (1, 0, false))
        try fixture.shell("rm to-read/broken.md")
        #expect(try await fixture.refresh() == (0, 1, false))
        try fixture.write("---\ntitle: Broken, readable, edited\n---\n", "abandoned/broken.md")
        #expect(try await fixture.refresh() == (1, 0, false))
        try fixture.shell("rm abandoned/broken.md")
        #expect(try await fixture.refresh() == (0, 1, false))
    }

    @Test
    func movesOfBooksWithTheirSessionsAndACheckoutOfManyFilesReadTheSame() async throws {
        let fixture = try await Fixture.make()
        defer { fixture.remove() }
        try fixture.shell("""
            git init -q . && git -c user.name=t -c user.email=t@e add -A && git -c user.name=t -c user.email=t@e commit -qm one
            """)
        #expect(try await fixture.refresh().walked)
        // A book and its session folder, moved to another status: the new folder's sessions are
        // reported one by one.
        try fixture.shell("mv reading/classics/anna-karenina.md finished/ && mv reading/classics/anna-karenina finished/")
        #expect(try await fixture.refresh().walked == false)
        // A folder that was there before, which a new book beside it makes its session folder.
        try fixture.shell("mkdir -p to-read/later && printf -- '---\\npages: 3\\n---\\n' > to-read/later/2026-01-02.md")
        try await fixture.refresh()
        try fixture.write("---\ntitle: Later\n---\n", "to-read/later.md")
        #expect(try await fixture.refresh().walked)
        // A new folder beside a date-named file in a session folder: no book the walk finds.
        try fixture.shell("mkdir -p to-read/later/2026-01-02 && printf -- '---\\npages: 4\\n---\\n' > to-read/later/2026-01-02/2026-01-03.md")
        #expect(try await fixture.refresh().walked)
        // A book moved alone.
        try fixture.shell("mv to-read/moby-dick.md abandoned/moby-dick.md")
        #expect(try await fixture.refresh().walked == false)
        // Another commit touching many files, then back to the first.
        try fixture.shell("""
            git -c user.name=t -c user.email=t@e add -A && git -c user.name=t -c user.email=t@e commit -qm two && \
            for f in to-read/*.md finished/*/*.md; do printf 'More.\\n' >> "$f"; done && git rm -q --cached -r . >/dev/null && \
            git -c user.name=t -c user.email=t@e add -A && git -c user.name=t -c user.email=t@e commit -qm three
            """)
        #expect(try await fixture.refresh().walked == false)
        try fixture.shell("git checkout -q HEAD~2 -- . && git clean -qfd")
        try await fixture.refresh()
        try fixture.shell("git checkout -q HEAD -- .")
        #expect(try await fixture.refresh().walked == false)
    }

    @Test
    func theWalkStandsInWhenTheServerDiesOrRestarts() async throws {
        let fixture = try await Fixture.make()
        defer { fixture.remove() }
        try await fixture.refresh()
        #expect(try await fixture.refresh().walked == false)

        fixture.server.stop()
        try fixture.write("---\ntitle: Written while no one watched\n---\n", "to-read/unwatched.md")
        #expect(try await fixture.refresh() == (1, 0, true))

        // A new instance on the same socket: the stored clock is not its own.
        let restarted = try await PrivateWatchman.start(in: fixture.server.folder)
        defer { restarted.stop() }
        try fixture.shell("rm to-read/unwatched.md")
        #expect(try await fixture.refresh() == (0, 1, true))
        try fixture.write("---\ntitle: Watched again\n---\n", "to-read/watched.md")
        #expect(try await fixture.refresh() == (1, 0, false))

        // A socket where no server listens, as when watchman is not installed.
        #expect(try await fixture.refresh(at: fixture.server.folder + "/nothing").walked)
    }

    /// A first search keeps the session files' documents and not their rows; session files
    /// made, edited and deleted after it are then read from watchman's report, without a walk,
    /// and searched as they are, until a read of the sessions adds every row.
    @Test
    func theNotesKeptByAFirstSearchFollowWatchmansReports() async throws {
        let fixture = try await Fixture.make()
        defer { fixture.remove() }
        func library() throws -> FileLibrary { try FileLibrary(root: fixture.root, index: fixture.options, today: { testToday }) }
        let files = try FileLibrary(root: fixture.root, index: .disabled, today: { testToday })
        func expectSearchesAsFiles(_ words: [String], sourceLocation: Testing.SourceLocation = #_sourceLocation) async throws {
            for word in words {
                #expect(try await library().search(word) == (try await files.search(word)), "\(word)", sourceLocation: sourceLocation)
            }
        }
        #expect(try await library().refreshIndex(sessions: false)?.walked == true)
        try await expectSearchesAsFiles(["desert", "kvothe"])
        let index = try LibraryIndex.open(at: fixture.root + "/" + IndexOptions.path)
        #expect(try index.read { db in try LibraryIndex.sessionsKept(db) } == .documents)

        let folder = "reading/fantasy/the-name-of-the-wind/"
        try fixture.write("---\nfrom: 300\nto: 320\n---\n\nSympathy lessons with Elodin.\n", folder + "2026-11-20.md")
        try fixture.shell("printf 'Chandrian again.\\n' >> \(folder)2026-10-11.md && rm \(folder)2026-10-03-2.md")
        #expect(try await library().refreshIndex(sessions: false)?.walked == false)
        #expect(try index.read { db in try LibraryIndex.sessionsKept(db) } == .documents)
        try await expectSearchesAsFiles(["elodin", "chandrian", "sympathy", "kvothe"])
        #expect(try await library().search("elodin").map(\.path) == [folder + "2026-11-20.md"])

        // The first read of the sessions adds their rows.
        #expect(try await library().sessions(since: nil).items == (try await files.sessions(since: nil)).items)
        #expect(try index.read { db in try LibraryIndex.sessionsKept(db) } == .rows)
        try await fixture.expectSameAsFiles(fixture.options)
    }

    @Test
    func aChangedConfigurationIsWalked() async throws {
        let fixture = try await Fixture.make()
        defer { fixture.remove() }
        try await fixture.refresh()
        let config = fixture.root + "/.shelf/config.yaml"
        let text = (try? String(contentsOfFile: config, encoding: .utf8)) ?? ""
        try fixture.write(text + "\n# a comment\n", ".shelf/config.yaml")
        #expect(try await fixture.refresh().walked)
        #expect(try await fixture.refresh().walked == false)
    }
}

/// Where the watcher finds no server, reads walk, and the socket is looked for as documented.
/// Runs everywhere.
struct WatcherFallbackTests {
    @Test
    func theSocketComesFromTheEnvironmentElseFromWatchman() {
        #expect(WatchmanClient.socketPath(environment: ["WATCHMAN_SOCK": "/tmp/some.sock", "PATH": "/nonexistent"]) == "/tmp/some.sock")
        #expect(WatchmanClient.socketPath(environment: ["PATH": "/nonexistent"]) == nil)
    }

    @Test
    func withNoServerEveryReadWalksAndReadsTheSame() async throws {
        let root = try TemporaryFolder.copyOfExampleLibrary()
        defer { try? FileManager.default.removeItem(atPath: root) }
        var options = IndexOptions(isEnabled: true, usesWatcher: true)
        options.watchmanSocket = root + "/.shelf/no-server.sock"
        for step in 0..<3 {
            let library = try FileLibrary(root: root, index: options, today: { testToday })
            let report = try #require(try await library.refreshIndex(sessions: true))
            #expect(report.walked)
            let files = try FileLibrary(root: root, index: .disabled, today: { testToday })
            let fromIndex = try await library.books(matching: "", sortedBy: [], limit: nil).books
            #expect(try await fromIndex == files.books(matching: "", sortedBy: [], limit: nil).books)
            try TemporaryFolder.write("---\ntitle: Step \(step)\n---\n", to: root + "/to-read/step.md")
        }
        let status = await (try FileLibrary(root: root, index: options, today: { testToday })).watchStatus()
        #expect(status == WatchStatus(isEnabled: true, socket: root + "/.shelf/no-server.sock", watchRoot: nil, isWatching: false))
    }
}
