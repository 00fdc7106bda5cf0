import Foundation
import ShelfKit
import ShelfTestSupport
import Testing

/// The Swift example in README.md, as written there, on a copy of a small library.
struct ReadmeExampleTests {
    @Test func theReadmeExampleRuns() async throws {
        let root = try TemporaryFolder.make(with: [
            "finished/sci-fi/dune.md": "---\ntitle: Dune\nauthors: [Frank Herbert]\nrating: 5\nfinished: 2024-02-11\n---\n",
            "finished/emma.md": "---\ntitle: Emma\nrating: 4\nfinished: 2025-01-03\n---\n",
            ".shelf/config.yaml": "statuses: [to-read, reading, finished, abandoned]\n",
        ])
        defer { try? FileManager.default.removeItem(atPath: root) }

        let library = try FileLibrary(root: LibraryLocator(environment: [:], currentDirectory: root).locate())
        let favourites = try await library.books(
            matching: "status:finished rating>=4.5",
            sortedBy: [BookSort(key: "finished", descending: true)],
            limit: 10)
        let titles = favourites.items.map(\.title)   // favourites.problems: the files it skipped
        var dune = try await library.book("dune")
        dune.rating = 4.5
        try await library.update(dune)

        #expect(favourites.items.map(\.id) == ["dune"] && titles == ["Dune"] && favourites.problems.isEmpty)
        #expect(try String(contentsOfFile: root + "/finished/sci-fi/dune.md", encoding: .utf8)
            == "---\ntitle: Dune\nauthors: [Frank Herbert]\nrating: 4.5\nfinished: 2024-02-11\n---\n")
    }
}

/// Ids and statuses encode as the plain strings people see in files and JSON.
struct IdentifierCodingTests {
    @Test func idsAndStatusesAreStrings() throws {
        let data = try JSONEncoder().encode([BookID("dune")])
        #expect(String(decoding: data, as: UTF8.self) == "[\"dune\"]")
        #expect(try JSONDecoder().decode([Status].self, from: Data("[\"to-read\"]".utf8)) == [.toRead])
    }
}
