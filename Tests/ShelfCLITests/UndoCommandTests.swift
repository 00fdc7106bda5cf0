import Foundation
import ShelfTestSupport
import Testing

/// `shelf undo` after each write a reader makes by mistake: the library's files come back
/// byte for byte (git sees no change), and a file changed since is left alone.
@Suite(.seededSessionNames)
struct UndoCommandTests {
    /// A wrong command, what `shelf undo` says of it.
    @Test(arguments: [
        (["finish", "the-fall-of-hyperion", "--rating", "4"], "move of the-fall-of-hyperion: reading/the-fall-of-hyperion.md → finished/the-fall-of-hyperion.md"),
        (["move", "piranesi", "to-read"], "move of piranesi: finished/fiction/piranesi.md → to-read/fiction/piranesi.md"),
        (["set", "dune", "rating=2", "format=ebook"], "update of dune: finished/sci-fi/dune.md"),
        (["log", "cloud-atlas", "--to", "130", "--minutes", "40"], "log of a session of cloud-atlas: reading/cloud-atlas/\(ExampleLibrary.today)-0700-\(firstSeededSuffix).md"),
        (["log", "circe", "--pages", "20", "--at", "07:40"], "log of a session of circe: reading/circe/\(ExampleLibrary.today)-0740-\(firstSeededSuffix).md"),
        (["add", "Emma", "--author", "Jane Austen", "--status", "reading"], "add of emma: reading/emma.md"),
        (["move", "dune-1965", "--slug", "dune-1966"], ""),
        (["abandon", "anna-karenina"], "move of anna-karenina: reading/classics/anna-karenina.md → abandoned/classics/anna-karenina.md"),
    ] as [([String], String)])
    func aWrongCommandIsTakenBackExactly(_ command: [String], _ said: String) throws {
        let library = try ExampleLibrary()
        let run = try library.shelf(command, in: ".", environment: ["SHELF_NOW": ExampleLibrary.today + "T07:40"])
        guard !said.isEmpty else {
            // A command refused writes nothing and leaves nothing to take back.
            #expect(run.status != 0)
            expectRun(try library.shelf("undo"), status: 1,
                      stderr: "shelf: there is no write to take back: the last writes made on this device are already undone, or none were made\n")
            return
        }
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try library.status() != "")
        expectRun(try library.shelf("undo"), stdout: "undid the \(said)\n")
        #expect(try library.status() == "", "every file as committed")
        #expect(try library.shelf("list", "--format", "paths").stdout == library.shelf("list", "--no-index", "--format", "paths").stdout)
    }

    @Test func removedBooksComeBackAndUndoWalksBack() throws {
        let library = try ExampleLibrary()
        let dune = try library.data("finished/sci-fi/dune.md")
        #expect(try library.shelf("set", "dune", "rating=3").status == 0)
        #expect(try library.shelf("rm", "dune").status == 0)
        expectRun(try library.shelf("undo", "--list"), stdout: """
            MADE              CHANGE          FILES
            \(try Self.made(library, 0))  delete of dune  finished/sci-fi/dune.md
            \(try Self.made(library, 1))  update of dune  finished/sci-fi/dune.md

            """)
        expectRun(try library.shelf("undo"), stdout: "undid the delete of dune: finished/sci-fi/dune.md\n")
        #expect(try library.status() == "M  .shelf/.gitignore\nM  finished/sci-fi/dune.md\n", "the trash's line stays ignored")
        expectRun(try library.shelf("undo"), stdout: "undid the update of dune: finished/sci-fi/dune.md\n")
        #expect(try library.data("finished/sci-fi/dune.md") == dune)
        expectRun(try library.shelf("undo", "--list"), stderr: "shelf: nothing to undo\n")
    }

    @Test func aFileEditedSinceIsLeftAlone() throws {
        let library = try ExampleLibrary()
        #expect(try library.shelf("set", "dune", "rating=3").status == 0)
        var text = try library.read("finished/sci-fi/dune.md")
        text += "\nA thought written after the change.\n"
        try library.write("finished/sci-fi/dune.md", text)
        expectRun(try library.shelf("undo"), status: 1, stderr: """
            shelf: cannot take back the update of dune: finished/sci-fi/dune.md changed since, and undoing would lose that change; \
            nothing was changed — change the file back by hand, or keep it as it is

            """)
        #expect(try library.read("finished/sci-fi/dune.md") == text)
    }

    /// The minute each kept write was made, as `--list` prints it, newest first.
    static func made(_ library: ExampleLibrary, _ index: Int) throws -> String {
        let folder = library.root.appendingPathComponent(".shelf/undo").path
        let names = try FileManager.default.contentsOfDirectory(atPath: folder).sorted().reversed()
        let data = try Data(contentsOf: URL(fileURLWithPath: folder + "/" + Array(names)[index]))
        let object = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        let seconds = object?["made"] as? Double ?? 0
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        return formatter.string(from: Date(timeIntervalSinceReferenceDate: seconds))
    }
}
