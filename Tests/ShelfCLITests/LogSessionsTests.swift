import Foundation
import ShelfTestSupport
import Testing

/// `shelf log` writes one dated file per session; `shelf sessions` lists them.
struct LogSessionsTests {
    let today = ExampleLibrary.today

    @Test func logWritesASessionFromTheLastPageReached() throws {
        let library = try ExampleLibrary()
        // Cloud Atlas was at page 96 of 509; 150 is 29%.
        expectRun(try library.shelf("log", "cloud", "--to", "150", "--minutes", "40", "--note", "Sonmi's chapter."),
                  stdout: "reading/cloud-atlas/\(today).md: page 150 of 509 (29%)\n")
        #expect(try library.read("reading/cloud-atlas/\(today).md") == """
            ---
            from: 96
            to: 150
            minutes: 40
            ---

            Sonmi's chapter.

            """)
        expectRun(try library.shelf("log", "cloud", "--to", "170"),
                  stdout: "reading/cloud-atlas/\(today)-2.md: page 170 of 509 (33%)\n")
        #expect(try library.read("reading/cloud-atlas/\(today)-2.md") == "---\nfrom: 150\nto: 170\n---\n")
        #expect(try library.status() == """
            A  reading/cloud-atlas/\(today)-2.md
            A  reading/cloud-atlas/\(today).md

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
        expectRun(try library.shelf("log", "station", "--pages", "30", "--minutes", "25", "--date", "2026-11-20"),
                  stdout: "reading/station-eleven/2026-11-20.md: page 30 of 333 (9%)\n",
                  stderr: "shelf: station-eleven moved to reading\n")
        #expect(try library.read("reading/station-eleven/2026-11-20.md") == "---\nminutes: 25\npages: 30\n---\n")
    }

    @Test func logOnlyMinutes() throws {
        let library = try ExampleLibrary()
        expectRun(try library.shelf("log", "moby", "--minutes", "20", "--date", "yesterday"),
                  stdout: "reading/moby-dick/\(ExampleLibrary.yesterday).md\n",
                  stderr: "shelf: moby-dick moved to reading\n")
    }

    @Test func loggingABookToReadStartsItOnTheSessionsDay() throws {
        let library = try ExampleLibrary()
        let yesterday = ExampleLibrary.yesterday
        expectRun(try library.shelf("log", "circe", "--to", "30", "--date", "yesterday"),
                  stdout: "reading/circe/\(yesterday).md: page 30 of 393 (7%)\n",
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
            diff --git a/reading/circe/\(yesterday).md b/reading/circe/\(yesterday).md
            new file mode 100644
            --- /dev/null
            +++ b/reading/circe/\(yesterday).md
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
        (["sessions", "--format", "paths"], "shelf: sessions print as table, json, jsonl or csv\n"),
    ])
    func usageErrors(arguments: [String], message: String) throws {
        let library = try ExampleLibrary()
        let result = try library.shelf(arguments, in: ".")
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr.hasPrefix(message))
        #expect(try library.status() == "")
    }

    @Test func sessionsOfOneBook() throws {
        let library = try ExampleLibrary()
        // At its natural width: the tests' COLUMNS=120 would cut the note (TableWidthTests).
        expectRun(try library.shelf("sessions", "cloud", environment: ["COLUMNS": ""]), stdout: """
            DATE        BOOK         PAGES  FROM–TO  MINUTES  NOTE
            2026-11-08  cloud-atlas     39  1–40
            2026-11-16  cloud-atlas     56  40–96         80  Adam Ewing's journal just stopped mid-sentence. I see what you're doing, Mitchell.

            """)
    }

    @Test func sessionsOfTheLibrarySinceADay() throws {
        let library = try ExampleLibrary()
        expectRun(try library.shelf("sessions", "--since", "2026-11-08", environment: ["COLUMNS": ""]), stdout: """
            DATE        BOOK                  PAGES  FROM–TO  MINUTES  NOTE
            2026-11-08  cloud-atlas              39  1–40
            2026-11-10  anna-karenina            41  230–271       45
            2026-11-14  the-fall-of-hyperion     61  190–251       60  The Shrike scenes are genuinely upsetting.
            2026-11-16  cloud-atlas              56  40–96         80  Adam Ewing's journal just stopped mid-sentence. I see what you're doing, Mitchell.

            """)
        expectRun(try library.shelf("sessions", "dune", "--since", "2024-02-01", "--format", "csv"), stdout: """
            book,date,path,from,to,pages,minutes,pages_read,note
            dune,2024-02-03,finished/sci-fi/dune/2024-02-03.md,260,341,,95,81,The desert chapters are the best part.
            dune,2024-02-11,finished/sci-fi/dune/2024-02-11.md,341,412,,90,71,

            """)
        expectRun(try library.shelf("sessions", "--since", "2030-01-01"))
    }

    @Test func aBrokenSessionFileIsSkippedWithOneWarning() throws {
        let library = try ExampleLibrary()
        try library.write("reading/cloud-atlas/2026-11-20.md", "---\nfrom: [\n---\n")
        let result = try library.shelf("sessions", "--since", "2026-11-15", "--format", "jsonl")
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix(#"{"book":"cloud-atlas","date":"2026-11-16","#))
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
        #expect(sessions.map { $0["pages_read"] as? Int ?? -1 } == [59, 35, 45, 72])
        #expect(sessions[2]["date"] as? String == "2026-10-03")
        #expect(sessions[2]["place"] as? String == "bath")
        #expect(sessions[2]["note"] as? String == "Second go the same day — couldn't put it down.\n")
        expectRun(try library.shelf("sessions", "dune", "--since", "2024-02-10", "--format", "jsonl"), stdout: """
            {"book":"dune","date":"2024-02-11","path":"finished/sci-fi/dune/2024-02-11.md","from":341,"to":412,"minutes":90,"pages_read":71,"place":"sofa"}

            """)
    }
}
