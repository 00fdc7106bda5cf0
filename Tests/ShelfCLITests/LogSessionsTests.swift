import Foundation
import ShelfTestSupport
import Testing

/// `shelf log` writes one dated file per session; `shelf sessions` lists them.
struct LogSessionsTests {
    let today = ExampleLibrary.today

    @Test func logWritesASessionFromTheLastPageReached() throws {
        let library = try ExampleLibrary()
        // Cloud Atlas was at page 96 of 509, so the session starts on 97; 150 is 29%.
        expectRun(try library.shelf("log", "cloud", "--to", "150", "--minutes", "40", "--at", "7:10", "--note", "Sonmi's chapter.", environment: ExampleLibrary.lateToday),
                  stdout: "reading/cloud-atlas/\(today)-0710-nxpc.md: page 150 of 509 (29%)\n")
        #expect(try library.read("reading/cloud-atlas/\(today)-0710-nxpc.md") == """
            ---
            from: 97
            to: 150
            minutes: 40
            ---

            Sonmi's chapter.

            """)
        // A second session begun in the same minute gets -2.
        expectRun(try library.shelf("log", "cloud", "--to", "170", "--at", "07:10", environment: ExampleLibrary.lateToday),
                  stdout: "reading/cloud-atlas/\(today)-0710-2-mwwh.md: page 170 of 509 (33%)\n")
        #expect(try library.read("reading/cloud-atlas/\(today)-0710-2-mwwh.md") == "---\nfrom: 151\nto: 170\n---\n")
        #expect(try library.status() == """
            A  reading/cloud-atlas/\(today)-0710-2-mwwh.md
            A  reading/cloud-atlas/\(today)-0710-nxpc.md

            """)
    }

    @Test func logBelowTheProgressIsRefusedAndWritesNothing() throws {
        let library = try ExampleLibrary()
        expectRun(try library.shelf("log", "cloud", "--to", "90"), status: 1, stderr: """
            shelf: the session ends on page 90, but cloud-atlas was already at page 96; check the page numbers

            """)
        #expect(try library.status() == "")
    }

    @Test func logPagesMinutesAndADate() throws {
        let library = try ExampleLibrary()
        // 30 of 333 pages is 9%.
        expectRun(try library.shelf("log", "station", "--pages", "30", "--minutes", "25", "--date", "2026-11-20", "--at", "21:05"),
                  stdout: "reading/station-eleven/2026-11-20-2105-nxpc.md: page 30 of 333 (9%)\n",
                  stderr: "shelf: station-eleven moved to reading\n")
        #expect(try library.read("reading/station-eleven/2026-11-20-2105-nxpc.md") == "---\nminutes: 25\npages: 30\n---\n")
    }

    @Test func logOnlyMinutes() throws {
        let library = try ExampleLibrary()
        expectRun(try library.shelf("log", "moby", "--minutes", "20", "--date", "yesterday", "--at", "23:59"),
                  stdout: "reading/moby-dick/\(ExampleLibrary.yesterday)-2359-nxpc.md\n",
                  stderr: "shelf: moby-dick moved to reading\n")
    }

    @Test func loggingABookToReadStartsItOnTheSessionsDay() throws {
        let library = try ExampleLibrary()
        let yesterday = ExampleLibrary.yesterday
        expectRun(try library.shelf("log", "circe", "--to", "30", "--date", "yesterday", "--at", "12:00"),
                  stdout: "reading/circe/\(yesterday)-1200-nxpc.md: page 30 of 393 (7%)\n",
                  stderr: "shelf: circe moved to reading\n")
        #expect(try library.changes() == """
            diff --git a/to-read/circe.md b/reading/circe.md
            rename from to-read/circe.md
            rename to reading/circe.md
            --- a/to-read/circe.md
            +++ b/reading/circe.md
            @@ -9,5 +9,6 @@ publisher: Little, Brown and Company
             language: en
             tags: [mythology, retelling]
             added: 2026-05-10
            +started: \(yesterday)
             recommended_by: Mum
             ---
            diff --git a/reading/circe/\(yesterday)-1200-nxpc.md b/reading/circe/\(yesterday)-1200-nxpc.md
            new file mode 100644
            --- /dev/null
            +++ b/reading/circe/\(yesterday)-1200-nxpc.md
            @@ -0,0 +1,4 @@
            +---
            +from: 1
            +to: 30
            +---

            """)
    }

    @Test(arguments: [
        (["log", "cloud"], "shelf: say what you read: --to PAGE, --pages N, --minutes M or --note TEXT\n"),
        (["log", "cloud", "--to", "120", "--pages", "20"], "shelf: give either --pages or --from/--to, not both\n"),
        (["log", "cloud", "--from", "120", "--to", "100"], "shelf: --to 100 is before --from 120\n"),
        // A day that is no day is a usage error, on `log` as on `finish` and `start`.
        (["log", "cloud", "--to", "120", "--date", "2026-13-01"],
         "shelf: --date takes a day (YYYY-MM-DD, today, yesterday, 3d, 2w or last-monday), got \"2026-13-01\"\n"),
        (["finish", "cloud", "--date", "2026-13-01"],
         "shelf: --date takes a day (YYYY-MM-DD, today, yesterday, 3d, 2w or last-monday), got \"2026-13-01\"\n"),
        (["log", "cloud", "--to", "120", "--at", "25:00"], "shelf: --at takes a time as HH:MM, 00:00 to 23:59, got \"25:00\"\n"),
        (["sessions", "--format", "paths"], "shelf: sessions print as table, json, jsonl, csv or a template\n"),
        (["sessions", "--format", "xml"],
         "shelf: The value 'xml' is invalid for '--format <format>': expected table, json, jsonl, csv or a template with {fields}\n"),
    ])
    func usageErrors(arguments: [String], message: String) throws {
        let library = try ExampleLibrary()
        let result = try library.shelf(arguments, in: ".")
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr.hasPrefix(message))
        #expect(try library.status() == "")
    }

    /// A value refused by validation exits 1, as `set rating=7` does; usage errors exit 2.
    @Test(arguments: [
        (["log", "cloud", "--minutes=-5"], "shelf: --minutes must be 0 or more, got -5\n"),
        (["sessions", "--since", "last week"],
         "shelf: --since takes a day (YYYY-MM-DD, today, yesterday, 3d, 2w or last-monday), a month or a year, got \"last week\"\n"),
        (["sessions", "--until", "soon"],
         "shelf: --until takes a day (YYYY-MM-DD, today, yesterday, 3d, 2w or last-monday), a month or a year, got \"soon\"\n"),
        (["sessions", "--limit=-1"], "shelf: --limit must be 0 or more, got -1\n"),
    ])
    func refusedValues(arguments: [String], message: String) throws {
        let library = try ExampleLibrary()
        let result = try library.shelf(arguments, in: ".")
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.hasPrefix(message))
        #expect(try library.status() == "")
    }

    @Test func sessionsOfOneBook() throws {
        let library = try ExampleLibrary()
        // At its natural width, on a terminal wide enough: the tests' COLUMNS=120 would cut the
        // note (TableWidthTests), and a pipe without COLUMNS gets tabs.
        expectRun(try library.shelf("sessions", "cloud", environment: ["COLUMNS": "200"]), stdout: """
            DATE        BOOK         PAGES  FROM–TO  MINUTES  NOTE
            2026-11-08  Cloud Atlas     40  1–40
            2026-11-16  Cloud Atlas     56  40–96         80  Adam Ewing's journal just stopped mid-sentence. I see what you're doing, Mitchell.

            """)
    }

    @Test func sessionsOfTheLibrarySinceADay() throws {
        let library = try ExampleLibrary()
        expectRun(try library.shelf("sessions", "--since", "2026-11-08", environment: ["COLUMNS": "200"]), stdout: """
            DATE        BOOK                  PAGES  FROM–TO  MINUTES  NOTE
            2026-11-08  Cloud Atlas              40  1–40
            2026-11-10  Anna Karenina            41  230–271       45
            2026-11-14  The Fall of Hyperion     61  190–251       60  The Shrike scenes are genuinely upsetting.
            2026-11-16  Cloud Atlas              56  40–96         80  Adam Ewing's journal just stopped mid-sentence. I see what you're doing, Mitchell.

            """)
        expectRun(try library.shelf("sessions", "dune", "--since", "2024-02-01", "--format", "csv"), stdout: """
            book,title,date,time,path,from,to,pages,minutes,pages_read,note
            dune,Dune,2024-02-03,,finished/sci-fi/dune/2024-02-03.md,260,341,,95,81,The desert chapters are the best part.
            dune,Dune,2024-02-11,,finished/sci-fi/dune/2024-02-11.md,341,412,,90,71,

            """)
        expectRun(try library.shelf("sessions", "--since", "2030-01-01"))
    }

    @Test func aBrokenSessionFileIsSkippedWithOneWarning() throws {
        let library = try ExampleLibrary()
        try library.write("reading/cloud-atlas/2026-11-20.md", "---\nfrom: [\n---\n")
        let result = try library.shelf("sessions", "--since", "2026-11-15", "--format", "jsonl")
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix(#"{"book":"cloud-atlas","title":"Cloud Atlas","date":"2026-11-16","#))
        #expect(result.stdout.split(separator: "\n").count == 1)
        #expect(result.stderr.hasPrefix("shelf: warning: reading/cloud-atlas/2026-11-20.md:"))
        #expect(result.stderr.hasSuffix("; run `shelf check` for details\n"))
        #expect(result.stderr.split(separator: "\n").count == 1)
    }

    @Test func sessionsAsJSONInDayOrderWithSecondSessionsAfterTheFirst() throws {
        let library = try ExampleLibrary()
        let result = try library.shelf("sessions", "wind", "--format", "json")
        #expect(result.status == 0)
        let sessions = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        #expect(sessions.map { $0["path"] as? String ?? "" } == [
            "reading/fantasy/the-name-of-the-wind/2026-10-01.md",
            "reading/fantasy/the-name-of-the-wind/2026-10-03.md",
            "reading/fantasy/the-name-of-the-wind/2026-10-03-2.md",
            "reading/fantasy/the-name-of-the-wind/2026-10-11.md",
        ])
        // 1–60, 60–95, 95–140, 140–212: 212 pages, each boundary page counted once.
        #expect(sessions.map { $0["pages_read"] as? Int ?? -1 } == [60, 35, 45, 72])
        #expect(sessions[2]["date"] as? String == "2026-10-03")
        #expect(sessions[2]["place"] as? String == "bath")
        #expect(sessions[2]["note"] as? String == "Second go the same day — couldn't put it down.\n")
        expectRun(try library.shelf("sessions", "dune", "--since", "2024-02-10", "--format", "jsonl"), stdout: """
            {"book":"dune","title":"Dune","date":"2024-02-11","path":"finished/sci-fi/dune/2024-02-11.md","from":341,"to":412,"minutes":90,"pages_read":71,"place":"sofa"}

            """)
    }

    @Test func sessionsBetweenTwoDaysTheMostRecentFirstAndAsATemplate() throws {
        let library = try ExampleLibrary()
        expectRun(try library.shelf("sessions", "--since", "2026-11", "--until", "2026-11-14", "--limit", "2",
                                    "--format", "{date} {title} by {authors}: {read} pages ({from}–{to}){note}"), stdout: """
            2026-11-10 Anna Karenina by Leo Tolstoy: 41 pages (230–271)
            2026-11-14 The Fall of Hyperion by Dan Simmons: 61 pages (190–251)The Shrike scenes are genuinely upsetting.

            """)
        // The first session of a span counts its pages after the session before it, outside the span.
        expectRun(try library.shelf("sessions", "cloud", "--since", "2026-11-16", "--format", "{read} {book} {path}"),
                  stdout: "56 cloud-atlas reading/cloud-atlas/2026-11-16.md\n")
        expectRun(try library.shelf("sessions", "--until", "2023-12-31"))
        expectRun(try library.shelf("sessions", "--limit", "0"))
    }

    @Test func pagesReadCountBothEndsAndASharedPageOnce() throws {
        let library = try ExampleLibrary()
        expectRun(try library.shelf("log", "circe", "--from", "1", "--to", "60", "--date", "2026-11-01", "--at", "08:00"),
                  stdout: "reading/circe/2026-11-01-0800-nxpc.md: page 60 of 393 (15%)\n", stderr: "shelf: circe moved to reading\n")
        expectRun(try library.shelf("log", "circe", "--to", "120", "--date", "2026-11-02", "--at", "08:00"),
                  stdout: "reading/circe/2026-11-02-0800-nxpc.md: page 120 of 393 (30%)\n")
        expectRun(try library.shelf("log", "circe", "--from", "120", "--to", "150", "--date", "2026-11-03", "--at", "20:30"),
                  stdout: "reading/circe/2026-11-03-2030-nxpc.md: page 150 of 393 (38%)\n")
        #expect(try library.read("reading/circe/2026-11-02-0800-nxpc.md") == "---\nfrom: 61\nto: 120\n---\n")
        expectRun(try library.shelf("sessions", "circe"), stdout: """
            DATE              BOOK   PAGES  FROM–TO  MINUTES  NOTE
            2026-11-01 08:00  Circe     60  1–60
            2026-11-02 08:00  Circe     60  61–120
            2026-11-03 20:30  Circe     30  120–150

            """)
        expectRun(try library.shelf("list", "title:circe", "--format", "{read} pages, page {progress}%"), stdout: "150 pages, page 38%\n")
        let shown = try library.shelf("show", "circe").stdout
        #expect(shown.hasSuffix("progress: 150/393 (38%) · 150 pages read · 50 pages a reading day\n"), "\(shown)")
    }

    @Test(arguments: [
        (["--to", "900"], "the session reaches page 900, past the last page of the-name-of-the-wind (662); check the page "
            + "numbers, or correct the book's page count if the edition is longer (with --pages-total 900 or more)"),
        (["--pages", "500"], "the session reaches page 712, past the last page of the-name-of-the-wind (662); check the page "
            + "numbers, or correct the book's page count if the edition is longer (with --pages-total 712 or more)"),
        (["--to", "300", "--date", "2999-01-01"], "the session's day, 2999-01-01, is after today (\(ExampleLibrary.today)); log it on the day you read"),
        (["--pages", "0"], "the session of the-name-of-the-wind on \(ExampleLibrary.today) records nothing; give the pages, the minutes or a note"),
        (["--note", ""], "the session of the-name-of-the-wind on \(ExampleLibrary.today) records nothing; give the pages, the minutes or a note"),
        (["--to", "212"], "the session of the-name-of-the-wind on \(ExampleLibrary.today) records nothing; give the pages, the minutes or a note"),
        (["--minutes", "100000"], "the session lasts 100000 minutes, more than a day holds (1440); check the minutes"),
        (["--to", "100", "--date", "2026-10-02"], "the session of 2026-10-02 ends on page 100, but a later one of the-name-of-the-wind, "
            + "on 2026-10-03, starts on page 60; check the page numbers or the day"),
    ])
    func impossibleSessionsAreRefusedAndWriteNothing(arguments: [String], message: String) throws {
        let library = try ExampleLibrary()
        expectRun(try library.shelf(["log", "wind"] + arguments), status: 1, stderr: "shelf: \(message)\n")
        #expect(try library.status() == "")
    }

    @Test func aSessionBeforeStartedMovesStartedBackInTheSameWrite() throws {
        let library = try ExampleLibrary()
        expectRun(try library.shelf("log", "wind", "--pages", "10", "--date", "2026-09-30", "--at", "22:15"),
                  stdout: "reading/fantasy/the-name-of-the-wind/2026-09-30-2215-nxpc.md: page 212 of 662 (32%)\n",
                  stderr: "shelf: the-name-of-the-wind was started on 2026-09-30, the day of this session, not 2026-10-01\n")
        #expect(try library.changes().contains("-started: 2026-10-01\n+started: 2026-09-30\n"))
        expectRun(try library.shelf("check"), stderr: "shelf: no problems in 47 books\n")
    }

    @Test func pagesTotalCorrectsTheBookInTheSameWrite() throws {
        let library = try ExampleLibrary()
        expectRun(try library.shelf("log", "wind", "--to", "700", "--pages-total", "722", "--minutes", "90", "--at", "0:30", environment: ExampleLibrary.lateToday),
                  stdout: "reading/fantasy/the-name-of-the-wind/\(today)-0030-nxpc.md: page 700 of 722 (96%)\n")
        let changes = try library.changes()
        #expect(changes.contains("-pages: 662\n+pages: 722\n"), "\(changes)")
        #expect(try library.read("reading/fantasy/the-name-of-the-wind/\(today)-0030-nxpc.md") == "---\nfrom: 213\nto: 700\nminutes: 90\n---\n")
        // Then the next session past the old last page is no longer refused.
        expectRun(try library.shelf("log", "wind", "--to", "722", "--at", "02:00", environment: ExampleLibrary.lateToday),
                  stdout: "reading/fantasy/the-name-of-the-wind/\(today)-0200-nxpc.md: page 722 of 722 (100%)\n")
        // A total still too small is refused like any page past the end, and writes nothing.
        let before = try library.status()
        expectRun(try library.shelf("log", "wind", "--to", "800", "--pages-total", "790", environment: ExampleLibrary.lateToday),
                  status: 1, stderr: """
            shelf: the session reaches page 800, past the last page of the-name-of-the-wind (790); check the page numbers, \
            or correct the book's page count if the edition is longer (with --pages-total 800 or more)

            """)
        #expect(try library.status() == before)
    }
}
