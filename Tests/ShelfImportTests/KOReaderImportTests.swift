import Foundation
import GRDB
@testable import ShelfKit
@testable import ShelfInterchange
import ShelfTestSupport
import Testing

@Suite struct KOReaderImportTests {
    static let utc = TimeZone(identifier: "UTC") ?? .current
    static let today = Day(year: 2026, month: 11, day: 27) ?? Day.today()
    /// 2026-11-20 09:30:00 UTC.
    static let morning: Int64 = 1_795_167_000
    static let dune = KOReaderDatabaseMaker.Book(title: "Dune", authors: "Herbert, Frank", pages: 400, md5: "d41d8cd98f00b204e9800998ecf8427e")

    /// A turn a minute from `minute` minutes after ``morning``, on `page`.
    static func turn(_ minute: Int, page: Int, seconds: Int = 50, total: Int = 400) -> KOReaderDatabaseMaker.Row {
        (0, page, morning + Int64(minute * 60), seconds, total)
    }

    static func database(_ rows: [KOReaderDatabaseMaker.Row], books: [KOReaderDatabaseMaker.Book] = [dune]) throws -> String {
        let path = try TemporaryFolder.make() + "/statistics.sqlite3"
        try KOReaderDatabaseMaker.make(books: books, rows: rows, at: path)
        return path
    }

    static func library(_ files: [String: String] = [:]) throws -> (String, FileLibrary) {
        let root = try TemporaryFolder.make(with: files)
        return (root, try FileLibrary(root: root, index: .disabled, today: { today }))
    }

    @discardableResult
    static func importing(_ path: String, into library: FileLibrary, add: Bool = true, zone: TimeZone = utc,
                          sidecars: [String] = []) async throws -> KOReaderImportPlan {
        let options = KOReaderImportOptions(timeZone: zone, addsBooks: add)
        let plan = try await KOReaderImporter(path: path, sidecarFolders: sidecars, options: options).plan(for: library) { _ in }
        try await library.apply(plan.batch)
        return plan
    }

    static let duneFile = "---\ntitle: Dune\nauthors: [Frank Herbert]\npages: 400\nstarted: 2026-11-01\n---\n"

