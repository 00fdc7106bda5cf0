import FrontMatterFuzzing
import Foundation
@testable import ShelfKit
import ShelfTestSupport
import Testing

/// Correcting and deleting sessions already written: only the changed lines change, a new day
/// or time renames the file, a stale copy is refused, a deleted session waits in the trash.
struct SessionCorrectionTests {
    private static let folder = "reading/dune"

    /// Dune in reading, 412 pages, started on March 1st (today is ``testToday``, 2024-03-15).
    private static func library(_ kind: LibraryKind) async throws -> TestLibrary {
        let test = try TestLibrary.make(kind)
        try await test.library.add(Book(id: "dune", title: "Dune", pages: 412, started: day("2024-03-01")), to: .reading, in: "")
        return test
    }

    /// A session file as a person writes it: comments, CRLF, a key of their own.
    private static let handWritten = "---\r\n# the commute\r\nfrom: 1   # the start\r\nto: 40\r\nmood: calm\r\nminutes: 30\r\n---\r\n\r\nA note,\r\nin two lines.\r\n"

    @Test(arguments: LibraryKind.allCases)
    func aCorrectionChangesOnlyTheLinesOfTheKeysChanged(_ kind: LibraryKind) async throws {
        let test = try await Self.library(kind)
        defer { test.remove() }
        let path = Self.folder + "/2024-03-10-0740.md"
        try await test.write(Self.handWritten, to: path)
        var session = try await test.library.session(SessionReference("2024-03-10-0740"), of: "dune")
        session.to = 45
        session.minutes = 35
        let update = try await test.library.update(session)
        let expected = Self.handWritten.replacingOccurrences(of: "to: 40", with: "to: 45")
            .replacingOccurrences(of: "minutes: 30", with: "minutes: 35")
        #expect(await test.bytes(path) == Array(expected.utf8))
        #expect(update.session.to == 45 && update.session.path == path && !update.renamed && update.contradictions.isEmpty)
        #expect(update.session.extra == [.init("mood", .string("calm"))] && update.session.note == "A note,\r\nin two lines.\r\n")

        var again = update.session
        again.note = "Another note.\r\n"
        again.extra = []
        try await test.library.update(again)
        let final = expected.replacingOccurrences(of: "mood: calm\r\n", with: "")
            .replacingOccurrences(of: "A note,\r\nin two lines.\r\n", with: "Another note.\r\n")
        #expect(await test.bytes(path) == Array(final.utf8), "the returned session is a versioned copy that saves again")
    }

    @Test(arguments: LibraryKind.allCases)
    func anUnchangedSessionWritesNothing(_ kind: LibraryKind) async throws {
        let test = try await Self.library(kind)
        defer { test.remove() }
        let path = Self.folder + "/2024-03-10-0740.md"
        try await test.write(Self.handWritten, to: path)
        let session = try await test.library.session(.last, of: "dune")
        let update = try await test.library.update(session)
        #expect(await test.bytes(path) == Array(Self.handWritten.utf8) && update.session == session)
    }

    @Test(arguments: LibraryKind.allCases)
    func aNewDayOrTimeRenamesTheFileToTheNextFreeName(_ kind: LibraryKind) async throws {
        let test = try await Self.library(kind)
        defer { test.remove() }
        try await test.write(Self.handWritten, to: Self.folder + "/2024-03-10-0740.md")
        try await test.library.log(ReadingSession(day: day("2024-03-08"), time: TimeOfDay("21:30"), minutes: 20), for: "dune")
        var session = try await test.library.session(SessionReference("2024-03-10"), of: "dune")
        session.day = day("2024-03-08")
        session.time = TimeOfDay("21:30")
        let update = try await test.library.update(session)
        #expect(update.session.path == Self.folder + "/2024-03-08-2130-2.md" && update.previousPath == Self.folder + "/2024-03-10-0740.md")
        #expect(update.renamed && update.session.sequence == 2)
        #expect(await test.bytes(Self.folder + "/2024-03-08-2130-2.md") == Array(Self.handWritten.utf8), "a rename changes no byte")
        #expect(await !test.exists(Self.folder + "/2024-03-10-0740.md"))

        var earlier = update.session
        earlier.day = day("2024-02-20")
        earlier.time = nil
        let moved = try await test.library.update(earlier)
        #expect(moved.session.path == Self.folder + "/2024-02-20.md")
        #expect(try await test.library.book("dune").started == day("2024-02-20"), "started moves back, as a backdated log does")
    }

