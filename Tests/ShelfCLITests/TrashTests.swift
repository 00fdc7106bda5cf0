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
        // The trash is out of git: the library's .gitignore in .shelf gets its line, the
        // person's own lines kept.
        #expect(try library.status() == "M  .shelf/.gitignore\n" + files.map { "D  \($0)\n" }.joined())
        #expect(try library.read(".shelf/.gitignore") == "index.sqlite*\nlock\njournal.json\nundo/\ntrash/\n")
        #expect(try files.map { try library.data(".shelf/trash/\(today)/\($0)") } == original)
        expectRun(try library.shelf("show", "piranesi"), status: 1, stderr: "shelf: no book matches \"piranesi\"\n")

        expectRun(try library.shelf("restore", "piranesi"), stdout: "finished/fiction/piranesi.md\n")
        #expect(try library.status() == "M  .shelf/.gitignore\n")
        #expect(try files.map { try library.data($0) } == original)
        #expect(!library.exists(".shelf/trash/\(today)"))
    }

    @Test func removingTheLastBookOfAFolderRemovesTheFolder() throws {
        let library = try ExampleLibrary()
        expectRun(try library.shelf("rm", "clean"), stdout: "removed abandoned/tech/clean-code.md to .shelf/trash/\n",
                  stderr: "shelf: `shelf restore clean-code` brings it back\n")
        #expect(!library.exists("abandoned/tech"))
        expectRun(try library.shelf("restore", "clean-code"), stdout: "abandoned/tech/clean-code.md\n")
        #expect(try library.status() == "M  .shelf/.gitignore\n")
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

    /// `restore` takes a book as `show` does: a slug prefix or words of its title.
    @Test(arguments: ["fall", "The Fall of Hyperion", "fall of hyp", "the-fall-of-hyperion"])
    func restoreTakesWhatShowTakes(_ reference: String) throws {
        let library = try ExampleLibrary()
        expectRun(try library.shelf("rm", "the-fall-of-hyperion"), stdout: "removed reading/the-fall-of-hyperion.md to .shelf/trash/\n",
                  stderr: "shelf: `shelf restore the-fall-of-hyperion` brings it back\n")
        expectRun(try library.shelf("restore", reference), stdout: "reading/the-fall-of-hyperion.md\n")
    }

    /// Two deleted books sharing the best match are ambiguous, as in the library.
    @Test func aReferenceToSeveralDeletedBooksIsAmbiguous() throws {
        let library = try ExampleLibrary()
        #expect(try library.shelf("rm", "the-fall-of-hyperion").status == 0)
        #expect(try library.shelf("rm", "hyperion").status == 0)
        let result = try library.shelf("restore", "perion")
        #expect(result.status == 1 && result.stderr.contains("hyperion") && result.stderr.contains("the-fall-of-hyperion"), "\(result)")
        expectRun(try library.shelf("restore", "Hyperion"), stdout: "finished/sci-fi/hyperion.md\n")
    }

    @Test func restoreWhatIsNotInTheTrash() throws {
        let library = try ExampleLibrary()
        expectRun(try library.shelf("restore", "dune"), status: 1, stderr: "shelf: dune is not in the trash (.shelf/trash)\n")
    }

    /// A copy deleted from another folder goes to a new trash folder too, so the copy restored
    /// is the one deleted last (it used to share the day's folder, and the walk chose).
    @Test func restoreTakesTheCopyDeletedLastWhateverItsFolder() throws {
        let library = try ExampleLibrary()
        expectRun(try library.shelf("rm", "circe"), stdout: "removed to-read/circe.md to .shelf/trash/\n",
                  stderr: "shelf: `shelf restore circe` brings it back\n")
        expectRun(try library.shelf("add", "Circe", "--status", "reading", "--folder", "myth"), stdout: "reading/myth/circe.md\n")
        let second = try library.read("reading/myth/circe.md")
        expectRun(try library.shelf("rm", "circe"), stdout: "removed reading/myth/circe.md to .shelf/trash/\n",
                  stderr: "shelf: `shelf restore circe` brings it back\n")
        #expect(try library.read(".shelf/trash/\(today)-2/reading/myth/circe.md") == second)
        expectRun(try library.shelf("restore", "circe"), stdout: "reading/myth/circe.md\n")
        #expect(try library.read("reading/myth/circe.md") == second)
    }

    /// `shelf trash` lists every copy, newest first; `--from DAY` and a trash path choose one.
    @Test func trashListsCopiesAndRestoreTakesTheOneNamed() throws {
        let library = try ExampleLibrary()
        let circe = try library.read("to-read/circe.md")
        try library.write(".shelf/trash/2026-01-05/to-read/circe.md", "---\ntitle: Circe (first copy)\n---\n")
        try library.write(".shelf/trash/2026-01-05/abandoned/broken.md", "---\ntitle: [Broken\n---\n")
        expectRun(try library.shelf("rm", "circe"), stdout: "removed to-read/circe.md to .shelf/trash/\n",
                  stderr: "shelf: `shelf restore circe` brings it back\n")
        expectRun(try library.shelf("trash"), stdout: """
            DELETED     PATH                                         TITLE
            \(today)  .shelf/trash/\(today)/to-read/circe.md     Circe
            2026-01-05  .shelf/trash/2026-01-05/abandoned/broken.md
            2026-01-05  .shelf/trash/2026-01-05/to-read/circe.md     Circe (first copy)

            """)
        expectRun(try library.shelf("restore", "circe", "--from", "2026-02-01"), status: 1, stderr: """
            shelf: no copy of circe in the trash was deleted on 2026-02-01; it is in .shelf/trash/ under \(today), 2026-01-05

            """)
        expectRun(try library.shelf("restore", "circe", "--from", "2026-01-05"), stdout: "to-read/circe.md\n")
        #expect(try library.read("to-read/circe.md") == "---\ntitle: Circe (first copy)\n---\n")
        expectRun(try library.shelf("rm", "circe"), stdout: "removed to-read/circe.md to .shelf/trash/\n",
                  stderr: "shelf: `shelf restore circe` brings it back\n")
        expectRun(try library.shelf("restore", ".shelf/trash/\(today)/to-read/circe.md"), stdout: "to-read/circe.md\n")
        #expect(try library.read("to-read/circe.md") == circe)
        expectRun(try library.shelf("restore", ".shelf/trash/\(today)/to-read/circe.md"), status: 1,
                  stderr: "shelf: .shelf/trash/\(today)/to-read/circe.md is not a deleted book in the trash (.shelf/trash)\n")
        let badDay = try library.shelf("restore", "circe", "--from", "someday")
        #expect(badDay.status == 2)
        #expect(badDay.stderr.hasPrefix("shelf: --from takes YYYY-MM-DD, got \"someday\"\n"), "\(badDay.stderr)")
    }

    @Test func anEmptyTrashSaysSo() throws {
        let library = try ExampleLibrary()
        expectRun(try library.shelf("trash"), stderr: "shelf: the trash is empty\n")
    }

    /// A person's own line about the trash, even one that keeps it in git, is left alone.
    @Test func aGitignoreThatNamesTheTrashIsLeftAlone() throws {
        let library = try ExampleLibrary()
        try library.write(".shelf/.gitignore", "index.sqlite*\nlock\r\n!trash/\njournal.json")
        try library.git("add", "-A")
        try library.git("-c", "user.name=shelf", "-c", "user.email=shelf@example.org", "commit", "-q", "-m", "keep the trash")
        #expect(try library.shelf("rm", "circe").status == 0)
        // Only the undo history's line is added.
        #expect(try library.read(".shelf/.gitignore") == "index.sqlite*\nlock\r\n!trash/\njournal.json\nundo/\n")
        #expect(try library.status() == "M  .shelf/.gitignore\nR  to-read/circe.md -> .shelf/trash/\(today)/to-read/circe.md\n")
    }
}
