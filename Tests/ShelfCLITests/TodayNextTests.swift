import Foundation
import ShelfTestSupport
import Testing

/// `shelf today` (the day at a glance) and `shelf next` (the up-next order of the books to read).
struct TodayNextTests {
    let today = ExampleLibrary.today
    let year = String(ExampleLibrary.today.prefix(4))

    /// Pages per book come from all of its sessions: today's 110–130 after yesterday's 97–110 is
    /// 20 pages, not 21. The example library's last session is days before, so the streak is 2.
    @Test func todayShowsTheDaysReadingStreakAndGoal() throws {
        let library = try ExampleLibrary()
        expectRun(try library.shelf("log", "cloud-atlas", "--from", "97", "--to", "110", "--minutes", "20", "--date", "yesterday",
                                    "--at", "21:00"),
                  stdout: "reading/cloud-atlas/\(ExampleLibrary.yesterday)-2100-nxpc.md: page 110 of 509 (21%)\n")
        _ = try library.shelf("log", "cloud-atlas", "--from", "110", "--to", "130", "--minutes", "30")
        _ = try library.shelf("log", "circe", "--pages", "12")
        let result = try library.shelf("today")
        #expect(result.status == 0)
        #expect(result.stderr == "")
        #expect(result.stdout.hasPrefix("""
            Today, \(today)

            TITLE        SESSIONS  PAGES  MINUTES
            Cloud Atlas         1     20       30
            Circe               1     12

            Total      32 pages in 2 sessions, 30 min
            Streak     2 days in a row with a session
            Goal \(year)  
            """), "\(result.stdout)")
        #expect(result.stdout.contains(" of 24 books, "))
        // The pages a day the goal needs: the library's 24 a year are not all finished.
        #expect(result.stdout.contains("\nNeeded     "), "\(result.stdout)")

        let json = try #require(try JSONSerialization.jsonObject(with: Data(library.shelf("today", "--format", "json").stdout.utf8))
                                as? [String: Any])
        #expect(json["period"] as? String == "day")
        #expect(json["pages"] as? Int == 32)
        #expect(json["streak"] as? Int == 2)
        let books = try #require(json["books"] as? [[String: Any]])
        #expect(books.map { $0["id"] as? String } == ["cloud-atlas", "circe"])
        let goal = try #require(json["goal"] as? [String: Any])
        #expect(goal["goal"] as? Int == 24)
        #expect(goal.keys.sorted() == ["books_needed", "days_left", "expected_by_today", "finished", "goal", "on_pace",
                                       "pages_per_day", "typical_pages", "year"])

        let week = try library.shelf("today", "--week")
        #expect(week.stdout.hasPrefix("This week, "), "\(week.stdout)")
        let both = try library.shelf("today", "--week", "--month")
        #expect(both.status == 2)
        #expect(both.stderr.hasPrefix("shelf: --week and --month cannot be used together\n"))
    }

    @Test func todayWithNothingRead() throws {
        let library = try ExampleLibrary()
        let result = try library.shelf("today", "--color", "never")
        #expect(result.stdout.hasPrefix("Today, \(today)\n\nNothing read yet today.\n\nTotal      0 pages in 0 sessions\nStreak     0 days\n"),
                "\(result.stdout)")
    }

    @Test func nextListsTheBooksToReadAndReorders() throws {
        let library = try ExampleLibrary()
        let before = try library.shelf("next")
        #expect(before.stdout.split(separator: "\n").dropFirst().first?.contains("Moby-Dick") == true, "\(before.stdout)")
        #expect(before.stdout.split(separator: "\n").count == 14)

        expectRun(try library.shelf("next", "circe"), stdout: "to-read/circe.md: next: 1\n")
        expectRun(try library.shelf("next", "code", "--position", "1"),
                  stdout: "to-read/tech/code.md: next: 1\nto-read/circe.md: next: 2\n")
        // One line each, after the keys it follows in the table, before the person's own.
        let changes = try library.changes()
        #expect(changes.contains(" added: 2026-05-10\n+next: 2\n recommended_by: Mum\n"), "\(changes)")
        #expect(changes.split(separator: "\n").filter { $0.hasPrefix("+") && !$0.hasPrefix("+++") } == ["+next: 2", "+next: 1"])
        let order = try library.shelf("next").stdout.split(separator: "\n")
        #expect(order.dropFirst().prefix(3).map { $0.split(separator: " ", maxSplits: 2).dropFirst().first.map(String.init) }
                == ["Code", "Circe", "Moby-Dick"], "\(order)")
        expectRun(try library.shelf("list", "next:1", "--format", "paths"), stdout: "to-read/tech/code.md\n")
        expectRun(try library.shelf("list", "has:next", "--sort", "next-", "--format", "{next} {id}"), stdout: "2 circe\n1 code\n")
        expectRun(try library.shelf("next", "circe", "--last"), stdout: "circe is already next: 2; nothing changed\n")

        expectRun(try library.shelf("next", "--remove", "code"), stdout: "to-read/tech/code.md: next removed\nto-read/circe.md: next: 1\n")
        expectRun(try library.shelf("next", "--remove", "code"), stdout: "code has no place up next; nothing changed\n")
        // Starting a book takes it out of the order in the same write.
        expectRun(try library.shelf("start", "circe"), stdout: "to-read/circe.md → reading/circe.md\n")
        #expect(!(try String(contentsOf: library.root.appendingPathComponent("reading/circe.md"), encoding: .utf8)).contains("next:"))
        expectRun(try library.shelf("list", "has:next"), stdout: "")
    }

    /// The first books up next, the order of the others found from their places alone: the
    /// table is the head of the whole order, and stderr says how many there are.
    @Test func nextListsTheFirstBooksUpNext() throws {
        let library = try ExampleLibrary()
        expectRun(try library.shelf("next", "code", "--position", "1"), stdout: "to-read/tech/code.md: next: 1\n")
        let every = try library.shelf("next", "--all", "--color", "never")
        let rows = every.stdout.split(separator: "\n")
        #expect(rows.count == 14 && every.stderr.isEmpty, "\(every)")
        expectRun(try library.shelf("next", "--all", "--color", "never", "--no-index"), stdout: every.stdout)
        let first = try library.shelf("next", "--limit", "3", "--color", "never")
        // The same rows, in columns as wide as their own.
        func words(_ lines: some Sequence<Substring>) -> [[Substring]] { lines.map { $0.split(separator: " ") } }
        #expect(words(first.stdout.split(separator: "\n")) == words(rows.prefix(4)), "\(first.stdout)")
        #expect(first.stdout.split(separator: "\n").dropFirst().first?.contains("Code") == true)
        #expect(first.stderr == "shelf: the first 3 of 13 books to read; --all lists every one\n")
        // From the places in the index's rows, as from the books read whole.
        expectRun(try library.shelf("next", "--limit", "3", "--color", "never", "--no-index"), stdout: first.stdout, stderr: first.stderr)
        let json = try library.shelf("next", "--limit", "2", "--format", "json")
        #expect(json.stdout.components(separatedBy: "\"title\"").count == 3, "\(json.stdout)")
        expectRun(try library.shelf("next", "--limit", "0"), status: 1, stderr: "shelf: --limit takes 1 or more, got 0\n")
    }

    @Test func nextRefusesWhatIsNotToRead() throws {
        let library = try ExampleLibrary()
        expectRun(try library.shelf("next", "cloud-atlas"), status: 1,
                  stderr: "shelf: cloud-atlas is in reading: only books still to read have a place up next\n")
        expectRun(try library.shelf("next", "circe", "--position", "0"), status: 1, stderr: "shelf: --position takes 1 or more, got 0\n")
        expectRun(try library.shelf("next", "--remove"), status: 2,
                  stderr: "shelf: --position, --last and --remove need a book\nUsage: shelf next [<options>] [<query> ...]\n  See 'shelf next --help' for more information.\n")
        #expect(try library.changes() == "")
    }

    @Test func randomPicksAmongTheQuery() throws {
        let library = try ExampleLibrary()
        let pick = try library.shelf("next", "--random", "tag:sea", "--format", "json")
        let books = try #require(try JSONSerialization.jsonObject(with: Data(pick.stdout.utf8)) as? [[String: Any]])
        #expect(books.map { $0["id"] as? String } == ["moby-dick"])
        // Finished books are not picked, whatever the query matches.
        expectRun(try library.shelf("next", "--random", "tag:le-guin", "status:finished"), status: 1,
                  stderr: "shelf: no book in to-read matches the query\n")
        // Its place is among all the books to read.
        _ = try library.shelf("next", "circe")
        expectRun(try library.shelf("next", "--random", "tag:sea"), stdout: """
            #  TITLE      AUTHORS          PAGES  ADDED
            2  Moby-Dick  Herman Melville    720  2023-10-01

            """)
        let any = try library.shelf("next", "--random")
        #expect(any.status == 0)
        #expect(any.stdout.split(separator: "\n").count == 2)
        // One book is picked: a length of listing is refused rather than ignored.
        for length in [["--limit", "3"], ["--all"]] {
            expectRun(try library.shelf(["next", "--random"] + length), status: 2,
                      stderr: "shelf: --random picks one book; it cannot be used with --limit or --all\n"
                        + "Usage: shelf next [<options>] [<query> ...]\n  See 'shelf next --help' for more information.\n")
        }
        expectRun(try library.shelf("next", "--limit", "3", "--all"), status: 2,
                  stderr: "shelf: --limit lists the first books and --all every one; give one of them\n"
                    + "Usage: shelf next [<options>] [<query> ...]\n  See 'shelf next --help' for more information.\n")
    }
}
