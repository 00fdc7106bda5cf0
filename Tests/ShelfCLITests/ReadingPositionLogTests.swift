import Foundation
import ShelfTestSupport
import Testing

/// Progress the way people read today: an e-reader's percent and locations, an audiobook's time,
/// mixed with pages, and every figure in pages whatever the units.
struct ReadingPositionLogTests {
    let today = ExampleLibrary.today
    let yesterday = ExampleLibrary.yesterday
    let twoDaysAgo = ExampleLibrary.day(offset: -2)

    /// The pace of `shelf stats --format json`: pages read, sessions, minutes.
    private func pace(_ library: ExampleLibrary, _ index: [String]) throws -> [Int] {
        let result = try library.shelf(index + ["stats", "--format", "json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let pace = try #require(object["pace"] as? [String: Any])
        return ["pages_read", "sessions", "minutes"].map { pace[$0] as? Int ?? -1 }
    }

    /// Klara and the Sun, 303 pages, on a Kindle of 6,000 locations: a session in percent, one
    /// in pages, one in locations. Each adds up to the page reached.
    @Test func aKindleBookLoggedInPercentThenPagesThenLocations() throws {
        let library = try ExampleLibrary()
        let before = try pace(library, [])
        expectRun(try library.shelf("set", "klara", "locations=6000"), stdout: "to-read/klara-and-the-sun.md\n")
        // 20% of 303 pages is page 61.
        expectRun(try library.shelf("log", "klara", "--to", "20%", "--minutes", "1h", "--date", twoDaysAgo, "--at", "8:00"),
                  stdout: "reading/klara-and-the-sun/\(twoDaysAgo)-0800-nxpc.md: page 61 of 303 (20%)\n",
                  stderr: "shelf: klara-and-the-sun moved to reading\n")
        expectRun(try library.shelf("log", "klara", "--to", "120", "--minutes", "30", "--date", "yesterday", "--at", "9:00"),
                  stdout: "reading/klara-and-the-sun/\(yesterday)-0900-nxpc.md: page 120 of 303 (39%)\n")
        // Location 3000 of 6000 is half the book, page 152.
        expectRun(try library.shelf("log", "klara", "--to", "loc 3000", "--minutes", "0:45", "--at", "7:00", environment: ExampleLibrary.lateToday),
                  stdout: "reading/klara-and-the-sun/\(today)-0700-nxpc.md: page 152 of 303 (50%)\n")
        #expect(try library.read("reading/klara-and-the-sun/\(twoDaysAgo)-0800-nxpc.md") == "---\nfrom: 0%\nto: 20%\nminutes: 60\n---\n")
        #expect(try library.read("reading/klara-and-the-sun/\(yesterday)-0900-nxpc.md") == "---\nfrom: 20%\nto: 120\nminutes: 30\n---\n")
        #expect(try library.read("reading/klara-and-the-sun/\(today)-0700-nxpc.md") == "---\nfrom: 121\nto: loc 3000\nminutes: 45\n---\n")
        #expect(try library.read("reading/klara-and-the-sun.md").contains("pages: 303\nlocations: 6000\n"))

        let show = try library.shelf("show", "klara").stdout
        #expect(show.hasSuffix("""
            Sessions (3)
              \(twoDaysAgo) 08:00  0%–20%         61 pages   60 min
              \(yesterday) 09:00  20%–120        59 pages   30 min
              \(today) 07:00  121–loc 3000   32 pages   45 min
            progress: 152/303 (50%) · 152 pages read in 2 h 15 min · 50.7 pages a reading day · 68 pages/hour

            """), "\(show)")
        let summary = try library.shelf("today").stdout
        #expect(summary.contains("Klara and the Sun         1     32       45\n"), "\(summary)")
        // The index and a read of the files agree, in figures, queries and stats.
        for index in [[String](), ["--no-index"]] {
            expectRun(try library.shelf(index + ["list", "klara", "--format", "{title}: {read} pages, {progress}%"]),
                      stdout: "Klara and the Sun: 152 pages, 50%\n")
            expectRun(try library.shelf(index + ["list", "read:152", "--format", "{id}"]), stdout: "klara-and-the-sun\n")
            let after = try pace(library, index)
            #expect(zip(after, before).map { $0 - $1 } == [152, 3, 135], "\(index)")
        }
        let sessions = try library.shelf("sessions", "klara", "--format", "csv")
        #expect(sessions.stdout.contains("\(today),07:00,reading/klara-and-the-sun/\(today)-0700-nxpc.md,121,loc 3000,,45,32,"), "\(sessions)")
    }

    /// An audiobook with a `duration` and no pages: logged in times, shown as a percent.
    @Test func anAudiobookLoggedInTimes() throws {
        let library = try ExampleLibrary()
        try library.write("to-read/lincoln-in-the-bardo.md", "---\ntitle: Lincoln in the Bardo\nduration: 7h30m\n---\n")
        try library.git("add", "-A")
        try library.git("-c", "user.name=shelf", "-c", "user.email=shelf@example.org", "commit", "-q", "-m", "audiobook")
        expectRun(try library.shelf("log", "lincoln", "--to", "1:30", "--minutes", "1h30", "--date", "yesterday", "--at", "6:00"),
                  stdout: "reading/lincoln-in-the-bardo/\(yesterday)-0600-nxpc.md: 20%\n",
                  stderr: "shelf: lincoln-in-the-bardo moved to reading\n")
        expectRun(try library.shelf("log", "lincoln", "--to", "3h", "--minutes", "80", "--at", "6:00", environment: ExampleLibrary.lateToday),
                  stdout: "reading/lincoln-in-the-bardo/\(today)-0600-nxpc.md: 40%\n")
        expectRun(try library.shelf("log", "lincoln", "--to", "8h", environment: ExampleLibrary.lateToday), status: 1, stderr: """
            shelf: the session reaches 8h, past the end of lincoln-in-the-bardo (7h30m); check the position, or correct the book's duration

            """)
        expectRun(try library.shelf("log", "lincoln", "--to", "loc 40", environment: ExampleLibrary.lateToday), status: 1, stderr: """
            shelf: the session gives location 40, but lincoln-in-the-bardo has no locations to measure it against; set the book's locations first

            """)
        #expect(try library.read("reading/lincoln-in-the-bardo/\(yesterday)-0600-nxpc.md") == "---\nfrom: 0m\nto: 1h30m\nminutes: 90\n---\n")
        #expect(try library.read("reading/lincoln-in-the-bardo/\(today)-0600-nxpc.md") == "---\nfrom: 1h30m\nto: 3h\nminutes: 80\n---\n")
        let show = try library.shelf("show", "lincoln").stdout
        #expect(show.hasSuffix("progress: 40% · 2 h 50 min\n"), "\(show)")
        for index in [[String](), ["--no-index"]] {
            expectRun(try library.shelf(index + ["list", "progress:40", "--format", "{id} {progress}%"]), stdout: "lincoln-in-the-bardo 40%\n")
        }
        // A correction in another unit rewrites the one line.
        expectRun(try library.shelf("session", "edit", "lincoln", "last", "--to", "3h45m", "--minutes", "1:35"),
                  stdout: "reading/lincoln-in-the-bardo/\(today)-0600-nxpc.md\n")
        #expect(try library.read("reading/lincoln-in-the-bardo/\(today)-0600-nxpc.md") == "---\nfrom: 1h30m\nto: 3h45m\nminutes: 95\n---\n")
        expectRun(try library.shelf("check"), stderr: "shelf: no problems in 48 books\n")
    }

    /// `shelf read --stop --to` takes a percent: the session starts where the book was, in pages.
    @Test func aLiveSessionStopsAtAPercent() throws {
        let library = try ExampleLibrary()
        _ = try library.shelf("read", "cloud", "--start")
        let text = try library.read(".shelf/live/cloud-atlas.md")
        let line = try #require(text.split(separator: "\n").first { $0.hasPrefix("started: ") })
        let time = line.dropFirst("started: YYYY-MM-DDT".count).prefix(5).replacingOccurrences(of: ":", with: "")
        // Cloud Atlas was at page 96 of 509; 25% is page 127, and the percent shown is the one given.
        expectRun(try library.shelf("read", "--stop", "--to", "25%", "--minutes", "1h"),
                  stdout: "reading/cloud-atlas/\(today)-\(time)-nxpc.md: page 127 of 509 (25%)\n")
        #expect(try library.read("reading/cloud-atlas/\(today)-\(time)-nxpc.md") == "---\nfrom: 97\nto: 25%\nminutes: 60\n---\n")
        expectRun(try library.shelf("list", "cloud", "--format", "{read} {progress}"), stdout: "127 25\n")
    }

    @Test func positionsAndMinutesTheCommandLineRefuses() throws {
        let library = try ExampleLibrary()
        expectRun(try library.shelf("log", "cloud", "--to", "120%"), status: 1, stderr: "shelf: --to must be at most 100%, got 120%\n")
        expectRun(try library.shelf("log", "cloud", "--from=-3", "--to", "20"), status: 1, stderr: "shelf: --from must be 0 or more, got -3\n")
        expectRun(try library.shelf("log", "cloud", "--from", "40%", "--to", "30%"), status: 2, stderr: """
            shelf: --to 30% is before --from 40%
            Usage: shelf log [<options>] <book>
              See 'shelf log --help' for more information.

            """)
        let lots = try library.shelf("log", "cloud", "--minutes", "lots")
        #expect(lots.status == 2 && lots.stderr.hasPrefix("shelf: The value 'lots' is invalid for '--minutes <minutes>'"), "\(lots)")
        let late = try library.shelf("read", "--stop", "--to", "1h75m")
        #expect(late.status == 2 && late.stderr.hasPrefix("shelf: The value '1h75m' is invalid for '--to <to>'\n"), "\(late)")
        #expect(try library.status() == "")
    }
}
