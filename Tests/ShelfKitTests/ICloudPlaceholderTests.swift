import Foundation
@testable import ShelfKit
import ShelfTestSupport
import Testing

/// iCloud Drive keeps a book it has not downloaded to this device as a hidden stand-in,
/// `.dune.md.icloud`, where `dune.md` would be. Such a book is said to be there and not yet
/// downloaded, never silently left out as a hidden file.
struct ICloudPlaceholderTests {
    enum Reads: String, CaseIterable, Sendable {
        case files, index, watchedIndex
    }

    @Test(arguments: Reads.allCases)
    func aPlaceholderIsAProblemOfTheListingNamingTheBook(_ reads: Reads) async throws {
        var index = reads == .files ? IndexOptions.disabled : .enabled
        var server: PrivateWatchman?
        if reads == .watchedIndex {
            guard PrivateWatchman.isInstalled else { return }
            server = try await PrivateWatchman.start()
            index = IndexOptions(isEnabled: true, usesWatcher: true)
            index.watchmanSocket = server?.socket
        }
        defer { server?.remove() }
        let root = try TemporaryFolder.make()
        defer { try? FileManager.default.removeItem(atPath: root) }
        _ = try FileLibrary.create(at: root, today: { testToday })
        try TemporaryFolder.write("---\ntitle: Circe\n---\n", to: root + "/to-read/circe.md")
        let library = try FileLibrary(root: root, index: index, today: { testToday })
        #expect(try await library.books(matching: Query.all, sortedBy: [], limit: nil).problems.isEmpty)
        // What iCloud writes in place of the file, once the library is known: a small property
        // list, not Markdown.
        try TemporaryFolder.write("bplist00", to: root + "/finished/sci-fi/.dune.md.icloud")
        let listing = try await library.books(matching: Query.all, sortedBy: [], limit: nil)
        #expect(listing.items.map(\.title) == ["Circe"])
        let problem = try #require(listing.problems.first { $0.path == "finished/sci-fi/dune.md" })
        #expect(problem.message.contains("not downloaded"))
        // A second read, from the index when there is one, says the same.
        let again = try await library.books(matching: Query.all, sortedBy: [], limit: nil)
        #expect(again.problems == listing.problems)
        // Once downloaded, it is a book like any other.
        try FileManager.default.removeItem(atPath: root + "/finished/sci-fi/.dune.md.icloud")
        try TemporaryFolder.write("---\ntitle: Dune\n---\n", to: root + "/finished/sci-fi/dune.md")
        let downloaded = try await library.books(matching: Query.all, sortedBy: [BookSort(.title)], limit: nil)
        #expect(downloaded.items.map(\.title) == ["Circe", "Dune"])
        #expect(downloaded.problems.isEmpty)
    }
}
