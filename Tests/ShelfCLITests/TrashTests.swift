import Foundation
import ShelfTestSupport
import Testing

/// `shelf rm` moves a book and its sessions to `.shelf/trash/<today>/`; `shelf restore` puts
/// them back byte for byte.
struct TrashTests {
    let today = ExampleLibrary.today

    @Test func removeAndRestoreABookWithSessions() throws {
        let library = try ExampleLibrary()
        let files = ["finished/fiction/piranesi.md", "finished/fiction/piranesi/2025-11-01.md",
                     "finished/fiction/piranesi/2025-11-02.md", "finished/fiction/piranesi/2025-11-04.md"]
        let original = try files.map { try library.data($0) }

        expectRun(try library.shelf("rm", "piranesi"), stdout: "removed finished/fiction/piranesi.md to .shelf/trash/\n",
                  stderr: "shelf: `shelf restore piranesi` brings it back\n")
        #expect(try library.status() == files.map { path in
            "R  \(path) -> .shelf/trash/\(today)/\(path)\n"
        }.joined())
        #expect(try files.map { try library.data(".shelf/trash/\(today)/\($0)") } == original)
        expectRun(try library.shelf("show", "piranesi"), status: 1, stderr: "shelf: no book matches \"piranesi\"\n")

        expectRun(try library.shelf("restore", "piranesi"), stdout: "finished/fiction/piranesi.md\n")
        #expect(try library.status() == "")
        #expect(try files.map { try library.data($0) } == original)
        #expect(!library.exists(".shelf/trash/\(today)"))
    }

    @Test func removingTheLastBookOfAFolderRemovesTheFolder() throws {
        let library = try ExampleLibrary()
        expectRun(try library.shelf("rm", "clean"), stdout: "removed abandoned/tech/clean-code.md to .shelf/trash/\n",
                  stderr: "shelf: `shelf restore clean-code` brings it back\n")
        #expect(!library.exists("abandoned/tech"))
        expectRun(try library.shelf("restore", "clean-code"), stdout: "abandoned/tech/clean-code.md\n")
        #expect(try library.status() == "")
    }

    @Test func aSecondDeletionTheSameDayGoesToANewFolderAndRestoreTakesTheLatest() throws {
        let library = try ExampleLibrary()
        let first = try library.read("to-read/circe.md")
        #expect(try library.shelf("rm", "circe").status == 0)
        expectRun(try library.shelf("add", "Circe", "--author", "Someone Else"), stdout: "to-read/circe.md\n")
        let second = try library.read("to-read/circe.md")
        #expect(try library.shelf("rm", "circe").status == 0)
        #expect(try library.read(".shelf/trash/\(today)/to-read/circe.md") == first)
        #expect(try library.read(".shelf/trash/\(today)-2/to-read/circe.md") == second)
        expectRun(try library.shelf("restore", "circe"), stdout: "to-read/circe.md\n")
        #expect(try library.read("to-read/circe.md") == second)
    }

    @Test func restoreWhatIsNotInTheTrash() throws {
        let library = try ExampleLibrary()
        expectRun(try library.shelf("restore", "dune"), status: 1, stderr: "shelf: dune is not in the trash (.shelf/trash)\n")
    }
}
