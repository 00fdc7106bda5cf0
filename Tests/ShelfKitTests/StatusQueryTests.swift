import Foundation
@testable import ShelfKit
import ShelfTestSupport
import Testing

/// `status:` names a status of the library, whole and ignoring case; a status the library does
/// not have is a typo, refused like an unknown field rather than matching nothing in silence.
struct StatusQueryTests {
    private static let statuses = LibraryConfiguration.defaultStatuses.map(\.name)

    private func library(_ kind: LibraryKind) async throws -> TestLibrary {
        let test = try TestLibrary.make(kind)
        try await test.library.add(.dune, to: .finished, in: "sci-fi")
        try await test.library.add(Book(id: "emma", title: "Emma"), to: .toRead, in: "")
        try await test.library.add(Book(id: "cien", title: "Cien años de soledad"), to: .reading, in: "")
        return test
    }

    @Test(arguments: LibraryKind.allCases)
    func aStatusMatchesByItsWholeNameIgnoringCase(_ kind: LibraryKind) async throws {
        let test = try await library(kind)
        defer { test.remove() }
        let cases: [(String, [BookID])] = [
            ("status:finished", ["dune"]), ("status:FINISHED", ["dune"]), ("status=Reading", ["cien"]),
            ("status:to-read or status:reading", ["cien", "emma"]), ("-status:to-read", ["cien", "dune"]),
            ("status:abandoned", []), ("status<m", ["dune"]), ("has:status", ["cien", "dune", "emma"]),
        ]
        for (text, expected) in cases {
            let found = try await test.library.books(matching: text).map(\.id)
            #expect(found.sorted() == expected.sorted(), "\(text)")
        }
    }

    @Test(arguments: LibraryKind.allCases)
    func anUnknownStatusSuggestsTheNearestOne(_ kind: LibraryKind) async throws {
        let test = try await library(kind)
        defer { test.remove() }
        await expectError(.invalidQuery(QueryError(.unknownStatus(name: "finishd", suggestions: ["finished"], statuses: Self.statuses),
                                                   term: "status:finishd"))) {
            try await test.library.books(matching: "status:finishd")
        }
        // Part of a name is no longer a match for the whole: `read` is neither `reading` nor `to-read`.
        await expectError(.invalidQuery(QueryError(.unknownStatus(name: "read", suggestions: [], statuses: Self.statuses),
                                                   term: "status:read"))) {
            try await test.library.books(matching: "status:read")
        }
        await expectError(.invalidQuery(QueryError(.unknownStatus(name: "abandonned", suggestions: ["abandoned"], statuses: Self.statuses),
                                                   term: "status=Abandonned"))) {
            try await test.library.books(matching: "title:dune or -(status=Abandonned)")
        }
        await expectError(.invalidQuery(QueryError(.unknownStatus(name: "finishd", suggestions: ["finished"], statuses: Self.statuses),
                                                   term: "status:finishd"))) {
            try await ReadingStats.compute(for: test.library, matching: try Query(parsing: "status:finishd", today: testToday), today: testToday)
        }
    }

    @Test(arguments: LibraryKind.allCases)
    func aBookQueryWithAnUnknownStatusIsRefused(_ kind: LibraryKind) async throws {
        let test = try await library(kind)
        defer { test.remove() }
        #expect(try await test.library.books(matching: BookQuery(statuses: [.finished])).map(\.id) == ["dune"])
        await expectError(.unknownStatus(name: "finishd", known: Self.statuses)) {
            try await test.library.books(matching: BookQuery(statuses: [.finished, "finishd"]))
        }
        await expectError(.unknownStatus(name: "Finished", known: Self.statuses)) {
            try await test.library.deleteBooks(matching: BookQuery(statuses: ["Finished"]))
        }
        #expect(try await test.library.books().count == 3)
    }

    @Test func theStatusesAreTheLibrarysOwn() async throws {
        let configuration = try LibraryConfiguration(statuses: ["wishlist", "paused", "done"])
        let root = try TemporaryFolder.make()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let libraries: [any LibraryCommands] = [
            try FileLibrary.create(at: root, configuration: configuration, today: { testToday }),
            InMemoryLibrary(configuration: configuration, today: { testToday }),
        ]
        for library in libraries {
            try await library.add(Book(id: "emma", title: "Emma"), to: "paused", in: "")
            #expect(try await library.books(matching: "status:Paused").map(\.id) == ["emma"])
            await expectError(.invalidQuery(QueryError(.unknownStatus(name: "finished", suggestions: [],
                                                                      statuses: ["wishlist", "paused", "done"]),
                                                       term: "status:finished"))) {
                try await library.books(matching: "status:finished")
            }
        }
    }

    @Test func messages() {
        #expect(QueryError(.unknownStatus(name: "finishd", suggestions: ["finished"], statuses: Self.statuses), term: "status:finishd")
            .description == "unknown status \"finishd\" in \"status:finishd\" (did you mean finished?)")
        #expect(QueryError(.unknownStatus(name: "read", suggestions: [], statuses: Self.statuses), term: "status:read")
            .description == "unknown status \"read\" in \"status:read\"; the statuses are to-read, reading, finished, abandoned")
    }
}