    /// A copy read before the file changed merges key by key, as a book does: what it changed
    /// is written onto the file as it is now, a key both changed is a conflict, and a delete of
    /// a changed file is refused.
    @Test(arguments: LibraryKind.allCases)
    func aCopyReadBeforeTheFileChangedMergesKeyByKey(_ kind: LibraryKind) async throws {
        let test = try await Self.library(kind)
        defer { test.remove() }
        let path = Self.folder + "/2024-03-10-0740.md"
        try await test.write(Self.handWritten, to: path)
        let session = try await test.library.session(.last, of: "dune")
        let kept = try JSONEncoder().encode(session)
        let edited = Self.handWritten.replacingOccurrences(of: "minutes: 30", with: "minutes: 50")
        try await test.write(edited, to: path)

        var restored = try JSONDecoder().decode(ReadingSession.self, from: kept)
        #expect(restored.version != nil)
        restored.minutes = 35
        await #expect(throws: ShelfError.editConflict(path: path, key: "minutes", at: SourceLocation(line: 6, column: 1))) {
            try await test.library.update(restored)
        }
        restored.minutes = 30
        await #expect(throws: ShelfError.changedOnDisk(path: path)) { try await test.library.delete(restored) }
        #expect(await test.bytes(path) == Array(edited.utf8), "nothing written over the newer file")
        restored.to = 44
        let merged = try await test.library.update(restored)
        #expect(merged.session.to == 44 && merged.session.minutes == 50)
        #expect(await test.text(path) == edited.replacingOccurrences(of: "to: 40", with: "to: 44"))
        try await test.write(edited, to: path)

