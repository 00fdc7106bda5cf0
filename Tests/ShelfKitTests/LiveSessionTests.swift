import Foundation
@testable import ShelfKit
import ShelfTestSupport
import Testing

/// The timer of `shelf read` as a value: pauses, minutes, the session it becomes, its file,
/// all on a clock the test sets (no waiting).
struct LiveSessionTests {
    /// 2024-03-15T09:30:00+01:00, and moments after it.
    static let start = LocalDateTime(secondsSinceEpoch: 1_710_491_400, utcOffset: 3600)
    static func at(_ seconds: Int) -> LocalDateTime { start.adding(seconds: seconds) }

    @Test func localDateTimeReadsAndWritesTheLocalClock() throws {
        #expect(Self.start.description == "2024-03-15T09:30:00+01:00")
        #expect(Self.start.day == day("2024-03-15"))
        #expect(Self.start.time == TimeOfDay("09:30"))
        #expect(LocalDateTime("2024-03-15T09:30:00+01:00") == Self.start)
        #expect(LocalDateTime("2024-03-15T08:30:00Z")?.secondsSinceEpoch == Self.start.secondsSinceEpoch)
        let west = try #require(LocalDateTime("2024-03-14T23:59:59-05:30"))
        #expect(west.description == "2024-03-14T23:59:59-05:30")
        #expect(west.day == day("2024-03-14") && west.time == TimeOfDay("23:59"))
        for bad in ["2024-03-15 09:30:00+01:00", "2024-03-15T24:00:00Z", "2024-02-30T09:30:00Z", "2024-03-15T09:30:00+0100", ""] {
            #expect(LocalDateTime(bad) == nil, "\(bad)")
        }
    }

    /// An app keeps a running session across a relaunch: it encodes and decodes to itself.
    @Test func aLiveSessionRoundTripsThroughCodable() throws {
        var session = LiveSession(bookID: "dune", started: Self.start, startPage: 120, notes: ["first", ""])
        session.pause(at: Self.start.adding(seconds: 600))
        session.resume(at: Self.start.adding(seconds: 900))
        session.pause(at: Self.start.adding(seconds: 1_200))
        let data = try JSONEncoder().encode(session)
        #expect(try JSONDecoder().decode(LiveSession.self, from: data) == session)
    }

    /// A timer view's stream: the seconds read at each beat, pauses left out, first at once;
    /// cancelling the consuming task ends it.
    @Test func elapsedSecondsTickWithTheClockAndEndWhenCancelled() async throws {
        var session = LiveSession(bookID: "dune", started: Self.start, startPage: nil)
        session.pause(at: Self.start.adding(seconds: 60))
        // A clock that moves on 30 seconds each time it is read.
        final class FakeClock: @unchecked Sendable {
            private let lock = NSLock()
            private var reads = 0
            func next() -> LocalDateTime {
                lock.withLock {
                    reads += 1
                    return LiveSessionTests.start.adding(seconds: 30 * reads)
                }
            }
        }
        let clock = FakeClock()
        var seen: [Int] = []
        for await seconds in session.elapsedSeconds(every: .milliseconds(5), now: clock.next) {
            seen.append(seconds)
            if seen.count == 4 { break }
        }
        // 30 s read, then 60 s, then paused at 60 s.
        #expect(seen == [30, 60, 60, 60])

        // Cancelled once it has had a value, however slowly a loaded machine starts it.
        let (started, start) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        let consumer = Task {
            var count = 0
            for await _ in session.elapsedSeconds(every: .milliseconds(5), now: clock.next) {
                count += 1
                start.yield(())
            }
            return count
        }
        for await _ in started { break }
        consumer.cancel()
        #expect(await consumer.value >= 1, "the loop ends once its task is cancelled")
    }

    /// A session is identified in a list by its file.
    @Test func aSessionIsIdentifiedByItsFile() {
        let session = ReadingSession(bookID: "dune", day: testToday, pages: 10, path: "reading/dune/2026-11-20.md")
        #expect(session.id == "reading/dune/2026-11-20.md")
    }