    @Test func turnsBecomeSessionsSplitAtPauses() async throws {
        // Two sittings: minutes 0–4 and 30–31 (a 25-minute pause ends the first).
        let rows = (0..<5).map { Self.turn($0, page: 10 + $0) } + [Self.turn(30, page: 15), Self.turn(31, page: 16, seconds: 120)]
        let path = try Self.database(rows)
        let (root, library) = try Self.library(["reading/dune.md": Self.duneFile])
        let plan = try await Self.importing(path, into: library)
        #expect(plan.summary.booksMatched == 1 && plan.summary.sessionsAdded == 2)
        let first = try String(contentsOfFile: root + "/reading/dune/2026-11-20-0930-koreader.md", encoding: .utf8)
        #expect(first == """
            ---
            from: 10
            to: 14
            minutes: 4
            source: koreader
            koreader: d41d8cd98f00b204e9800998ecf8427e
            koreader_turns: 1795167000+50@10/400 1795167060+50@11/400 1795167120+50@12/400 1795167180+50@13/400 1795167240+50@14/400
            ---

            """)
        let second = try String(contentsOfFile: root + "/reading/dune/2026-11-20-1000-koreader.md", encoding: .utf8)
        #expect(second.contains("from: 15\nto: 16\nminutes: 3\n"))
        // The match is remembered in the book.
        let book = try String(contentsOfFile: root + "/reading/dune.md", encoding: .utf8)
        #expect(book == Self.duneFile.replacingOccurrences(of: "started: 2026-11-01\n",
                                                           with: "started: 2026-11-01\nkoreader: d41d8cd98f00b204e9800998ecf8427e\n"))
        #expect(try await library.check().isEmpty)
    }

    @Test func aSessionThatGrewIsRewrittenNotDuplicated() async throws {
        let (root, library) = try Self.library(["reading/dune.md": Self.duneFile])
        try await Self.importing(try Self.database((0..<3).map { Self.turn($0, page: 1 + $0) }), into: library)
        let later = try await Self.importing(try Self.database((0..<6).map { Self.turn($0, page: 1 + $0) }), into: library)
        #expect(later.summary.sessionsUpdated == 1 && later.summary.sessionsAdded == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: root + "/reading/dune") == ["2026-11-20-0930-koreader.md"])
        let sessions = try await library.sessions(of: "dune")
        #expect(sessions.map(\.toPosition) == [.page(6)] && sessions.map(\.minutes) == [5])
    }

    @Test func twoDevicesMergeWithoutCountingAMinuteTwice() async throws {
        // Device A has minutes 0–9; device B synced minutes 5–9 (one with a longer duration)
        // and read on to 14. The union has 15 turns, whichever order they come in.
        let a = (0..<10).map { Self.turn($0, page: 1 + $0) }
        var b = (5..<15).map { Self.turn($0, page: 1 + $0) }
        b[0].duration = 55
        let union = (0..<5).map { Self.turn($0, page: 1 + $0) } + b
        let (first, firstLibrary) = try Self.library(["reading/dune.md": Self.duneFile])
        try await Self.importing(try Self.database(a), into: firstLibrary)
        try await Self.importing(try Self.database(b), into: firstLibrary)
        let (second, secondLibrary) = try Self.library(["reading/dune.md": Self.duneFile])
        try await Self.importing(try Self.database(b), into: secondLibrary)
        try await Self.importing(try Self.database(a), into: secondLibrary)
        let (third, thirdLibrary) = try Self.library(["reading/dune.md": Self.duneFile])
        try await Self.importing(try Self.database(union), into: thirdLibrary)
        let files = try Self.files(in: third)
        #expect(try Self.files(in: first) == files)
        #expect(try Self.files(in: second) == files)
        let sessions = try await thirdLibrary.sessions(of: "dune")
        #expect(sessions.count == 1 && sessions[0].minutes == (14 * 50 + 55 + 30) / 60)
    }

    @Test func aSessionLoggedByHandIsKeptAndReported() async throws {
        let hand = "---\nfrom: 1\nto: 9\nminutes: 30\n---\nOn the train.\n"
        let (root, library) = try Self.library(["reading/dune.md": Self.duneFile, "reading/dune/2026-11-20-0920-kbxt.md": hand])
        let plan = try await Self.importing(try Self.database((0..<5).map { Self.turn($0, page: 10 + $0) }), into: library)
        #expect(plan.problems.count == 1)
        #expect(plan.problems.first?.path == "reading/dune/2026-11-20-0920-kbxt.md")
        #expect(plan.problems.first?.message.contains("both kept") == true)
        #expect(try String(contentsOfFile: root + "/reading/dune/2026-11-20-0920-kbxt.md", encoding: .utf8) == hand)
        #expect(FileManager.default.fileExists(atPath: root + "/reading/dune/2026-11-20-0930-koreader.md"))
        #expect(try await library.check().isEmpty)
    }

    @Test func pagesAlreadyReachedAreNotCountedAgain() async throws {
        // Pages 1–5, then back to page 3 and on to 8 the next day: the second session adds 6–8.
        let rows = (0..<5).map { Self.turn($0, page: 1 + $0) } + (0..<6).map { Self.turn(24 * 60 + $0, page: 3 + $0) }
        let (_, library) = try Self.library(["reading/dune.md": Self.duneFile])
        try await Self.importing(try Self.database(rows), into: library)
        let sessions = try await library.sessions(of: "dune")
        #expect(sessions.map(\.fromPosition) == [.page(1), .page(6)])
        #expect(sessions.map(\.toPosition) == [.page(5), .page(8)])
        #expect(try await library.check().isEmpty)
    }

    @Test func aRereadCountsFromWhereItsOwnSessionsReached() async throws {
        // Read once in 2026-10 (KOReader, to page 300); read again from 2026-11-15, where a
        // session by hand reached page 50 before KOReader's of pages 40–60 on 2026-11-20.
        let book = "---\ntitle: Dune\nauthors: [Frank Herbert]\npages: 400\nstarted: 2026-11-15\n"
            + "reads: [{started: 2026-10-01, finished: 2026-10-20}]\n---\n"
        let hand = "---\nfrom: 1\nto: 50\nminutes: 60\n---\n"
        let (_, library) = try Self.library(["reading/dune.md": book, "reading/dune/2026-11-16-2000-kbxt.md": hand])
        let earlier = (0..<3).map { Self.turn(-40 * 24 * 60 + $0, page: 298 + $0) }
        try await Self.importing(try Self.database(earlier + (0..<21).map { Self.turn($0, page: 40 + $0) }), into: library)
        let sessions = try await library.sessions(of: "dune").filter { $0.suffix == "koreader" }
        #expect(sessions.map(\.fromPosition) == [.page(298), .page(51)])
        #expect(sessions.map(\.toPosition) == [.page(300), .page(60)])
        #expect(try await library.check().isEmpty)
    }

    @Test func pagesAreRescaledToTheBooksPageCount() {
        // page_stat's rule: page 10 of 200 in a book of 400 pages is pages 19–20.
        let turn = PageTurn(page: 10, start: 0, duration: 30, totalPages: 200)
        #expect(KOReaderSessionRules.pages(of: turn, in: 400) == 19...20)
        #expect(KOReaderSessionRules.pages(of: turn, in: 100) == 5...5)
        #expect(KOReaderSessionRules.pages(of: turn, in: nil) == 10...10)
    }

    @Test func theTimeZoneDecidesTheDay() async throws {
        let path = try Self.database([Self.turn(0, page: 1)])
        let (root, library) = try Self.library(["reading/dune.md": Self.duneFile])
        try await Self.importing(path, into: library, zone: TimeZone(identifier: "Pacific/Kiritimati") ?? Self.utc)
        // 09:30 UTC is 23:30 at UTC+14.
        #expect(FileManager.default.fileExists(atPath: root + "/reading/dune/2026-11-20-2330-koreader.md"))
    }

    @Test func unmatchedBooksAreListedAndAddedOnlyWhenAsked() async throws {
        let path = try Self.database([Self.turn(0, page: 1)])
        let (root, library) = try Self.library()
        let listed = try await Self.importing(path, into: library, add: false)
        #expect(listed.books.map(\.outcome) == [.unmatched] && listed.batch.isEmpty)
        let added = try await Self.importing(path, into: library)
        #expect(added.books.map(\.outcome) == [.added("dune", "reading")])
        #expect(try String(contentsOfFile: root + "/reading/dune.md", encoding: .utf8) == """
            ---
            title: Dune
            authors: [Frank Herbert]
            pages: 400
            added: 2026-11-20
            started: 2026-11-20
            koreader: d41d8cd98f00b204e9800998ecf8427e
            ---

            """)
    }

    @Test func aSidecarsISBNMatchesAndItsStatusPlacesAnAddedBook() async throws {
        let sidecar = """
            -- we can read Lua syntax here!
            return {
                ["doc_props"] = {
                    ["authors"] = "Someone Else",
                    ["identifiers"] = "google:pX1w\\
            isbn:978-0-441-17271-9\\
            calibre:188",
                    ["title"] = "Dune (Deluxe)",
                },
                ["partial_md5_checksum"] = "d41d8cd98f00b204e9800998ecf8427e",
                ["summary"] = { ["status"] = "complete", },
            }
            """
        let books = try TemporaryFolder.makeFolder(with: ["Dune.sdr/metadata.epub.lua": sidecar])
        let file = "---\ntitle: Dune\nauthors: [Frank Herbert]\nisbn: 9780441172719\n---\n"
        let (_, library) = try Self.library(["to-read/dune.md": file])
        let plan = try await Self.importing(try Self.database([Self.turn(0, page: 1)]), into: library, sidecars: [books])
        #expect(plan.books.map(\.outcome) == [.matched("dune", .isbn)])
        // A book to read with a session is being read, as after `log`.
        let book = try await library.book("dune")
        #expect(book.status == "reading" && book.started == Day(year: 2026, month: 11, day: 20))
        let again = try await Self.importing(try Self.database([Self.turn(0, page: 1)]), into: library, sidecars: [])
        #expect(again.books.map(\.outcome) == [.matched("dune", .remembered)] && again.batch.isEmpty)
    }

    @Test func aBrokenOrForeignDatabaseIsRefusedAndNothingWritten() async throws {
        let folder = try TemporaryFolder.make()
        let garbage = folder + "/statistics.sqlite3"
        try Data("this is not a database, only text that looks like nothing SQLite knows".utf8).write(to: URL(fileURLWithPath: garbage))
        let foreign = folder + "/other.sqlite3"
        try await DatabaseQueue(path: foreign).write { db in try db.execute(sql: "CREATE TABLE notes (id integer)") }
        let (root, library) = try Self.library(["reading/dune.md": Self.duneFile])
        await #expect(throws: KOReaderError.self) { try await Self.importing(garbage, into: library) }
        do {
            try await Self.importing(foreign, into: library)
            Issue.record("a database without KOReader's tables was read")
        } catch let error as KOReaderError {
            #expect(error == .notStatistics(path: foreign, missing: ["book", "page_stat_data"]))
        }
        do {
            try await Self.importing(folder + "/missing", into: library)
        } catch let error as KOReaderError {
            #expect(error == .notFound(path: folder + "/missing"))
        }
        #expect(try Self.files(in: root) == ["reading/dune.md": Data(Self.duneFile.utf8)])
    }

    @Test func realSidecarsAreRead() throws {
        guard let folder = KOReaderCorpus.folder else { return }
        // The corpus names them after their repositories; KOReader's own name is metadata.epub.lua.
        var byMD5: [String: KOReaderSidecar] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where name.hasSuffix(".lua") {
            let bytes = try Array(Data(contentsOf: folder.appendingPathComponent(name)))
            if let sidecar = try KOReaderSidecar.read(bytes, path: name) { byMD5[sidecar.md5] = sidecar }
        }
        #expect(byMD5.count == 3)
        #expect(byMD5["3bf27d096ecf0545894bc1624da4ec60"]?.title == "1984")
        #expect(byMD5["3bf27d096ecf0545894bc1624da4ec60"]?.status == "reading")
        #expect(byMD5["1d1edab2ae679122fbc2741d7df54e3b"]?.isbns == ["9781324035442"])
        #expect(byMD5["9ff924f34f97bbf011b6067214538ef5"]?.authors == "Dr. Haim G. Ginott")
        #expect(byMD5["9ff924f34f97bbf011b6067214538ef5"]?.status == nil)
    }

    @Test func turnsRoundTripThroughTheirKey() {
        let turns = [PageTurn(page: 12, start: 1_763_150_405, duration: 45, totalPages: 494), PageTurn(page: 1, start: 5, duration: 0, totalPages: 0)]
        #expect(KOReaderSessionKeys.decode(KOReaderSessionKeys.encode(turns)) == turns)
        #expect(KOReaderSessionKeys.decode("12+3@4") == nil)
        #expect(KOReaderSessionKeys.decode("a+3@4/5") == nil)
    }

    @Test func namesAreReadAsALibraryWritesThem() {
        #expect(KOReaderNames.authors("Vaughan, Alex J.") == ["Alex J. Vaughan"])
        #expect(KOReaderNames.authors("N/A") == [])
        #expect(KOReaderNames.authors("Ann Leckie\nJohn Scalzi") == ["Ann Leckie", "John Scalzi"])
        #expect(KOReaderNames.title("The Age of AI_liber3.mobi") == "The Age of AI_liber3")
        #expect(KOReaderNames.titleVariants("Frankenstein; Or, The Modern Prometheus") == ["Frankenstein; Or, The Modern Prometheus", "Frankenstein"])
    }

    /// Every file below `root` except `.shelf/`.
    static func files(in root: String) throws -> [String: Data] {
        var files: [String: Data] = [:]
        guard let walker = FileManager.default.enumerator(atPath: root) else { return files }
        while let path = walker.nextObject() as? String {
            if path == ".shelf" || path.hasPrefix(".shelf/") { continue }
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: root + "/" + path, isDirectory: &isDirectory), !isDirectory.boolValue {
                files[path] = try Data(contentsOf: URL(fileURLWithPath: root + "/" + path))
            }
        }
        return files
    }
}

/// `../shared/corpus/koreader`, or `nil` where it is absent.
enum KOReaderCorpus {
    static let folder: URL? = {
        let folder = PackageFolder.root.deletingLastPathComponent().appendingPathComponent("shared/corpus/koreader")
        return FileManager.default.fileExists(atPath: folder.path) ? folder : nil
    }()
}
