import Foundation
import ShelfTestSupport
import Testing

/// `shelf import koreader` on a copy of example-library: what it prints, how it exits, and the
/// exact bytes it writes.
struct ImportKOReaderTests {
    static let wind = KOReaderDatabaseMaker.Book(title: "The Name of the Wind", authors: "Rothfuss, Patrick", pages: 662,
                                                  md5: "c0ffee00c0ffee00c0ffee00c0ffee00")
    static let offshore = KOReaderDatabaseMaker.Book(title: "Offshore", authors: "Penelope Fitzgerald", pages: 180,
                                                      md5: "beef0000beef0000beef0000beef0000")
    /// 2026-11-20 09:30 UTC.
    static let morning: Int64 = 1_795_167_000

    /// Five turns of The Name of the Wind on pages 213–217 (on from the 212 its sessions reached)
    /// and two of a book the library lacks.
    static func database(in library: ExampleLibrary) throws {
        let rows: [KOReaderDatabaseMaker.Row] = (0..<5).map { (0, 213 + $0, morning + Int64($0 * 60), 50, 662) }
            + [(1, 1, morning + 7200, 50, 180), (1, 2, morning + 7260, 50, 180)]
        try FileManager.default.createDirectory(at: library.root.appendingPathComponent("import"), withIntermediateDirectories: true)
        try KOReaderDatabaseMaker.make(books: [wind, offshore], rows: rows,
                                       at: library.root.appendingPathComponent("import/statistics.sqlite3").path)
    }

    static let notInLibrary = "not in the library: \"Offshore\" by Penelope Fitzgerald (2 page turns, 2m); "
        + "add it with --add, or set koreader: beef0000beef0000beef0000beef0000 in its file\n"

    @Test func sessionsAreWrittenOnceAndUnmatchedBooksListed() throws {
        let library = try ExampleLibrary()
        try Self.database(in: library)
        let arguments = ["import", "koreader", "import/statistics.sqlite3", "--timezone", "UTC"]
        expectRun(try library.shelf(arguments), stdout: Self.notInLibrary
                  + "Imported import/statistics.sqlite3: 1 book matched, 0 added, 1 not in the library; "
                  + "1 session added, 0 updated, 0 removed, 0 unchanged\n")
        #expect(try library.read("reading/fantasy/the-name-of-the-wind/2026-11-20-0930-koreader.md") == """
            ---
            from: 213
            to: 217
            minutes: 4
            source: koreader
            koreader: c0ffee00c0ffee00c0ffee00c0ffee00
            koreader_turns: 1795167000+50@213/662 1795167060+50@214/662 1795167120+50@215/662 1795167180+50@216/662 1795167240+50@217/662
            ---

            """)
        #expect(try library.status() == """
            A  import/statistics.sqlite3
            M  reading/fantasy/the-name-of-the-wind.md
            A  reading/fantasy/the-name-of-the-wind/2026-11-20-0930-koreader.md

            """)
        // The book gains one line: the md5 that remembers the match.
        #expect(try library.changes().contains("""
             recommended_by: Sam
            +koreader: c0ffee00c0ffee00c0ffee00c0ffee00
             ---
            """))
        // Again: nothing written.
        let before = try library.data("reading/fantasy/the-name-of-the-wind.md")
        expectRun(try library.shelf(arguments), stdout: Self.notInLibrary
                  + "Imported import/statistics.sqlite3: 1 book matched, 0 added, 1 not in the library; "
                  + "0 sessions added, 0 updated, 0 removed, 1 unchanged\n")
        #expect(try library.data("reading/fantasy/the-name-of-the-wind.md") == before)
        expectRun(try library.shelf(["check"]), stderr: "shelf: no problems in 47 books\n")
    }

    @Test func aDryRunSaysWhatItWouldWrite() throws {
        let library = try ExampleLibrary()
        try Self.database(in: library)
        expectRun(try library.shelf(["import", "koreader", "import/statistics.sqlite3", "--timezone", "UTC", "--add", "--dry-run"]),
                  stdout: """
                    match   the-name-of-the-wind ← "The Name of the Wind" by Patrick Rothfuss (by title)
                    add     reading/offshore.md ← "Offshore" by Penelope Fitzgerald
                    add     the-name-of-the-wind/2026-11-20-0930-koreader.md
                    add     offshore/2026-11-20-1130-koreader.md
                    Dry run, nothing written: 1 book matched, 1 added, 0 not in the library; 2 sessions added, 0 updated, 0 removed, 0 unchanged

                    """)
        #expect(try library.status() == "A  import/statistics.sqlite3\n")
    }

    @Test func badInputIsRefusedWithNothingWritten() throws {
        let library = try ExampleLibrary()
        try library.write("import/statistics.sqlite3", "not a database at all, just some text of a good length")
        expectRun(try library.shelf(["import", "koreader", "import/missing.sqlite3"]), status: 1,
                  stderr: "shelf: import/missing.sqlite3: no such file or folder\n")
        let result = try library.shelf(["import", "koreader", "import/statistics.sqlite3"])
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.hasPrefix("shelf: import/statistics.sqlite3 is not a readable SQLite database ("), "\(result)")
        #expect(result.stderr.hasSuffix("); nothing was imported\n"), "\(result)")
        let zone = try library.shelf(["import", "koreader", "import/statistics.sqlite3", "--timezone", "Mars/Olympus"])
        #expect(zone.status == 2 && zone.stderr.contains("--timezone Mars/Olympus is not a time zone"), "\(zone)")
        #expect(try library.status() == "A  import/statistics.sqlite3\n")
    }
}
