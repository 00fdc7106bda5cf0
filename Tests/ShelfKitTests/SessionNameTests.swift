import FrontMatterFuzzing
@testable import ShelfKit
import ShelfTestSupport
import Testing

/// Session file names: the day, the time the session began, and a number for a second session
/// begun in the same minute; the names of older libraries (`2024-03-10.md`, `-2.md`) still read.
struct SessionNameTests {
    @Test(arguments: [
        ("2024-03-10.md", "2024-03-10", nil, 1),
        ("2024-03-10-2.md", "2024-03-10", nil, 2),
        ("2024-03-10-123.md", "2024-03-10", nil, 123),
        ("2024-03-10-0930.md", "2024-03-10", "09:30", 1),
        ("2024-03-10-0000-2.md", "2024-03-10", "00:00", 2),
        ("2024-03-10-2359-17.md", "2024-03-10", "23:59", 17),
    ] as [(String, String, String?, Int)])
    func namesThatRead(name: String, day: String, time: String?, sequence: Int) throws {
        let parsed = try #require(SessionFileName(name))
        #expect(parsed.day.description == day && parsed.time?.description == time && parsed.sequence == sequence)
        #expect(parsed.suffix == nil && parsed.name == name)
    }

    @Test(arguments: [
        ("2024-03-10-0930-kbxt.md", "09:30", 1, "kbxt"),
        ("2024-03-10-0930-2-kbxt.md", "09:30", 2, "kbxt"),
        ("2024-03-10-kbxt.md", nil, 1, "kbxt"),
        ("2024-03-10-3-ko.md", nil, 3, "ko"),
        ("2024-03-10-0000-koreaderabcd.md", "00:00", 1, "koreaderabcd"),
    ] as [(String, String?, Int, String)])
    func namesWithLetters(name: String, time: String?, sequence: Int, suffix: String) throws {
        let parsed = try #require(SessionFileName(name))
        #expect(parsed.time?.description == time && parsed.sequence == sequence && parsed.suffix == suffix)
        #expect(parsed.name == name)
    }

    @Test(arguments: ["2024-03-10-1.md", "2024-03-10-02.md", "2024-03-10-2400.md", "2024-03-10-0960.md", "2024-03-10-1234.txt",
                      "2024-03-10-0930-1.md", "2024-03-10-0930-0930.md", "2024-03-10--2.md", "2024-03-10-.md",
                      "2024-03-10x.md", "2024-02-30.md", "2024-03-10-1000.md.md", "notes.md", "2024-03-10-0930-2-2.md",
                      "2024-03-10-0930-Kbxt.md", "2024-03-10-0930-k.md", "2024-03-10-0930-kbxt-2.md", "2024-03-10-kbxt-0930.md",
                      "2024-03-10-0930-kb1t.md", "2024-03-10-0930-abcdefghijklm.md", "2024-03-10-0930-kbxt-.md"])
    func namesThatAreNotSessions(name: String) {
        #expect(SessionFileName(name) == nil, "\(name)")
    }

