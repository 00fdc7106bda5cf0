import Foundation
import ShelfCLI
import ShelfKit
import ShelfTestSupport
import Testing

/// Commands run in this process through `ShelfMain.run`, the path the binary takes from its
/// arguments on: for tests of a command's effect on files and of the errors it throws, where
/// the end-to-end tests compare what the binary prints.
struct InProcessTests {
    @Test func aCommandLineRunsAsTheBinaryRunsIt() async throws {
        let root = try TemporaryFolder.copyOfExampleLibrary()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let path = root + "/finished/sci-fi/dune.md"
        let before = try String(contentsOfFile: path, encoding: .utf8)

        try await ShelfMain.run(["--library", root, "set", "dune", "rating=4"])
        #expect(try String(contentsOfFile: path, encoding: .utf8) == before.replacing("\nrating: 5\n", with: "\nrating: 4\n"))

        await #expect { try await ShelfMain.run(["set", "no-such-book", "rating=4", "--library", root]) } throws: { error in
            (error as? ShelfError)?.description == #"no book matches "no-such-book""#
        }
    }
}
