import Foundation
import FrontMatterFuzzing
@testable import ShelfKit
import ShelfTestSupport
import Testing

/// Positions in pages, percent, locations and audiobook time: parsing and writing, conversion to
/// pages when a book's sessions mix units, and what is refused.
struct ReadingPositionTests {
    @Test func parsesWhatPeopleType() {
        let cases: [(String, ReadingPosition?)] = [
            ("120", .page(120)), (" 7 ", .page(7)), ("0", .page(0)), ("45%", .percent(45)), ("100%", .percent(100)),
            ("101%", nil), ("-3", nil), ("4.5%", nil), ("loc 3400", .location(3400)), ("loc3400", .location(3400)),
            ("Location 12", .location(12)), ("loc", nil), ("3h20m", .time(minutes: 200)), ("3h20", .time(minutes: 200)),
            ("3:20", .time(minutes: 200)), ("3h", .time(minutes: 180)), ("45m", .time(minutes: 45)), ("3:5", nil),
            ("3h75m", nil), ("h", nil), ("page", nil), ("", nil), ("12 34", nil),
        ]
        for (text, expected) in cases { #expect(ReadingPosition(text) == expected, "\(text)") }
    }

    @Test func parsesDurations() {
        let cases: [(String, Int?)] = [
            ("90", 90), ("1h30", 90), ("1h30m", 90), ("1:30", 90), ("45m", 45), ("1h", 60), ("0", 0), ("11h20m", 680),
            ("1h60", nil), ("1:5", nil), ("m", nil), ("1hm", nil), ("-5", nil), ("an hour", nil), ("1.5h", nil),
        ]
        for (text, expected) in cases { #expect(ReadingDuration.minutes(text) == expected, "\(text)") }
        #expect([0, 45, 60, 90, 680].map(ReadingDuration.text) == ["0m", "45m", "1h", "1h30m", "11h20m"])
    }

    /// Every position written reads back as itself, as a file holds it and as JSON has it.
    @Test func writtenPositionsReadBackTheSame() throws {
        var random = SeededGenerator(seed: 18)
        for _ in 0..<2000 {
            let value = Int.random(in: 0...20_000, using: &random)
            let position: ReadingPosition = switch Int.random(in: 0..<4, using: &random) {
            case 0: .page(value)
            case 1: .percent(value % 101)
            case 2: .location(value)
            default: .time(minutes: value)
            }
            #expect(ReadingPosition(position.description) == position, "\(position)")
            let json = try JSONEncoder().encode([position])
            #expect(try JSONDecoder().decode([ReadingPosition].self, from: json) == [position])
            let session = ReadingSession(day: day("2024-03-01"))
            var positioned = session
            positioned.toPosition = position
            let document = try SessionFormat.newFile(positioned, path: "reading/dune/2024-03-01.md")
            let (read, errors) = SessionFormat.read(document, bookID: "dune", name: try #require(SessionFileName("2024-03-01.md")))
            #expect(errors.isEmpty && read.toPosition == position, "\(position)")
        }
    }

    @Test func pagesStayThePageAPI() {
        var session = ReadingSession(day: day("2024-03-01"), from: 1, to: 60)
        #expect(session.fromPosition == .page(1) && session.toPosition == .page(60))
        session.toPosition = .percent(45)
        #expect(session.to == nil && session.from == 1)
        session.to = 80
        #expect(session.toPosition == .page(80))
    }

    /// One session in pages, the next in percent, the next in locations: the pages read add up
    /// to the page reached, and pace counts them.
    @Test func mixedUnitsCountInPages() {
        let book = Book(id: "circe", title: "Circe", pages: 400, locations: 8000)
        let sessions = [
            ReadingSession(bookID: "circe", day: day("2024-03-01"), from: 1, to: 100, minutes: 60),
            positioned(ReadingSession(bookID: "circe", day: day("2024-03-02"), minutes: 60), from: .percent(25), to: .percent(50)),
            positioned(ReadingSession(bookID: "circe", day: day("2024-03-03"), minutes: 30), from: .location(4000), to: .location(5000)),
            ReadingSession(bookID: "circe", day: day("2024-03-04"), from: 251, to: 300),
        ]
        let progress = ReadingProgress(sessions, of: book)
        #expect(progress.page == 300 && progress.pagesRead == 300 && progress.fraction == nil)
        #expect(progress.percent(of: book.pages) == 75)
        let paged = ReadingSession.inPages(sessions, books: [book])
        #expect(ReadingSession.pagesRead(paged) == [100, 100, 50, 50])
        let pace = ReadingPace(paged)
        #expect(pace.pagesRead == 300 && pace.pagesPerHour == 250.0 * 60 / 150 && pace.pagesPerDay == 75)
    }

    /// A book without pages shows how far its sessions went as a percent.
    @Test func aBookWithoutPagesShowsAPercent() {
        let audiobook = Book(id: "piranesi", title: "Piranesi", duration: "10h")
        let sessions = [
            positioned(ReadingSession(bookID: "piranesi", day: day("2024-03-01"), minutes: 90), from: .time(minutes: 0), to: .time(minutes: 90)),
            positioned(ReadingSession(bookID: "piranesi", day: day("2024-03-02"), minutes: 60), from: .time(minutes: 90), to: .time(minutes: 200)),
        ]
        let progress = ReadingProgress(sessions, of: audiobook)
        #expect(progress.page == nil && progress.pagesRead == 0 && progress.minutes == 150)
        #expect(progress.percent(of: nil) == 33)
        #expect(BookExtent(audiobook).page(.time(minutes: 300)) == nil)
        #expect(BookExtent(pages: 300, minutes: 600).page(.time(minutes: 300)) == 150)
        #expect(BookExtent(pages: 412).page(.percent(0)) == 1)
    }

    @Test(.seededSessionNames, arguments: LibraryKind.allCases)
    func impossiblePositionsAreRefused(_ kind: LibraryKind) async throws {
        let test = try TestLibrary.make(kind)
        defer { test.remove() }
        try await test.library.add(Book(id: "circe", title: "Circe", pages: 400, locations: 8000), to: .reading, in: "")
        try await test.library.add(Book(id: "dune", title: "Dune", pages: 412), to: .reading, in: "")
        try await test.library.add(Book(id: "piranesi", title: "Piranesi", duration: "10h"), to: .reading, in: "")
        try await test.library.log(positioned(ReadingSession(day: day("2024-03-01")), to: .percent(50)), for: "circe")
        func refused(_ session: ReadingSession, of book: BookID, _ problem: SessionProblem) async {
            await expectError(.impossibleSession(bookID: book, day: session.day, problem: problem)) {
                try await test.library.log(session, for: book)
            }
        }
        let next = ReadingSession(day: day("2024-03-02"), time: TimeOfDay(hour: 12, minute: 0))
        await refused(positioned(next, to: .location(9000)), of: "circe", .pastEnd(position: .location(9000), total: .location(8000)))
        await refused(positioned(next, to: .location(100)), of: "dune", .unknownTotal(position: .location(100), key: "locations"))
        await refused(positioned(next, to: .time(minutes: 30)), of: "dune", .unknownTotal(position: .time(minutes: 30), key: "duration"))
        await refused(positioned(next, to: .time(minutes: 660)), of: "piranesi",
                      .pastEnd(position: .time(minutes: 660), total: .time(minutes: 600)))
        // Below where the sessions reached, in another unit: page 150 is 37.5%.
        await refused(next.with(to: 150), of: "circe", .belowProgress(position: .page(150), reached: .percent(50)))
        await expectError(.invalidValue(path: "reading/circe/2024-03-02-1200-nxpc.md", key: "to", value: "55%", reason: "is below from (60%)",
                                        at: nil)) {
            try await test.library.log(positioned(next, from: .percent(60), to: .percent(55)), for: "circe")
        }
        await expectError(.invalidValue(path: "reading/circe/2024-03-02-1200-nxpc.md", key: "to", value: "120%", reason: "should be at most 100%",
                                        at: nil)) {
            try await test.library.log(positioned(next, to: .percent(120)), for: "circe")
        }
        #expect(try await test.library.sessions(of: "circe").count == 1)

        // A `to` alone starts where the last session ended, in its unit; 1% of slack across units.
        let logged = try await test.library.log(next.with(to: 210), for: "circe")
        #expect(logged.fromPosition == .percent(50) && logged.toPosition == .page(210))
        let later = try await test.library.log(positioned(ReadingSession(day: day("2024-03-03")), to: .location(5000)), for: "circe")
        #expect(later.fromPosition == .page(211))
        let progress = ReadingProgress(try await test.library.sessions(of: "circe"), of: try await test.library.book("circe"))
        #expect(progress.page == 250 && progress.pagesRead == 250)
        #expect(await test.text(later.path) == "---\nfrom: 211\nto: loc 5000\n---\n")
    }

    /// An audiobook's session that gives only the time already reached records nothing; a session
    /// backdated past where a later one starts is refused in other units too, counted in pages.
    @Test(arguments: LibraryKind.allCases)
    func emptyAndOverlappingSessionsInOtherUnits(_ kind: LibraryKind) async throws {
        let test = try TestLibrary.make(kind)
        defer { test.remove() }
        try await test.library.add(Book(id: "piranesi", title: "Piranesi", duration: "10h"), to: .reading, in: "")
        try await test.library.add(Book(id: "circe", title: "Circe", pages: 400), to: .reading, in: "")
        try await test.library.log(positioned(ReadingSession(day: day("2024-03-01")), to: .time(minutes: 90)), for: "piranesi")
        let again = positioned(ReadingSession(day: day("2024-03-02")), to: .time(minutes: 90))
        await expectError(.impossibleSession(bookID: "piranesi", day: again.day, problem: .empty)) {
            try await test.library.log(again, for: "piranesi")
        }
        try await test.library.log(ReadingSession(day: day("2024-03-10"), from: 200, to: 240), for: "circe")
        let early = positioned(ReadingSession(day: day("2024-03-05")), to: .percent(75))
        await expectError(.impossibleSession(bookID: "circe", day: early.day,
                                             problem: .pastLaterSession(page: 300, laterDay: day("2024-03-10"), laterPage: 200))) {
            try await test.library.log(early, for: "circe")
        }
        let fits = try await test.library.log(positioned(ReadingSession(day: day("2024-03-05")), to: .percent(40)), for: "circe")
        #expect(fits.fromPosition == .percent(0))
    }

    /// `check` reports positions a hand-written session cannot have, at the value.
    @Test func checkReportsImpossiblePositions() async throws {
        let root = try TemporaryFolder.make(with: [
            ".shelf/config.yaml": "statuses: [to-read, reading, finished, abandoned]\n",
            "reading/circe.md": "---\ntitle: Circe\npages: 400\nlocations: 8000\n---\n",
            "reading/circe/2024-03-01.md": "---\nto: 50%\n---\n",
            "reading/circe/2024-03-02.md": "---\nfrom: 1\nto: 30%\n---\n",
            "reading/circe/2024-03-03.md": "---\nto: loc 9000\n---\n",
            "reading/circe/2024-03-04.md": "---\nto: 120%\n---\n",
            "reading/circe/2024-03-05.md": "---\nfrom: 3h\nto: 2h\n---\n",
            "reading/dune.md": "---\ntitle: Dune\nduration: soon\n---\n",
            "reading/dune/2024-03-01.md": "---\nto: 3h20m\n---\n",
        ])
        defer { try? FileManager.default.removeItem(atPath: root) }
        let library = try FileLibrary(root: root)
        let problems = try await library.check().map(\.description)
        #expect(problems == [
            "reading/circe/2024-03-02.md:3:5: to goes back below 50%, reached on 2024-03-01, found \"30%\"",
            "reading/circe/2024-03-03.md:2:5: to is past the end of reading/circe.md (locations 8000), found \"loc 9000\"",
            "reading/circe/2024-03-04.md:2:5: to should be a page (120), a percent (45%), a location (loc 3400) or a time (3h20m), found \"120%\"",
            "reading/circe/2024-03-05.md:2:7: from is a time, but reading/circe.md has no duration to measure it against, found \"3h\"",
            "reading/circe/2024-03-05.md:3:5: to is a time, but reading/circe.md has no duration to measure it against, found \"2h\"",
            "reading/circe/2024-03-05.md:3:5: to is below from (3h), found \"2h\"",
            "reading/dune.md:3:11: duration should be a length of time such as 11h20m, found \"soon\"",
            "reading/dune/2024-03-01.md:2:5: to is a time, but reading/dune.md has no duration to measure it against, found \"3h20m\"",
        ])
    }
}

private func positioned(_ session: ReadingSession, from: ReadingPosition? = nil, to: ReadingPosition?) -> ReadingSession {
    var session = session
    session.fromPosition = from
    session.toPosition = to
    return session
}

private extension ReadingSession {
    func with(to page: Int) -> ReadingSession {
        var session = self
        session.to = page
        return session
    }
}
