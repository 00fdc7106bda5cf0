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