        // A copy restored from Codable while the file is as it was still saves.
        let fresh = try JSONEncoder().encode(try await test.library.session(.last, of: "dune"))
        var decoded = try JSONDecoder().decode(ReadingSession.self, from: fresh)
        decoded.to = 45
        try await test.library.update(decoded)
        #expect(await test.text(path) == edited.replacingOccurrences(of: "to: 40", with: "to: 45"))
    }

    /// Custom keys merge key by key too: a key the file gained or changed meanwhile stays when a
    /// stale copy changes another, and a key the copy removes that the file changed is a conflict.
    @Test(arguments: LibraryKind.allCases)
    func aStaleCopyKeepsTheCustomKeysTheFileGained(_ kind: LibraryKind) async throws {
        let test = try await Self.library(kind)
        defer { test.remove() }
        let path = Self.folder + "/2024-03-10-0740.md"
        try await test.write(Self.handWritten, to: path)
        var stale = try await test.library.session(.last, of: "dune")
        let gained = Self.handWritten.replacingOccurrences(of: "mood: calm\r\n", with: "mood: calm\r\nplace: the train\r\n")
        try await test.write(gained, to: path)

        stale.extra = [.init("mood", .string("tired"))]
        try await test.library.update(stale)
        #expect(await test.text(path) == gained.replacingOccurrences(of: "mood: calm", with: "mood: tired"),
                "the key the file gained stays; only the key changed is written")

        var removing = try await test.library.session(.last, of: "dune")
        let changed = try #require(await test.text(path)).replacingOccurrences(of: "place: the train", with: "place: the bus")
        try await test.write(changed, to: path)
        removing.extra.removeAll { $0.key == "place" }
        await #expect(throws: ShelfError.editConflict(path: path, key: "place", at: SourceLocation(line: 6, column: 1))) {
            try await test.library.update(removing)
        }
        #expect(await test.text(path) == changed, "nothing written over the newer file")
    }

    @Test(arguments: LibraryKind.allCases)
    func anImpossibleCorrectionIsRefusedAndAContradictionReported(_ kind: LibraryKind) async throws {
        let test = try await Self.library(kind)
        defer { test.remove() }
        let first = try await test.library.log(ReadingSession(day: day("2024-03-10"), time: TimeOfDay("08:00"), to: 50), for: "dune")
        try await test.library.log(ReadingSession(day: day("2024-03-11"), time: TimeOfDay("08:00"), to: 100), for: "dune")
        let before = await test.bytes(first.path)
        for change in [{ (s: inout ReadingSession) in s.minutes = 1441 }, { $0.to = 413 }, { $0.day = day("2024-03-16") },
                       { $0.to = 10; $0.from = 20 }, { $0.from = nil; $0.to = nil }] as [(inout ReadingSession) -> Void] {
            var session = first
            change(&session)
            await #expect(throws: ShelfError.self) { try await test.library.update(session) }
        }
        #expect(await test.bytes(first.path) == before)
        var session = first
        session.to = 120
        let update = try await test.library.update(session)
        #expect(update.session.to == 120)
        #expect(update.contradictions.map(\.message) == ["to goes back below page 120, reached on 2024-03-10, found \"100\""])
    }

    @Test(arguments: LibraryKind.allCases)
    func aDeletedSessionGoesToTheTrash(_ kind: LibraryKind) async throws {
        let test = try await Self.library(kind)
        defer { test.remove() }
        let path = Self.folder + "/2024-03-10-0740.md"
        try await test.write(Self.handWritten, to: path)
        let trashed = try await test.library.delete(try await test.library.session(.last, of: "dune"))
        #expect(trashed == ".shelf/trash/2024-03-15/" + path)
        #expect(await test.bytes(trashed) == Array(Self.handWritten.utf8))
        let (fileLeft, folderLeft) = (await test.exists(path), await test.exists(Self.folder))
        #expect(!fileLeft && !folderLeft, "the empty session folder goes too")
        #expect(try await test.library.sessions(of: "dune").isEmpty)
        #expect(try await test.library.trashedBooks().isEmpty, "a trashed session is not listed as a book")
        #expect(try await test.library.check().isEmpty)

        try await test.write(Self.handWritten, to: path)
        let second = try await test.library.delete(try await test.library.session(.last, of: "dune"))
        #expect(second == ".shelf/trash/2024-03-15-2/" + path)
    }

    @Test(arguments: LibraryKind.allCases)
    func referencesNameASessionByFileNameDayOrLast(_ kind: LibraryKind) async throws {
        let test = try await Self.library(kind)
        defer { test.remove() }
        try await test.write("---\nto: 10\n---\n", to: Self.folder + "/2024-03-09.md")
        try await test.write("---\nto: 20\n---\n", to: Self.folder + "/2024-03-10-0740.md")
        try await test.write("---\nto: 30\n---\n", to: Self.folder + "/2024-03-10-2100.md")
        let sessions = try await test.library.sessions(of: "dune")
        func named(_ text: String) throws(ShelfError) -> Int? {
            try SessionReference(text).resolve(in: sessions, of: "dune", today: testToday).to
        }
        #expect(try named("last") == 30)
        #expect(try named("2024-03-09") == 10)
        #expect(try named("2024-03-10-0740") == 20)
        #expect(try named("reading/dune/2024-03-10-2100.md") == 30)
        #expect(try named("6d") == 10)
        #expect(throws: ShelfError.ambiguousSession(bookID: "dune", day: day("2024-03-10"),
                                                    sessions: ["2024-03-10-0740", "2024-03-10-2100"])) { try named("2024-03-10") }
        #expect(throws: ShelfError.self) { try named("2024-03-11") }
        #expect(throws: ShelfError.sessionNotFound(bookID: "dune", reference: "last", sessions: [])) {
            try SessionReference.last.resolve(in: [], of: "dune")
        }
        #expect(ShelfError.sessionNotFound(bookID: "dune", reference: "last", sessions: []).description == "dune has no sessions")
    }

    /// Random logs, corrections and deletions against an array of what each session should be.
    @Test(arguments: LibraryKind.allCases)
    func randomCorrectionsMatchAModel(_ kind: LibraryKind) async throws {
        let test = try await Self.library(kind)
        defer { test.remove() }
        var random = SeededGenerator(seed: 18)
        var model: [String: (minutes: Int, note: String)] = [:]
        for step in 0..<60 {
            let choice = random.next() % 3
            if choice == 0 || model.isEmpty {
                let minutes = 1 + Int(random.next() % 100)
                let when = TimeOfDay(minutesSinceMidnight: Int(random.next() % 1440))
                let logged = try await test.library.log(ReadingSession(day: day("2024-03-0\(1 + random.next() % 9)"), time: when,
                                                                       minutes: minutes, note: "step \(step)\n"), for: "dune")
                model[logged.name] = (minutes, "step \(step)\n")
            } else {
                let names = model.keys.sorted()
                let name = names[Int(random.next() % UInt64(names.count))]
                let session = try await test.library.session(SessionReference(name), of: "dune")
                if choice == 1 {
                    var changed = session
                    changed.minutes = 1 + Int(random.next() % 100)
                    if random.next() % 2 == 0 { changed.time = TimeOfDay(minutesSinceMidnight: Int(random.next() % 1440)) }
                    let update = try await test.library.update(changed)
                    model[name] = nil
                    model[update.session.name] = (changed.minutes ?? 0, session.note)
                } else {
                    try await test.library.delete(session)
                    model[name] = nil
                }
            }
            let sessions = try await test.library.sessions(of: "dune")
            #expect(sessions.map(\.name).sorted() == model.keys.sorted(), "step \(step)")
            for session in sessions {
                #expect(session.minutes == model[session.name]?.minutes && session.note == model[session.name]?.note)
            }
        }
    }
}
