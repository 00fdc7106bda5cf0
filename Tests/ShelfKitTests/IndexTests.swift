import Foundation
@testable import ShelfKit
import ShelfTestSupport
import Testing

/// The index stays true to the files whatever happens to them behind the library's back.
@Suite(.serialized)
struct IndexTests {
    private static let files = [
        "finished/sci-fi/dune.md": "---\ntitle: Dune\nauthors: [Frank Herbert]\npages: 412\n---\n\nSpice.\n",
        "finished/sci-fi/dune/2024-01-02.md": "---\nfrom: 1\nto: 100\n---\n\nDesert chapters.\n",
        "to-read/emma.md": "---\ntitle: Emma\nauthors: Jane Austen\n---\n",
    ]

    private func titles(_ library: FileLibrary, _ query: String = "") async throws -> [String] {
        try await library.books(matching: query).map(\.title)
    }

    private func write(_ text: String, _ path: String, in root: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: root + "/" + path))
    }

    /// Runs `command` with `sh` in `root` and returns what it printed.
    @discardableResult
    private func shell(_ command: String, in root: String) throws -> String {
        let process = Process()
        let output = Pipe()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        process.currentDirectoryURL = URL(fileURLWithPath: root)
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    /// What the `sqlite3` command prints for `sql` on the library's index.
    private func indexAnswer(_ sql: String, in root: String) throws -> String {
        let process = Process()
        let output = Pipe()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["sqlite3", root + "/.shelf/index.sqlite", sql]
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test
    func fillsTheFullTextTableOnFirstUseAndKeepsItUpToDate() async throws {
        let root = try TemporaryFolder.make(with: Self.files)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let library = try FileLibrary(root: root, today: { testToday })
        #expect(try await titles(library, "author:herbert") == ["Dune"])
        #expect(try indexAnswer("SELECT count(*) FROM documents", in: root) == "0")

        // Edited before any search: the table is filled from the refreshed rows.
        try write("---\ntitle: Dune\nauthors: [Frank Herbert]\npages: 412\n---\n\nMelange.\n", "finished/sci-fi/dune.md", in: root)
        #expect(try await titles(library, "melange") == ["Dune"])
        #expect(try await titles(library, "spice").isEmpty)
        // Two books with words and one session with a note.
        #expect(try indexAnswer("SELECT count(*) FROM documents", in: root) == "3")

        // From then on every refresh keeps it.
        try write("---\ntitle: Emma\nauthors: Jane Austen\n---\n\nHighbury gossip.\n", "to-read/emma.md", in: root)
        #expect(try await library.search("highbury", limit: 10).map(\.path) == ["to-read/emma.md"])
        try shell("rm finished/sci-fi/dune/2024-01-02.md", in: root)
        #expect(try await library.search("desert", limit: 10).isEmpty)
        #expect(try indexAnswer("SELECT count(*) FROM documents", in: root) == "2")
    }

    /// Books with every kind of searched field, words with accents, a book read before whose
    /// earlier sessions its progress leaves out, a session that does not read and a file in a
    /// session folder that is no session.
    private static let searchedFiles = [
        "finished/sci-fi/dune.md": """
            ---
            title: Dune
            subtitle: Desert Planet
            authors: [Frank Herbert, Brian Herbert]
            series: Dune Chronicles
            tags: [classic, science-fiction]
            pages: 412
            ---

            Spice and sand.

            """,
        "finished/sci-fi/dune/2024-01-02.md": "---\nfrom: 1\nto: 100\n---\n\nDesert chapters.\n",
        "finished/sci-fi/dune/2024-01-03.md": "---\npages: 50\nminutes: 40\n---\n\nMuad'Dib, the qanat.\n",
        "finished/sci-fi/dune/notes.txt": "Not a session.\n",
        "reading/cien-anos.md": """
            ---
            title: Cien años de soledad
            authors: [Gabriel García Márquez]
            pages: 417
            started: 2024-02-01
            reads:
              - started: 2020-01-01
                finished: 2020-02-01
            ---

            Macondo, desert town.

            """,
        "reading/cien-anos/2020-01-05.md": "---\nto: 200\n---\n\nFirst read, desert.\n",
        "reading/cien-anos/2024-02-02.md": "---\nfrom: 1\nto: 45\n---\n\nAureliano.\n",
        "reading/cien-anos/2024-02-03.md": "---\npages: [\n---\n",
        "to-read/emma.md": "---\ntitle: Emma\nauthors: Jane Austen\n---\n",
    ]

    /// What the index holds of the books and sessions, but for row ids, which depend on the
    /// order the files went in.
    private func indexContents(in root: String) throws -> [String] {
        try [
            "SELECT path, book_path, title, subtitle, authors, series, tags, body FROM documents ORDER BY path",
            """
            SELECT path, book_path, book_id, day, time, sequence, "from", "to", pages, minutes, extra, note, pages_read
            FROM sessions ORDER BY path
            """,
            "SELECT * FROM book_facts ORDER BY path",
            "SELECT path, line, \"column\", message, is_session, day FROM problems ORDER BY path, line",
            "SELECT key, value FROM meta WHERE key IN ('fulltext', 'sessions') ORDER BY key",
        ].map { try indexAnswer($0, in: root) }
    }

    /// An index built for a query of book fields gets its sessions and full-text table from the
    /// first search, in batches of whole books with the text filled while the first are read;
    /// what it then holds is what a first build for a search writes in one go.
    @Test(arguments: [1, 2, LibraryIndex.sessionBatch])
    func aFirstSearchFillsWhatABuildForASearchWrites(batchSize: Int) async throws {
        try await withTwoCopies { filled, built, lazy in try await fillsWhatABuildWrites(filled, built, lazy, batchSize: batchSize) }
    }

    private func fillsWhatABuildWrites(_ filled: String, _ built: String, _ lazy: FileLibrary, batchSize: Int) async throws {
        #expect(try indexAnswer("SELECT count(*) FROM documents", in: filled) == "0")
        #expect(try indexAnswer("SELECT count(*) FROM sessions", in: filled) == "0")
        let refreshed = try await lazy.refreshedIndex(sessions: false)
        let (index, _) = try #require(refreshed)
        let storage = await lazy.engine.files.storage
        let walked = try await LibraryWalk.walkInParallel(storage, statuses: LibraryConfiguration.defaultStatuses,
                                                             includeSessions: true, collectInfo: false)
        #expect(try await index.fillSessions(walked, storage, fullText: true, batchSize: batchSize) == 5)

        let eager = try FileLibrary(root: built, today: { testToday })
        let hits = try await eager.search("desert", limit: 10)
        #expect(Set(hits.map(\.path)) == ["finished/sci-fi/dune.md", "finished/sci-fi/dune/2024-01-02.md", "reading/cien-anos.md",
                                          "reading/cien-anos/2020-01-05.md"])
        #expect(try await lazy.search("desert", limit: 10) == hits)
        let contents = try indexContents(in: built)
        #expect(contents.last == "fulltext|1\nsessions|2")
        #expect(try indexContents(in: filled) == contents)
    }

    /// A first search on an index of the books alone keeps the session files' documents, not
    /// their rows; the first read of the sessions adds the rows. Session files made, edited and
    /// deleted in between are searched as they are, and the index then holds what a first build
    /// of the same files writes.
    @Test(arguments: [false, true])
    func aFirstSearchKeepsTheNotesWordsAndAReadOfSessionsTheirRows(editedInBetween: Bool) async throws {
        try await withTwoCopies { filled, built, lazy in try await keepsTheNotesWords(filled, built, lazy, editedInBetween: editedInBetween) }
    }

    private func keepsTheNotesWords(_ filled: String, _ built: String, _ lazy: FileLibrary, editedInBetween: Bool) async throws {
        #expect(Set(try await lazy.search("desert", limit: 10).map(\.path))
                == ["finished/sci-fi/dune.md", "finished/sci-fi/dune/2024-01-02.md", "reading/cien-anos.md",
                    "reading/cien-anos/2020-01-05.md"])
        #expect(try indexAnswer("SELECT value FROM meta WHERE key = 'sessions'", in: filled) == "1")
        #expect(try indexAnswer("SELECT count(*) FROM sessions", in: filled) == "0")
        // Every book's document, and every session's but the one that does not read.
        #expect(try indexAnswer("SELECT count(*) FROM documents", in: filled) == "7")
        // The session that does not read is the search's problem.
        #expect(try indexAnswer("SELECT path FROM problems", in: filled) == "reading/cien-anos/2024-02-03.md")

        if editedInBetween {
            for root in [filled, built] {
                try write("---\nfrom: 101\nto: 150\n---\n\nSandworm rides.\n", "finished/sci-fi/dune/2024-01-04.md", in: root)
                try write("---\nfrom: 1\nto: 90\n---\n\nChapters of sand.\n", "finished/sci-fi/dune/2024-01-02.md", in: root)
                _ = try shell("rm reading/cien-anos/2020-01-05.md reading/cien-anos/2024-02-03.md", in: root)
            }
            #expect(try await lazy.search("sandworm", limit: 10).map(\.path) == ["finished/sci-fi/dune/2024-01-04.md"])
            #expect(Set(try await lazy.search("desert", limit: 10).map(\.path)) == ["finished/sci-fi/dune.md", "reading/cien-anos.md"])
            #expect(try indexAnswer("SELECT count(*) FROM problems", in: filled) == "0")
        }
        let sessions = try await lazy.sessions(since: nil)
        #expect(try indexAnswer("SELECT value FROM meta WHERE key = 'sessions'", in: filled) == "2")
        let eager = try FileLibrary(root: built, today: { testToday })
        #expect(try await eager.sessions(since: nil).items == sessions.items)
        _ = try await eager.search("desert", limit: 10)
        #expect(try indexContents(in: filled) == indexContents(in: built))
        #expect(sessions.items.count == 4)
    }

    /// Two processes at once: this one walks for a read of the sessions while the index keeps
    /// their documents alone; another adds a session file's row (a search after a new file);
    /// this one's fill of the rows keeps it, though its walk never saw the file.
    @Test
    func aFillOfTheRowsKeepsTheRowsAnotherProcessWroteSinceItsWalk() async throws {
        let root = try TemporaryFolder.make(with: Self.searchedFiles)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let library = try FileLibrary(root: root, today: { testToday })
        let files = try FileLibrary(root: root, index: .disabled, today: { testToday })
        _ = try await library.refreshedIndex(sessions: false)
        _ = try await library.search("desert", limit: 10)
        #expect(try indexAnswer("SELECT value FROM meta WHERE key = 'sessions'", in: root) == "1")
        let (index, _) = try #require(try await library.refreshedIndex(sessions: false))
        let storage = await library.engine.files.storage
        let walked = try await LibraryWalk.walkInParallel(storage, statuses: LibraryConfiguration.defaultStatuses,
                                                             includeSessions: true, collectInfo: false)
        try write("---\nfrom: 101\nto: 150\n---\n\nSandworm rides.\n", "finished/sci-fi/dune/2024-01-05.md", in: root)
        _ = try await FileLibrary(root: root, today: { testToday }).search("sandworm", limit: 10)
        _ = try await index.fillSessions(walked, storage, rows: true)
        #expect(try indexAnswer("SELECT value FROM meta WHERE key = 'sessions'", in: root) == "2")
        #expect(try await FileLibrary(root: root, today: { testToday }).sessions(since: nil).items
                == (try await files.sessions(since: nil)).items)
        #expect(try indexAnswer("SELECT progress_sessions FROM book_facts WHERE path = 'finished/sci-fi/dune.md'", in: root) == "3")
    }

    /// Two processes at once: one fills the documents from a walk made before a new session
    /// file, the other then fills the rows from a walk made after it. The file the index does
    /// not keep gets no row (it would be a row no refresh ever drops); the next refresh reads
    /// it as new, and forgets it once it is deleted.
    @Test(arguments: [false, true])
    func aFillOfTheRowsReadsTheFilesTheIndexKeeps(deletedAfter: Bool) async throws {
        let root = try TemporaryFolder.make(with: Self.searchedFiles)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let library = try FileLibrary(root: root, today: { testToday })
        let files = try FileLibrary(root: root, index: .disabled, today: { testToday })
        let (index, _) = try #require(try await library.refreshedIndex(sessions: false))
        let storage = await library.engine.files.storage
        func walk() async throws -> LibraryWalk {
            try await LibraryWalk.walkInParallel(storage, statuses: LibraryConfiguration.defaultStatuses, includeSessions: true,
                                                 collectInfo: false)
        }
        let before = try await walk()
        let new = "finished/sci-fi/dune/2024-01-05.md"
        try write("---\nfrom: 101\nto: 150\n---\n\nSandworm rides.\n", new, in: root)
        let after = try await walk()
        _ = try await index.fillSessions(before, storage, rows: false, fullText: true)
        _ = try await index.fillSessions(after, storage, rows: true)
        #expect(try indexAnswer("SELECT count(*) FROM sessions WHERE path = '\(new)'", in: root) == "0")
        if deletedAfter { try FileManager.default.removeItem(atPath: root + "/" + new) }
        let indexed = try FileLibrary(root: root, today: { testToday })
        #expect(try await indexed.sessions(since: nil).items == (try await files.sessions(since: nil)).items)
        #expect(try await indexed.search("sandworm", limit: 10) == (try await files.search("sandworm", limit: 10)))
    }

    /// Two copies of ``searchedFiles``: `filled`, whose index a listing of book fields (`lazy`)
    /// has built with the books alone, and `built`, with no index yet; both removed after `body`.
    private func withTwoCopies(_ body: (_ filled: String, _ built: String, _ lazy: FileLibrary) async throws -> Void) async throws {
        let filled = try TemporaryFolder.make(with: Self.searchedFiles)
        let built = try TemporaryFolder.make(with: Self.searchedFiles)
        defer {
            try? FileManager.default.removeItem(atPath: filled)
            try? FileManager.default.removeItem(atPath: built)
        }
        let lazy = try FileLibrary(root: filled, today: { testToday })
        #expect(try await titles(lazy, "author:herbert") == ["Dune"])
        try await body(filled, built, lazy)
    }

    /// The byte-level fast path of the indexed text cuts and encodes words as the general one.
    @Test(arguments: ["", "Dune", "  Quick, QUIET queue!  ", "Márquez's Cien años—de soledad", "straße ﬁne Ǆ 12q",
                      "emoji 😀 between", "a\u{301}b Ωmega-x", "ASCII then é", "ééé", "--- q --- Q9z"])
    func indexTextMatchesTheWords(_ text: String) {
        #expect(FullText.indexText(text) == FullText.words(text).map(FullText.encode).joined(separator: " "))
    }

    @Test
    func seesEditsMadeOutsideTheLibrary() async throws {
        let root = try TemporaryFolder.make(with: Self.files)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let library = try FileLibrary(root: root, today: { testToday })
        #expect(try await titles(library) == ["Dune", "Emma"])
        #expect(FileManager.default.fileExists(atPath: root + "/.shelf/index.sqlite"))

        // Created.
        try write("---\ntitle: Circe\nauthors: [Madeline Miller]\n---\n", "to-read/circe.md", in: root)
        #expect(try await titles(library) == ["Circe", "Dune", "Emma"])

        // Edited in place, same size, at once: only the racily-clean rule can see it.
        try write("---\ntitle: Circa\nauthors: [Madeline Miller]\n---\n", "to-read/circe.md", in: root)
        #expect(try await titles(library) == ["Circa", "Dune", "Emma"])
        #expect(try await titles(library, "author:miller") == ["Circa"])

        // Moved to another status with its sessions, by `mv`.
        try shell("mkdir -p reading && mv finished/sci-fi/dune.md reading/ && mv finished/sci-fi/dune reading/", in: root)
        let moved = try await library.books(matching: "spice")
        #expect(moved.map(\.path) == ["reading/dune.md"])
        #expect(try await library.sessions(since: nil).items.map(\.path) == ["reading/dune/2024-01-02.md"])
        #expect(try await titles(library, "progress:24") == ["Dune"])

        // Renamed.
        try shell("mv to-read/emma.md to-read/emma-austen.md", in: root)
        #expect(try await library.books(matching: "emma").map(\.id) == ["emma-austen"])

        // A session edited, then deleted.
        try write("---\nfrom: 1\nto: 206\n---\n\nSandworms.\n", "reading/dune/2024-01-02.md", in: root)
        #expect(try await titles(library, "progress:50 sandworms") == ["Dune"])
        try shell("rm reading/dune/2024-01-02.md", in: root)
        #expect(try await titles(library, "sandworms").isEmpty)
        #expect(try await titles(library, "sessions:0") == ["Circa", "Dune", "Emma"])

        // Deleted.
        try shell("rm to-read/circe.md", in: root)
        #expect(try await titles(library) == ["Dune", "Emma"])
    }

    /// `cat new > dune.md; touch -r old dune.md` leaves the size, modification time and inode
    /// as indexed; only the change time, which nobody can put back, tells.
    @Test
    func seesASameSizeRewriteWhoseModificationTimeWasPutBack() async throws {
        let root = try TemporaryFolder.make(with: Self.files)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let library = try FileLibrary(root: root, today: { testToday })
        #expect(try await titles(library, "author:herbert") == ["Dune"])
        // Past the racily-clean window: the next refresh trusts the stamps and reads nothing.
        try await Task.sleep(nanoseconds: 20_000_000)
        _ = try await library.refreshIndex()
        #expect(try await library.refreshIndex()?.parsed == 0)

        let path = "finished/sci-fi/dune.md"
        let stamp = "stat -c '%s %y %i' \(path)"
        let before = try shell(stamp, in: root)
        let rewrite = "---\\ntitle: Dune\\nauthors: [Frank Herbart]\\npages: 412\\n---\\n\\nSpice.\\n"
        try shell("touch -r \(path) .shelf/times && printf -- '\(rewrite)' > \(path) && touch -r .shelf/times \(path)",
                  in: root)
        #expect(try shell(stamp, in: root) == before)
        #expect(try shell("cat \(path)", in: root).contains("Herbart"))

        #expect(try await titles(library, "author:herbart") == ["Dune"])
        #expect(try await titles(library, "author:herbert").isEmpty)
    }

    /// The page reached depends on the order of sessions when some count only `pages`: by day
    /// and sequence, not by file name (`2024-01-02-2.md` sorts before `2024-01-02.md`).
    @Test
    func computesProgressInReadingOrder() async throws {
        let root = try TemporaryFolder.make(with: [
            "reading/circe.md": "---\ntitle: Circe\npages: 200\n---\n",
            "reading/circe/2024-01-01.md": "---\npages: 10\n---\n",
            "reading/circe/2024-01-02.md": "---\nto: 100\n---\n",
            "reading/circe/2024-01-02-2.md": "---\npages: 20\n---\n",
        ])
        defer { try? FileManager.default.removeItem(atPath: root) }
        let library = try FileLibrary(root: root, today: { testToday })
        // Page 120 of 200, whether the index is new or refreshed after a session changed.
        #expect(try await titles(library, "progress:60") == ["Circe"])
        try write("---\npages: 30\n---\n", "reading/circe/2024-01-02-2.md", in: root)
        #expect(try await titles(library, "progress:65") == ["Circe"])
        #expect(try await titles(library, "progress:60").isEmpty)
    }

    @Test
    func refreshReadsOnlyWhatChanged() async throws {
        let root = try TemporaryFolder.make(with: Self.files)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let library = try FileLibrary(root: root, today: { testToday })
        #expect(try await library.refreshIndex()?.parsed == 3)
        // Files written just before that refresh began are read once more, then never again.
        try await Task.sleep(nanoseconds: 20_000_000)
        _ = try await library.refreshIndex()
        #expect(try await library.refreshIndex()?.parsed == 0)
        try write("---\ntitle: Emma\nauthors: Jane Austen\nrating: 4\n---\n", "to-read/emma.md", in: root)
        #expect(try await library.refreshIndex()?.parsed == 1)
    }

    @Test
    func readsSessionFilesOnlyOnceAReadNeedsThem() async throws {
        let root = try TemporaryFolder.make(with: Self.files)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let library = try FileLibrary(root: root, today: { testToday })
        // A query of book fields builds the index from the two book files alone.
        #expect(try await library.refreshIndex(sessions: false)?.parsed == 2)
        #expect(try await titles(library, "author:herbert") == ["Dune"])
        #expect(try indexAnswer("SELECT count(*) FROM sessions", in: root) == "0")

        // A session changed and one added while they are not kept are read as they are now.
        try write("---\nfrom: 1\nto: 206\n---\n\nHalf way.\n", "finished/sci-fi/dune/2024-01-02.md", in: root)
        try write("---\nminutes: 30\n---\n", "finished/sci-fi/dune/2024-01-03.md", in: root)
        try await Task.sleep(nanoseconds: 20_000_000)
        #expect(try await library.refreshIndex(sessions: false)?.parsed == 0)
        #expect(try await titles(library, "progress:50 sessions:2 minutes:30") == ["Dune"])
        #expect(try indexAnswer("SELECT count(*) FROM sessions", in: root) == "2")
        #expect(try await library.sessions(since: nil).items.map(\.note) == ["Half way.\n", ""])

        // From then on every refresh compares them, whatever the read.
        _ = try await library.refreshIndex(sessions: false)
        try FileManager.default.removeItem(atPath: root + "/finished/sci-fi/dune/2024-01-03.md")
        #expect(try await library.refreshIndex(sessions: false)?.removed == 1)
        #expect(try await titles(library, "sessions:1") == ["Dune"])
    }

    @Test
    func sessionsReadInSmallBatchesAreAllKept() async throws {
        var files = Self.files
        for day in 3...7 { files["finished/sci-fi/dune/2024-01-0\(day).md"] = "---\npages: 10\n---\n\nDay \(day).\n" }
        files["finished/sci-fi/dune/2024-01-08.md"] = "---\npages: [\n---\n"
        let root = try TemporaryFolder.make(with: files)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let library = try FileLibrary(root: root, today: { testToday })
        _ = try await library.refreshIndex(sessions: false)
        let refreshed = try await library.refreshedIndex(sessions: false)
        let (index, listing) = try #require(refreshed)
        // With sessions listed: the walk of a refresh that keeps none skips their folders.
        let walked = try await LibraryWalk.walkInParallel(await library.engine.files.storage, statuses: LibraryConfiguration.defaultStatuses,
                                                             includeSessions: true, collectInfo: false)
        #expect(try #require(listing.walk).sessionFiles.isEmpty && walked.sessionFiles.count == 1)
        #expect(try await index.fillSessions(walked, await library.engine.files.storage, batchSize: 2) == 7)
        #expect(try index.sessions(since: nil).map(\.note) == ["Desert chapters.\n"] + (3...7).map { "Day \($0).\n" })
        #expect(try index.problems(sessions: true).map(\.path) == ["finished/sci-fi/dune/2024-01-08.md"])
        // Pages 1 to 100, then 10 more five times.
        #expect(try await titles(library, "sessions:6 read:150 progress:36") == ["Dune"])
    }

    @Test
    func aSearchReadsTheSessionNotesOfAnIndexBuiltWithoutThem() async throws {
        let root = try TemporaryFolder.make(with: Self.files)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let library = try FileLibrary(root: root, today: { testToday })
        #expect(try await titles(library, "author:austen") == ["Emma"])
        #expect(try await library.search("desert", limit: 10).map(\.path)
            == ["finished/sci-fi/dune/2024-01-02.md"])
        #expect(try await titles(library, "desert") == ["Dune"])
    }

    @Test(arguments: ["not a database at all", ""])
    func rebuildsACorruptIndex(_ garbage: String) async throws {
        let root = try TemporaryFolder.make(with: Self.files)
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root + "/.shelf", withIntermediateDirectories: true)
        try write(garbage + String(repeating: "\u{0}junk", count: 1000), ".shelf/index.sqlite", in: root)
        let library = try FileLibrary(root: root, today: { testToday })
        #expect(try await titles(library, "author:herbert") == ["Dune"])
    }

    /// The indexes of one command each are made by its first read, not by the first build;
    /// each read answers the same before and after, and one whose index exists makes nothing.
    @Test
    func theIndexesOfOneCommandAreMadeByItsFirstRead() async throws {
        var files = Self.files
        files["finished/sci-fi/dune.md"] = "---\ntitle: Dune\nauthors: [Frank Herbert]\npages: 412\nfinished: 2024-01-09\n---\n"
        let root = try TemporaryFolder.make(with: files)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let library = try FileLibrary(root: root, today: { testToday })
        #expect(try await titles(library, "author:herbert") == ["Dune"])
        func made() throws -> Set<String> {
            let names = OnDemandIndex.allCases.flatMap(\.names)
            let listed = try indexAnswer("SELECT name FROM sqlite_master WHERE type = 'index'", in: root)
            return Set(listed.split(separator: "\n").map(String.init)).intersection(names)
        }
        #expect(try made().isEmpty)

        #expect(try await library.upNext(limit: 1).books.map(\.title) == ["Emma"])
        #expect(try made() == ["books_up_next"])
        #expect(try await library.books(matching: Query.all, sortedBy: [BookSort(.title)], limit: 1).items.map(\.title) == ["Dune"])
        #expect(try made() == ["books_up_next", "books_by_sort_title"])
        // The did-you-mean reads the index once watchman vouches for it; here, the read itself.
        let index = try LibraryIndex.open(at: root + "/.shelf/index.sqlite")
        #expect(try index.bookFileSlugs(ofLengths: 4...4) { _ in nil }.sorted() == ["dune", "emma"])
        index.close()
        #expect(try made() == ["books_up_next", "books_by_sort_title", "books_by_slug_length", "books_by_wide_slug"])
        let figures = try await library.readingFigures(matching: Query.all, year: 2024, today: testToday)
        #expect(figures?.books.map(\.title) == ["Dune"])
        #expect(try made() == Set(OnDemandIndex.allCases.flatMap(\.names)).subtracting(["book_facts_by_path"]))
        // Words, held by a session of the book.
        #expect(try await titles(library, "desert") == ["Dune"])
        #expect(try made() == Set(OnDemandIndex.allCases.flatMap(\.names)))

        // Made once: a second read finds them and answers the same.
        #expect(try await library.upNext(limit: 1).books.map(\.title) == ["Emma"])
        #expect(try indexAnswer("SELECT count(*) FROM sqlite_master WHERE name = 'books_up_next'", in: root) == "1")
    }

    /// FTS5 keeps its buffer of new words (``IndexSchema/fullTextBuffer``) in the table's own
    /// settings, so every connection that fills it later uses it, and a fill through it finds
    /// what it wrote.
    @Test
    func theFullTextTableGathersNewWordsInItsLargerBuffer() async throws {
        let root = try TemporaryFolder.make(with: Self.files)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let library = try FileLibrary(root: root, today: { testToday })
        #expect(try await library.search("desert", limit: 10).map(\.path) == ["finished/sci-fi/dune/2024-01-02.md"])
        #expect(try indexAnswer("SELECT v FROM documents_config WHERE k = 'hashsize'", in: root)
            == String(IndexSchema.fullTextBuffer))
    }

    /// SQLite takes its process-wide settings only before its first use: once a library has
    /// opened its index, turning the memory count off changes nothing, and says so.
    @Test
    func theMemoryCountStaysOnceSQLiteIsInUse() async throws {
        let root = try TemporaryFolder.make(with: Self.files)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let library = try FileLibrary(root: root, today: { testToday })
        #expect(try await titles(library, "author:herbert") == ["Dune"])
        #expect(IndexOptions.stopSQLiteMemoryStatistics() == false)
        #expect(try await titles(library, "author:austen") == ["Emma"])
    }

    @Test
    func rebuildsAnIndexOfAnotherSchemaVersion() async throws {
        let root = try TemporaryFolder.make(with: Self.files)
        defer { try? FileManager.default.removeItem(atPath: root) }
        do {
            let library = try FileLibrary(root: root, today: { testToday })
            #expect(try await titles(library) == ["Dune", "Emma"])
        }
        try shell("sqlite3 .shelf/index.sqlite 'PRAGMA user_version = 999; DELETE FROM books;'", in: root)
        let library = try FileLibrary(root: root, today: { testToday })
        #expect(try await titles(library) == ["Dune", "Emma"])
    }

    @Test
    func ignoresItselfInGit() async throws {
        let root = try TemporaryFolder.make(with: Self.files)
        defer { try? FileManager.default.removeItem(atPath: root) }
        _ = try await FileLibrary(root: root, today: { testToday }).scan()
        let ignore = try String(contentsOfFile: root + "/.shelf/.gitignore", encoding: .utf8)
        #expect(ignore == "# Caches shelf rebuilds from the book files.\nindex.sqlite\nindex.sqlite-*\nlock\njournal.json\n"
            + "# Deleted books, until restored; books open in shelf edit; what undo takes back.\ntrash/\nediting/\nundo/\n"
            + "# The reading session in progress (shelf read), on this device only.\nlive/\n"
            + "# Answers of metadata services (Open Library), kept so a second fetch is offline.\ncache/\n")
    }

    @Test
    func withoutTheIndexNothingIsWritten() async throws {
        let root = try TemporaryFolder.make(with: Self.files)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let library = try FileLibrary(root: root, index: .disabled, today: { testToday })
        #expect(try await titles(library, "author:herbert") == ["Dune"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: root + "/.shelf").isEmpty)
    }

    @Test(arguments: [IndexOptions.enabled, .disabled])
    func searchFindsBooksAndNotesWithLines(_ options: IndexOptions) async throws {
        let root = try TemporaryFolder.make(with: Self.files)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let library = try FileLibrary(root: root, index: options, today: { testToday })
        let hits = try await library.search("desert", limit: 10)
        #expect(hits == [SearchHit(kind: .session, bookID: "dune", title: "Dune", path: "finished/sci-fi/dune/2024-01-02.md",
                                   line: 6, snippet: "«Desert» chapters.", score: 1)])
        let herbert = try await library.search("herb", limit: 10, highlight: SearchHighlight(start: "[", end: "]")).items
        // A word found in the front matter shows the first line of the notes, never a YAML line.
        #expect(herbert.map(\.snippet) == ["Spice."])
        #expect(herbert.map(\.line) == [7])
        // The query language: fields choose the books, and a book with no word to show is a hit of its own.
        let austen = try await library.search("author:austen", limit: 10)
        #expect(austen.map(\.path) == ["to-read/emma.md"] && austen.map(\.snippet) == [""] && austen.map(\.line) == [1])
        #expect(try await library.search("desert or spice", limit: 10).map(\.path)
            == ["finished/sci-fi/dune.md", "finished/sci-fi/dune/2024-01-02.md"])
        #expect(try await library.search("desert -author:herbert", limit: 10).isEmpty)
    }

    /// A session file that does not read keeps its note out of a search, and the search says
    /// so: its problem is among the answer's, with the index or without, ranked or not.
    @Test(arguments: [IndexOptions.enabled, .disabled])
    func aSessionThatDoesNotReadIsASearchsProblem(_ options: IndexOptions) async throws {
        let root = try TemporaryFolder.make(with: Self.files.merging(
            ["finished/sci-fi/dune/2024-01-05.md": "---\nfrom: 100\nto: 12x\n---\n\nMarmalade on the sandworm.\n"]) { $1 })
        defer { try? FileManager.default.removeItem(atPath: root) }
        let library = try FileLibrary(root: root, index: options, today: { testToday })
        for (query, limit) in [("marmalade", 1), ("marmalade", nil), ("desert", 1), ("desert", 10)] as [(String, Int?)] {
            let found = try await library.search(query, limit: limit, highlight: .none)
            #expect(found.problems.map(\.path) == ["finished/sci-fi/dune/2024-01-05.md"], "\(query) \(String(describing: limit))")
        }
    }

    /// A search refreshes the index once, however many files hold its words: one with fewer
    /// than its limit, or none, once refreshed for the ranking in SQLite and again for the
    /// answer ranked in Swift, a second walk of the library. Its hits are those the files give.
    @Test
    func aSearchRefreshesTheIndexOnce() async throws {
        let root = try TemporaryFolder.make(with: Self.files)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let library = try FileLibrary(root: root, index: .enabled, today: { testToday })
        let files = try FileLibrary(root: root, index: .disabled, today: { testToday })
        _ = try await library.search("desert", limit: 10)
        for (words, limit) in [("desert", 1), ("desert", 10), ("spice", 1), ("spice", 10), ("zzqqy", 10), ("desert spice", 5),
                               ("desert or spice", 10), ("author:austen", 10)] {
            let before = await library.indexRefreshes
            let hits = try await library.search(words, limit: limit)
            #expect(await library.indexRefreshes == before + 1, "\(words), limit \(limit)")
            #expect(hits == (try await files.search(words, limit: limit)), "\(words), limit \(limit)")
        }
    }

    /// A warm refresh keeps the books in the order the walk met them; the problem naming the
    /// books that share a slug must still read the same as after the first build.
    @Test
    func duplicateSlugsReadTheSameFromANewAndAWarmIndex() async throws {
        let root = try TemporaryFolder.make(with: [
            "to-read/dune.md": "---\ntitle: Dune\n---\n",
            "finished/sci-fi/dune.md": "---\ntitle: Dune\n---\n",
            "abandoned/dune.md": "---\ntitle: Dune\n---\n",
            "to-read/emma.md": "---\ntitle: Emma\n---\n",
        ])
        defer { try? FileManager.default.removeItem(atPath: root) }
        let expected = [
            "abandoned/dune.md: duplicate slug \"dune\": also finished/sci-fi/dune.md, to-read/dune.md; rename one of the files",
            "finished/sci-fi/dune.md: duplicate slug \"dune\": also abandoned/dune.md, to-read/dune.md; rename one of the files",
            "to-read/dune.md: duplicate slug \"dune\": also abandoned/dune.md, finished/sci-fi/dune.md; rename one of the files",
        ]
        for _ in 0..<2 {
            let library = try FileLibrary(root: root, today: { testToday })
            let emma = try await library.books(matching: "title:emma", sortedBy: [], limit: nil)
            #expect(emma.books.map(\.title) == ["Emma"])
            #expect(emma.problems.map(\.description) == expected)
        }
    }

    /// The parallel walk hands folders to tasks as they are listed and merges the parts in
    /// whatever order they finish; in path order its listing is the one-thread walk's.
    @Test(arguments: [false, true])
    func theParallelWalkListsWhatTheOneThreadWalkLists(_ includeSessions: Bool) async throws {
        var files: [String: String] = [
            "to-read/.hidden.md": "---\ntitle: Hidden\n---\n",
            "to-read/notes.txt": "not a book\n",
            "finished/old/2024-05-01.md": "---\npages: 3\n---\n",
            "abandoned/dune.md": "---\ntitle: Dune\n---\n",
        ]
        for index in 0..<60 {
            let folder = ["", "sci-fi/", "sci-fi/space/", "essays/", "essays/long/deep/"][index % 5]
            let status = ["to-read", "finished", "reading"][index % 3]
            let slug = index == 7 ? "dune" : "book-\(index)"
            files["\(status)/\(folder)\(slug).md"] = "---\ntitle: Book \(index)\n---\n"
            if index % 4 == 0 { files["\(status)/\(folder)\(slug)/2024-01-0\(index % 9 + 1).md"] = "---\npages: 5\n---\n" }
        }
        let root = try TemporaryFolder.make(with: files)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let storage = DiskStorage(root: root)
        let statuses = LibraryConfiguration.defaultStatuses
        let one = try LibraryWalk.walk(storage, statuses: statuses, includeSessions: includeSessions, collectInfo: true)
        let parallel = try await LibraryWalk.walkInParallel(storage, statuses: statuses, includeSessions: includeSessions,
                                                               collectInfo: true)
        #expect(one.books.count == 61)
        #expect(parallel.books == one.books)
        #expect(parallel.bookInfo == one.bookInfo)
        #expect(parallel.sessionFiles == one.sessionFiles)
        #expect(parallel.sessionFiles.count == (includeSessions ? 15 : 0))
        #expect(parallel.orphanSessionFolders == ["finished/old"])
        #expect(parallel.duplicateSlugs.map(\.slug) == ["dune"])
        #expect(parallel.duplicateSlugs.map { $0.locations.map(\.path) } == one.duplicateSlugs.map { $0.locations.map(\.path) })
    }
}
