@testable import ShelfKit
import Foundation
import ShelfTestSupport
import Testing

/// Which status plays which role, and the dates that follow roles, whatever the statuses are called.
struct StatusRoleTests {
    static let goodreadsNames = [Status("want-to-read"), Status("currently-reading"), Status("read"), Status("closed")]

    @Test func aRoleIsTheStatusOfItsNameElseOfItsPlace() throws {
        let named = try LibraryConfiguration(statuses: [.toRead, .finished, .reading])
        #expect(named.status(for: .reading) == .reading, "the name wins over the place")
        #expect(named.status(for: .abandoned) == .abandoned, "a role the library lacks keeps its default name")
        let two = try LibraryConfiguration(statuses: [Status("queue"), .finished])
        #expect(two.status(for: .reading) == .reading, "finished is claimed by its name, so nothing is being read")
        #expect(two.role(of: .finished) == .finished && two.role(of: Status("queue")) == .toRead)
        let custom = try LibraryConfiguration(statuses: Self.goodreadsNames)
        #expect(StatusRole.allCases.map(custom.status(for:)) == Self.goodreadsNames)
    }

    @Test func datesFollowTheRolesOfStatusesOfOtherNames() async throws {
        let library = InMemoryLibrary(configuration: try LibraryConfiguration(statuses: Self.goodreadsNames),
                                      today: { Day(year: 2026, month: 11, day: 23) ?? Day.today() })
        try await library.add(Book(id: "dune", title: "Dune"), to: Status("want-to-read"), in: "")
        let started = try await library.move("dune", to: Status("currently-reading"), folder: nil)
        #expect(started.started == Day(year: 2026, month: 11, day: 23))
        let finished = try await library.move("dune", to: Status("read"), folder: nil)
        #expect(finished.finished == Day(year: 2026, month: 11, day: 23))
    }

    @Test func aBookCountsAsReadOnlyInTheFinishedStatus() async throws {
        let configuration = try LibraryConfiguration(statuses: Self.goodreadsNames, goal: 10, goals: [2024: 2])
        let library = InMemoryLibrary(configuration: configuration, today: { testToday })
        let day = try #require(Day("2024-02-11"))
        try await library.add(Book(id: "dune", title: "Dune", pages: 412, finished: day), to: Status("read"), in: "")
        try await library.add(Book(id: "emma", title: "Emma", pages: 300, finished: day), to: Status("closed"), in: "")
        #expect(try await library.books(matching: "year:2024").map(\.id) == ["dune"])
        #expect(try await library.books(matching: "-year:2024").map(\.id) == ["emma"])
        #expect(try await library.books(matching: "-has:year").map(\.id) == ["emma"])
        var stats = try await ReadingStats.compute(for: library, year: 2024, today: testToday)
        #expect((stats.booksFinished, stats.pagesFinished) == (1, 412))
        #expect(stats.goal?.goal == 2 && stats.goal?.finished == 1, "2024's own goal")

        // Out of the finished status, the date stays and the book stops counting; back, it counts again.
        let moved = try await library.move("dune", to: Status("want-to-read"), folder: nil)
        #expect(moved.finished == day && configuration.finishedDay(of: moved) == nil)
        stats = try await ReadingStats.compute(for: library, year: 2024, today: testToday)
        #expect(stats.booksFinished == 0 && stats.byMonth[1].books == 0)
        #expect(try await library.books(matching: "year:2024").isEmpty)
        try await library.move("dune", to: Status("read"), folder: nil)
        #expect(try await library.books(matching: "year:2024").map(\.id) == ["dune"])
        #expect(try await ReadingStats.compute(for: library, year: 2025, today: testToday).goal?.goal == 10,
                "a year without its own goal takes `goal`")
    }

    @Test func goalsAreReadByYear() throws {
        let configuration = try LibraryConfiguration(yaml: Array("goal: 24\ngoals: {2025: 30, 2026: 12}\n".utf8))
        #expect(configuration.goals == [2025: 30, 2026: 12])
        #expect([2024, 2025, 2026].map(configuration.goal(for:)) == [24, 30, 12])
        #expect(throws: ShelfError.invalidValue(path: ".shelf/config.yaml", key: "goals", value: "thirty",
                                                reason: "should give 2025 a whole number of books", at: SourceLocation(line: 1, column: 15))) {
            try LibraryConfiguration(yaml: Array("goals: {2025: thirty}\n".utf8))
        }
        #expect(throws: ShelfError.invalidValue(path: ".shelf/config.yaml", key: "goals", value: "next",
                                                reason: "should name a year, as 2025", at: SourceLocation(line: 2, column: 3))) {
            try LibraryConfiguration(yaml: Array("goals:\n  next: 3\n".utf8))
        }
    }

    @Test func aLibraryThatFinishesAJournalAddingStatusesReadsThem() throws {
        let root = try TemporaryFolder.make()
        _ = try FileLibrary.create(at: root, today: { testToday })
        let path = root + "/" + LibraryConfiguration.path
        let before = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        let after = try LibraryConfiguration.adding([Status("paused")], to: before)
        // What a killed import leaves: the journal written, its first step not yet made.
        let journal = Journal(operation: "batch write", detail: "", steps: [.replace(LibraryConfiguration.path,
                                                                                    expecting: FileStamp(before), with: after)])
        try Data(try journal.encoded()).write(to: URL(fileURLWithPath: root + "/" + Journal.path))
        let library = try FileLibrary(root: root, today: { testToday })
        #expect(library.recoveredJournal != nil)
        #expect(library.configuration.statuses.contains(Status("paused")))
    }
}
