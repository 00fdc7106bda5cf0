import Foundation
import ShelfTestSupport
import Testing

/// Dates follow the statuses' roles wherever a book arrives, take a day relative to today
/// wherever one is taken, and are never in the future.
struct DatesTests {
    let today = ExampleLibrary.today

    @Test func addIntoAStatusSetsTheDatesAMoveIntoItWould() throws {
        let library = try ExampleLibrary()
        expectRun(try library.shelf("add", "Kindred", "-a", "Octavia E. Butler", "--status", "finished"),
                  stdout: "finished/kindred.md\n")
        expectRun(try library.shelf("add", "Parable of the Sower", "--status", "reading"), stdout: "reading/parable-of-the-sower.md\n")
        expectRun(try library.shelf("add", "Dawn", "--status", "finished", "--set", "finished=2025-03-01"),
                  stdout: "finished/dawn.md\n")
        expectRun(try library.shelf("add", "Wild Seed"), stdout: "to-read/wild-seed.md\n")
        #expect(try library.read("finished/kindred.md") == """
            ---
            title: Kindred
            authors: [Octavia E. Butler]
            added: \(today)
            finished: \(today)
            ---

            """)
        #expect(try library.read("reading/parable-of-the-sower.md") == "---\ntitle: Parable of the Sower\nadded: \(today)\nstarted: \(today)\n---\n")
        #expect(try library.read("finished/dawn.md") == "---\ntitle: Dawn\nadded: \(today)\nfinished: 2025-03-01\n---\n")
        #expect(try library.read("to-read/wild-seed.md") == "---\ntitle: Wild Seed\nadded: \(today)\n---\n")
    }

    @Test func startAndFinishTakeADay() throws {
        let library = try ExampleLibrary()
        let threeDaysAgo = ExampleLibrary.day(offset: -3)
        expectRun(try library.shelf("start", "circe", "--date", "3d"), stdout: "to-read/circe.md → reading/circe.md\n")
        expectRun(try library.shelf("finish", "circe", "--date", "yesterday", "--rating", "4"),
                  stdout: "reading/circe.md → finished/circe.md\n")
        #expect(try library.changes() == """
            diff --git a/to-read/circe.md b/finished/circe.md
            rename from to-read/circe.md
            rename to finished/circe.md
            --- a/to-read/circe.md
            +++ b/finished/circe.md
            @@ -8,6 +8,9 @@ pages: 393
             publisher: Little, Brown and Company
             language: en
             tags: [mythology, retelling]
            +rating: 4
             added: 2026-05-10
            +started: \(threeDaysAgo)
            +finished: \(ExampleLibrary.yesterday)
             recommended_by: Mum
             ---

            """)
    }

    @Test func aDayInTheFutureIsRefusedAndNothingIsWritten() throws {
        let library = try ExampleLibrary()
        expectRun(try library.shelf("finish", "cloud", "--date", "2999-01-01"), status: 1, stderr: """
            shelf: reading/cloud-atlas.md: finished is after today (\(today)), found "2999-01-01"

            """)
        expectRun(try library.shelf("start", "circe", "--date", "2999-01-01"), status: 1, stderr: """
            shelf: to-read/circe.md: started is after today (\(today)), found "2999-01-01"

            """)
        expectRun(try library.shelf("set", "dune", "finished=2999-01-01"), status: 1, stderr: """
            shelf: finished/sci-fi/dune.md: finished is after today (\(today)), found "2999-01-01"

            """)
        expectRun(try library.shelf("add", "Later", "--set", "started=2999-01-01"), status: 1, stderr: """
            shelf: to-read/later.md: started is after today (\(today)), found "2999-01-01"

            """)
        #expect(try library.status() == "")
        // A day that is not a day is a usage error, as everywhere.
        let usage = try library.shelf("start", "circe", "--date", "someday")
        #expect(usage.status == 2)
        #expect(usage.stderr.hasPrefix("shelf: --date takes a day (YYYY-MM-DD, today, yesterday, 3d, 2w or last-monday), got \"someday\"\n"))
    }

    @Test func logTakesLastWeekday() throws {
        let library = try ExampleLibrary()
        let result = try library.shelf("log", "wind", "--minutes", "20", "--date", "last-sunday")
        #expect(result.status == 0, "\(result)")
        // The file is named after the latest Sunday before today, whatever day today is.
        let name = try #require(result.stdout.split(separator: ":").first?.split(separator: "/").last.map { String($0.prefix(10)) })
        let parts = name.split(separator: "-").compactMap { Int($0) }
        let calendar = Calendar.current
        let day = try #require(calendar.date(from: DateComponents(year: parts[0], month: parts[1], day: parts[2])))
        let distance = try #require(calendar.dateComponents([.day], from: day, to: calendar.startOfDay(for: Date())).day)
        #expect(calendar.component(.weekday, from: day) == 1 && (1...7).contains(distance), "\(result)")
    }

    /// A finish dated before the read began is refused, however it is given, and `check` finds
    /// one written by hand. Dune was started on 2024-01-02 and finished on 2024-02-11.
    @Test func aFinishBeforeTheStartIsRefusedAndChecked() throws {
        let library = try ExampleLibrary()
        expectRun(try library.shelf("set", "dune", "started=2w"), status: 1, stderr: """
            shelf: finished/sci-fi/dune.md: finished is before the day the read began (started: \(ExampleLibrary.day(offset: -14))), \
            found "2024-02-11"

            """)
        expectRun(try library.shelf("set", "dune", "finished=2023-12-31"), status: 1, stderr: """
            shelf: finished/sci-fi/dune.md: finished is before the day the read began (started: 2024-01-02), found "2023-12-31"

            """)
        // cloud-atlas was started on 2026-11-08.
        expectRun(try library.shelf("finish", "cloud", "--date", "2026-11-01"), status: 1, stderr: """
            shelf: reading/cloud-atlas.md: finished is before the day the read began (started: 2026-11-08), found "2026-11-01"

            """)
        expectRun(try library.shelf("abandon", "cloud", "--date", "2026-11-01"), status: 1, stderr: """
            shelf: reading/cloud-atlas.md: stopped is before the day the read began (started: 2026-11-08), found "2026-11-01"

            """)
        #expect(try library.changes().isEmpty)
        // Both dates moved together are one correction.
        expectRun(try library.shelf("set", "dune", "started=2w", "finished=yesterday"), stdout: "finished/sci-fi/dune.md\n")
        try library.write("finished/sci-fi/dune.md", try library.read("finished/sci-fi/dune.md")
            .replacingOccurrences(of: "finished: \(ExampleLibrary.yesterday)", with: "finished: 2024-02-11"))
        let check = try library.shelf("check")
        #expect(check.status == 1)
        #expect(check.stdout.contains("finished/sci-fi/dune.md:"), "\(check)")
        #expect(check.stdout.contains(": finished is before the day the read began (started: \(ExampleLibrary.day(offset: -14))), found \"2024-02-11\"\n"),
                "\(check)")
    }

    @Test func setTakesRelativeDaysForDateFields() throws {
        let library = try ExampleLibrary()
        expectRun(try library.shelf("set", "cloud", "started=2w", "bought=yesterday"), stdout: "reading/cloud-atlas.md\n",
                  stderr: "shelf: bought is a new key: no other book has it\n")
        let changes = try library.changes()
        // A day field takes the day; any other key keeps the text as typed.
        #expect(changes.contains("+started: \(ExampleLibrary.day(offset: -14))\n"), "\(changes)")
        #expect(changes.contains("+bought: yesterday\n"), "\(changes)")
        expectRun(try library.shelf("log", "cloud", "--to", "120", "--date", "3d", "--at", "19:45"),
                  stdout: "reading/cloud-atlas/\(ExampleLibrary.day(offset: -3))-1945-nxpc.md: page 120 of 509 (23%)\n")
    }
}