    @Test func pausesAreLeftOutOfTheTimeRead() {
        var live = LiveSession(bookID: "dune", started: Self.start, startPage: 121)
        #expect(live.secondsRead(at: Self.at(600)) == 600)
        let paused = live.pause(at: Self.at(600))
        let pausedAgain = live.pause(at: Self.at(700))
        #expect(paused && !pausedAgain)
        #expect(live.isPaused)
        // While paused the clock stands still.
        #expect(live.secondsRead(at: Self.at(900)) == 600)
        let resumed = live.resume(at: Self.at(1_000))
        let resumedAgain = live.resume(at: Self.at(1_100))
        #expect(resumed && !resumedAgain)
        #expect(live.secondsRead(at: Self.at(1_300)) == 900)
        live.pause(at: Self.at(1_300))
        live.resume(at: Self.at(1_330))
        #expect(live.secondsRead(at: Self.at(1_830)) == 1_400)
        #expect(live.pauses == [LiveSession.Pause(start: Self.at(600), end: Self.at(1_000)),
                                LiveSession.Pause(start: Self.at(1_300), end: Self.at(1_330))])
        // A clock set back cannot make time negative or a pause begin before the session.
        #expect(live.secondsRead(at: Self.at(-50)) == 0)
        var early = LiveSession(bookID: "dune", started: Self.start, startPage: nil)
        early.pause(at: Self.at(-100))
        #expect(early.pauses == [LiveSession.Pause(start: Self.start)])
    }

    @Test(arguments: [(0, 0), (1, 1), (29, 1), (89, 1), (90, 2), (45 * 60 + 29, 45), (45 * 60 + 30, 46)])
    func minutesAreRoundedToTheNearestAndAtLeastOne(seconds: Int, minutes: Int) {
        let live = LiveSession(bookID: "dune", started: Self.start, startPage: 121)
        #expect(live.minutesRead(at: Self.at(seconds)) == minutes)
    }

    @Test func pagesAreEstimatedAtThePace() {
        var live = LiveSession(bookID: "dune", started: Self.start, startPage: 97)
        // 42 pages an hour, 30 minutes read: 21 pages, from 97 to 117.
        live.pause(at: Self.at(1_200))
        live.resume(at: Self.at(1_800))
        #expect(live.estimatedPages(at: Self.at(2_400), pagesPerHour: 42) == 21)
        #expect(live.estimatedPage(at: Self.at(2_400), pagesPerHour: 42) == 117)
        #expect(live.estimatedPages(at: Self.at(2_400), pagesPerHour: nil) == nil)
        // Without a pace, the page offered is where the book was.
        #expect(live.estimatedPage(at: Self.at(2_400), pagesPerHour: nil) == 96)
        #expect(LiveSession(bookID: "x", started: Self.start, startPage: nil).estimatedPage(at: Self.at(60), pagesPerHour: 42) == nil)
    }

    @Test func theSessionItBecomesBeganWhenItStarted() {
        var live = LiveSession(bookID: "dune", started: Self.start, startPage: 97)
        live.addNote("Sonmi's chapter.")
        live.addNote("two\r\nlines")
        live.pause(at: Self.at(600))
        let session = live.session(endingAt: Self.at(4_000), to: 120, note: "last")
        #expect(session == ReadingSession(bookID: "dune", day: day("2024-03-15"), time: TimeOfDay("09:30"), from: 97, to: 120,
                                          minutes: 10, note: "Sonmi's chapter.\ntwo\nlines\nlast"))
        // The page it began from: nothing read, only minutes; no page: minutes and notes.
        let unmoved = LiveSession(bookID: "dune", started: Self.start, startPage: 97).session(endingAt: Self.at(60), to: 96)
        #expect(unmoved.from == nil && unmoved.to == nil && unmoved.minutes == 1)
        let untimed = LiveSession(bookID: "dune", started: Self.start, startPage: 97).session(endingAt: Self.start, to: nil, minutes: 5)
        #expect(untimed.to == nil && untimed.minutes == 5 && untimed.note == "")
    }

    @Test func theFileHoldsEverythingAndReadsBack() throws {
        var live = LiveSession(bookID: "dune", started: Self.start, startPage: 121)
        live.pause(at: Self.at(600))
        live.resume(at: Self.at(660))
        live.pause(at: Self.at(900))
        live.addNote("The litany.")
        live.addNote("")
        let bytes = LiveSessionFormat.bytes(of: live)
        #expect(String(decoding: bytes, as: UTF8.self) == """
            ---
            book: dune
            started: 2024-03-15T09:30:00+01:00
            page: 121
            pauses:
              - [2024-03-15T09:40:00+01:00, 2024-03-15T09:41:00+01:00]
              - [2024-03-15T09:45:00+01:00]
            ---
            The litany.


            """)
        #expect(try LiveSessionFormat.read(bytes, path: ".shelf/live/dune.md") == live)
        let bare = LiveSession(bookID: "dune", started: Self.start, startPage: nil)
        #expect(try LiveSessionFormat.read(LiveSessionFormat.bytes(of: bare), path: "x") == bare)
    }

    @Test func aBrokenFileIsReportedWhereItIsBroken() {
        let path = ".shelf/live/dune.md"
        #expect(throws: ShelfError.invalidValue(path: path, key: "started", value: "9:30", reason: "expected a date and time as YYYY-MM-DDTHH:MM:SS+HH:MM",
                                                at: SourceLocation(line: 3, column: 10))) {
            try LiveSessionFormat.read(Array("---\nbook: dune\nstarted: 9:30\n---\n".utf8), path: path)
        }
        #expect(throws: ShelfError.invalidValue(path: path, key: "pauses", value: "[\"2024-03-15T09:40:00+01:00\"]",
                                                reason: "expected [start, end], or [start] for the last pause while paused", at: SourceLocation(line: 5, column: 5))) {
            try LiveSessionFormat.read(Array("""
                ---
                book: dune
                started: 2024-03-15T09:30:00+01:00
                pauses:
                  - [2024-03-15T09:40:00+01:00]
                  - [2024-03-15T09:45:00+01:00]
                ---

                """.utf8), path: path)
        }
    }

    @Test(.seededSessionNames, arguments: LibraryKind.allCases)
    func oneSessionRunsAtATimeAndStopsIntoASessionFile(_ kind: LibraryKind) async throws {
        let test = try TestLibrary.make(kind)
        defer { test.remove() }
        try await test.library.add(Book(title: "Dune", pages: 412), to: .reading, in: "")
        try await test.library.add(Book(title: "Emma"), to: .reading, in: "")
        #expect(try await test.library.liveSession() == nil)
        var live = try await test.library.startLiveSession(LiveSession(bookID: "dune", started: Self.start, startPage: 1))
        #expect(await test.text(".shelf/.gitignore")?.contains("\nlive/\n") == true)
        await expectError(.liveSessionRunning("dune", started: Self.start)) {
            try await test.library.startLiveSession(LiveSession(bookID: "emma", started: Self.at(60), startPage: nil))
        }
        live.addNote("Fear is the mind-killer.")
        #expect(try await test.library.updateLiveSession("dune") { $0.addNote("Fear is the mind-killer.") } == live)
        #expect(try await test.library.liveSession() == live)
        // A copy taken before a change made elsewhere does not undo it: changes apply to the file.
        let stale = live
        _ = try await test.library.updateLiveSession("dune") { _ = $0.pause(at: Self.at(600)) }
        let resumed = try await test.library.updateLiveSession("dune") { _ = $0.resume(at: Self.at(660)) }
        #expect(resumed.pauses.count == 1 && stale.pauses.isEmpty)
        _ = try await test.library.updateLiveSession("dune") { $0.pauses = [] }
        let logged = try await test.library.stopLiveSession("dune") { $0.session(endingAt: Self.at(1_200), to: 30) }
        #expect(logged.path == "reading/dune/2024-03-15-0930-nxpc.md")
        #expect(await test.text(logged.path) == "---\nfrom: 1\nto: 30\nminutes: 20\n---\n\nFear is the mind-killer.\n")
        #expect(try await test.library.liveSession() == nil)
        // The running session's file left in the same write as the session was logged.
        #expect(await test.exists(".shelf/trash/2024-03-15/.shelf/live/dune.md"))
        // Once stopped, a late save does not bring it back.
        await expectError(.noLiveSession("dune")) { try await test.library.updateLiveSession("dune") { $0.addNote("late") } }
        await expectError(.noLiveSession("dune")) { try await test.library.cancelLiveSession("dune") }
    }

    /// A slug YAML would read as something else (`null`, a comment) reads back as the slug.
    @Test(arguments: ["null", "#1", "[draft]"])
    func slugsThatAreNotPlainYAMLReadBack(slug: String) async throws {
        let test = try TestLibrary.make(.file)
        defer { test.remove() }
        try await test.write("---\ntitle: A book\n---\n", to: "reading/\(slug).md")
        try await test.library.startLiveSession(LiveSession(bookID: BookID(slug), started: Self.start, startPage: 1))
        #expect(try await test.library.liveSession()?.bookID == BookID(slug))
        #expect(try await test.library.updateLiveSession(BookID(slug)) { $0.addNote("Still here.") }.notes == ["Still here."])
    }
}