    /// Every name shelf writes reads back as what it was written from, and names sort as their
    /// sessions do: by day, untimed first, then time, then number.
    @Test func everyNameReadsBackAndSortsAsItsSession() throws {
        var random = SeededGenerator(seed: 17)
        var names: [SessionFileName] = []
        for _ in 0..<2000 {
            let day = try #require(Day(year: 2020 + Int(random.next() % 3), month: 1 + Int(random.next() % 12),
                                       day: 1 + Int(random.next() % 28)))
            let time = random.next() % 3 == 0 ? nil : TimeOfDay(minutesSinceMidnight: Int(random.next() % 1440))
            let suffix = random.next() % 2 == 0 ? nil : SessionFileName.newSuffix()
            let name = SessionFileName(day: day, time: time, sequence: 1 + Int(random.next() % 4), suffix: suffix)
            #expect(SessionFileName(name.name) == name, "\(name.name)")
            names.append(name)
        }
        func session(_ name: SessionFileName) -> ReadingSession {
            ReadingSession(day: name.day, time: name.time, sequence: name.sequence, suffix: name.suffix)
        }
        for (a, b) in zip(names, names.shuffled(using: &random)) {
            #expect((a < b) == session(a).precedes(session(b)))
        }
    }

    @Test(.seededSessionNames, arguments: LibraryKind.allCases)
    func sessionsOfOneDayInOrderOldNamesFirst(_ kind: LibraryKind) async throws {
        let test = try TestLibrary.make(kind)
        defer { test.remove() }
        try await test.library.add(Book(id: "circe", title: "Circe", pages: 400, added: day("2024-01-01")), to: .reading, in: "")
        try await test.write("---\nfrom: 1\nto: 10\n---\n", to: "reading/circe/2024-03-10.md")
        try await test.write("---\nfrom: 11\nto: 20\n---\n", to: "reading/circe/2024-03-10-2.md")
        try await test.write("---\nfrom: 41\nto: 50\n---\n", to: "reading/circe/2024-03-10-2100.md")
        let morning = try await test.library.log(ReadingSession(day: day("2024-03-10"), time: TimeOfDay(hour: 8, minute: 5),
                                                                from: 21, to: 40), for: "circe")
        #expect(morning.path == "reading/circe/2024-03-10-0805-nxpc.md")
        let sessions = try await test.library.sessions(of: "circe")
        #expect(sessions.map(\.path) == ["reading/circe/2024-03-10.md", "reading/circe/2024-03-10-2.md",
                                         "reading/circe/2024-03-10-0805-nxpc.md", "reading/circe/2024-03-10-2100.md"])
        #expect(ReadingProgress(sessions).page == 50)
        #expect(try await test.library.sessions(since: nil).items.map(\.path) == sessions.map(\.path))
    }

    /// A session logged without a time for today began its minutes ago; for another day it
    /// gets the time it is logged at. Either way two devices' sessions of a day get two names.
    @Test(.seededSessionNames, arguments: LibraryKind.allCases)
    func aSessionWithoutATimeGetsOne(_ kind: LibraryKind) async throws {
        let test = try TestLibrary.make(kind)
        defer { test.remove() }
        try await test.library.add(Book(id: "circe", title: "Circe", pages: 400, added: day("2024-01-01")), to: .reading, in: "")
        let before = TimeOfDay.now()
        let today = try await test.library.log(ReadingSession(day: testToday, to: 20, minutes: 45), for: "circe")
        let earlier = try await test.library.log(ReadingSession(day: day("2024-03-01"), minutes: 10), for: "circe")
        let after = TimeOfDay.now()
        let began = try #require(today.time)
        // The clock may turn a minute between the two readings of it.
        #expect([before.minus(minutes: 45), after.minus(minutes: 45)].contains(began), "\(began)")
        #expect(today.path == "reading/circe/\(testToday)-\(began.compact)-nxpc.md")
        let logged = try #require(earlier.time)
        #expect(logged == before || logged == after)
        #expect(earlier.path == "reading/circe/2024-03-01-\(logged.compact)-nxpc.md")
    }

    /// A session is named by its whole file name, or without its letters while no other
    /// session of that minute shares the rest.
    @Test func aNameWithoutItsLettersNamesTheSessionWhenOnlyOneHasIt() throws {
        let morning = ReadingSession(bookID: "circe", day: day("2024-03-10"), time: TimeOfDay(hour: 7, minute: 40), suffix: "kbxt",
                                     path: "reading/circe/2024-03-10-0740-kbxt.md")
        var other = morning
        other.suffix = "hmqd"
        other.path = "reading/circe/2024-03-10-0740-hmqd.md"
        #expect(try SessionReference("2024-03-10-0740").resolve(in: [morning], of: "circe") == morning)
        #expect(try SessionReference("2024-03-10-0740-kbxt").resolve(in: [morning, other], of: "circe") == morning)
        #expect(try SessionReference("reading/circe/2024-03-10-0740-hmqd.md").resolve(in: [morning, other], of: "circe") == other)
        #expect(throws: ShelfError.ambiguousSession(bookID: "circe", day: day("2024-03-10"),
                                                    sessions: ["2024-03-10-0740-hmqd", "2024-03-10-0740-kbxt"])) {
            try SessionReference("2024-03-10-0740").resolve(in: [morning, other], of: "circe")
        }
    }

    /// Seeded, the letters are the same on every run; unseeded, two draws differ (almost always:
    /// 1 in 130,321 agree, so the test draws twice more before it fails).
    @Test func lettersAreSeededOrRandom() {
        #expect(ShelfSeed.$fixed.withValue(1) { SessionFileName.newSuffix() } == firstSeededSuffix)
        #expect(ShelfSeed.$fixed.withValue(1) { SessionFileName.newSuffix(avoiding: [firstSeededSuffix]) } == secondSeededSuffix)
        #expect(ShelfSeed.$fixed.withValue(2) { SessionFileName.newSuffix() } != firstSeededSuffix)
        let draws = (0..<3).map { _ in SessionFileName.newSuffix() }
        #expect(Set(draws).count > 1)
        #expect(draws.allSatisfy { SessionFileName.isSuffix(Substring($0)) && !$0.contains(where: { "aeiouly".contains($0) }) })
    }

    @Test func timesAsPeopleTypeThem() {
        #expect(TimeOfDay("7:05")?.description == "07:05")
        #expect(TimeOfDay("07:05")?.compact == "0705")
        #expect(TimeOfDay("0705") == TimeOfDay(hour: 7, minute: 5))
        for text in ["24:00", "7:60", "7.05", "", "705", "12:5", "ab:cd", "-1:00"] { #expect(TimeOfDay(text) == nil, "\(text)") }
        #expect(TimeOfDay(hour: 0, minute: 20)?.minus(minutes: 45) == .midnight)
    }
}
