import Foundation
import ShelfTestSupport
import Testing

/// Notes as a scratchpad (`log --note -`, `log --edit`) and sessions you can fix: `edit --session`,
/// `session edit`, `session rm`, `log --undo`.
struct SessionEditTests {
    private static let today = ExampleLibrary.day(offset: 0)

    /// Runs `shelf ARGUMENTS` with `input` on its standard input, through `sh`.
    private static func shelf(_ library: ExampleLibrary, input: String, _ arguments: String...) throws -> ChildProcess.Outcome {
        let quoted = arguments.map { "'" + $0 + "'" }.joined(separator: " ")
        let script = "printf '%s' \"$INPUT\" | '\(BuiltExecutable.shelf)' \(quoted)"
        return try ChildProcess.run("/bin/sh", ["-c", script], in: library.root.path, environment: ["INPUT": input])
    }

    /// The path a `log` printed, before its `: page …`.
    private static func loggedPath(_ stdout: String) -> String {
        String(stdout.prefix { $0 != ":" && $0 != "\n" })
    }

    @Test func aNoteFromStandardInputIsKeptByteForByte() throws {
        let library = try ExampleLibrary()
        let note = "# Chapter 3\r\n\r\n- the *ansible*\r\n- 'quotes' and \"more\"\r\n"
        let result = try Self.shelf(library, input: note, "log", "cloud-atlas", "--minutes", "20", "--note", "-")
        #expect(result.status == 0 && result.stderr == "", "\(result)")
        let path = Self.loggedPath(result.stdout)
        #expect(path.hasPrefix("reading/cloud-atlas/\(Self.today)-"))
        #expect(try library.data(path) == Data(("---\nminutes: 20\n---\n\n" + note).utf8))
    }

    @Test func aNoteWrittenInTheEditorIsLogged() throws {
        let library = try ExampleLibrary()
        let result = try library.shelf("log", "cloud-atlas", "--edit",
                                       environment: EditTests.editor(#"printf "Thought about the sextet.\n" > "$1""#))
        #expect(result.status == 0 && result.stderr == "", "\(result)")
        #expect(try library.read(Self.loggedPath(result.stdout)) == "\nThought about the sextet.\n", "a session of a note alone, as `log --note` writes it")
    }

    @Test func anEmptyNoteFromTheEditorLogsNothing() throws {
        let library = try ExampleLibrary()
        let result = try library.shelf("log", "cloud-atlas", "--edit", environment: EditTests.editor(#"printf "\n  \n" > "$1""#))
        expectRun(result, status: 1, stderr: "shelf: the session of cloud-atlas on \(Self.today) records nothing; give the pages, the minutes or a note\n")
        #expect(try library.status() == "")
    }

    @Test func aSessionOpensInTheEditorByBookAndSessionOrByPath() throws {
        let library = try ExampleLibrary()
        let append = EditTests.editor(#"printf "Worms.\n" >> "$1""#)
        expectRun(try library.shelf("edit", "dune", "--session", "2024-01-09", environment: append),
                  stdout: "finished/sci-fi/dune/2024-01-09.md\n")
        expectRun(try library.shelf("edit", "finished/sci-fi/dune/2024-01-16.md", environment: append),
                  stdout: "finished/sci-fi/dune/2024-01-16.md\n")
        expectRun(try library.shelf("session", "edit", "dune", "2024-01-25", environment: append),
                  stdout: "finished/sci-fi/dune/2024-01-25.md\n")
        #expect(try library.read("finished/sci-fi/dune/2024-01-09.md") == "---\nfrom: 58\nto: 120\nminutes: 65\n---\nWorms.\n")
        #expect(try library.read("finished/sci-fi/dune/2024-01-16.md").hasSuffix("place: train\n---\nWorms.\n"))
        #expect(try library.status() == """
            M  finished/sci-fi/dune/2024-01-09.md
            M  finished/sci-fi/dune/2024-01-16.md
            M  finished/sci-fi/dune/2024-01-25.md

            """)
    }

    @Test func aBrokenSessionSaveIsReported() throws {
        let library = try ExampleLibrary()
        let result = try library.shelf("edit", "dune", "--session", "last", environment: EditTests.editor(#"sed -i "s/^to: 412/to: many/" "$1""#))
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("finished/sci-fi/dune/2024-02-11.md:3:5: to should be"), "\(result.stderr)")
        #expect(result.stderr.hasSuffix("shelf: finished/sci-fi/dune/2024-02-11.md has 1 problem, kept as saved; "
                                        + "run `shelf edit dune --session 2024-02-11` again to fix\n"), "\(result.stderr)")
    }

    @Test func aSessionEditChangesOnlyTheLinesOfTheValuesGiven() throws {
        let library = try ExampleLibrary()
        // The next session starts on 187: pages 187–190 are now in both, which is reported.
        expectRun(try library.shelf("session", "edit", "dune", "2024-01-16", "--to", "190", "--minutes", "75"),
                  stdout: "finished/sci-fi/dune/2024-01-16.md\n", stderr: """
            finished/sci-fi/dune/2024-01-25.md:2:7: from is below page 190, reached on 2024-01-16, so pages 187–190 are counted twice; correct one of the two sessions, found "187"
            shelf: saved; dune's sessions now contradict each other in 1 place, correct them with `shelf session edit`

            """)
        #expect(try library.changes() == """
            diff --git a/finished/sci-fi/dune/2024-01-16.md b/finished/sci-fi/dune/2024-01-16.md
            --- a/finished/sci-fi/dune/2024-01-16.md
            +++ b/finished/sci-fi/dune/2024-01-16.md
            @@ -1,6 +1,6 @@
             ---
             from: 120
            -to: 187
            -minutes: 70
            +to: 190
            +minutes: 75
             place: train
             ---

            """)
    }

    @Test func aNewDateAndTimeRenameTheFile() throws {
        let library = try ExampleLibrary()
        expectRun(try library.shelf("session", "edit", "dune", "2024-01-16", "--date", "2024-01-15", "--at", "21:30"),
                  stdout: "finished/sci-fi/dune/2024-01-15-2130.md\n",
                  stderr: "shelf: renamed from finished/sci-fi/dune/2024-01-16.md\n")
        #expect(try library.status() == "R  finished/sci-fi/dune/2024-01-16.md -> finished/sci-fi/dune/2024-01-15-2130.md\n")
    }

    @Test func aCorrectionThatContradictsALaterSessionIsSavedAndReported() throws {
        let library = try ExampleLibrary()
        let result = try library.shelf("session", "edit", "dune", "2024-01-09", "--to", "200")
        expectRun(result, stdout: "finished/sci-fi/dune/2024-01-09.md\n", stderr: """
            finished/sci-fi/dune/2024-01-16.md:3:5: to goes back below page 200, reached on 2024-01-09, found "187"
            finished/sci-fi/dune/2024-01-25.md:2:7: from is below page 200, reached on 2024-01-09, so pages 187–200 are counted twice; correct one of the two sessions, found "187"
            shelf: saved; dune's sessions now contradict each other in 2 places, correct them with `shelf session edit`

            """)
        #expect(try library.changes().contains("\n-to: 120\n+to: 200\n"))
    }

    @Test func anImpossibleCorrectionIsRefused() throws {
        let library = try ExampleLibrary()
        expectRun(try library.shelf("session", "edit", "dune", "last", "--to", "500"), status: 1, stderr: """
            shelf: the session reaches page 500, past the last page of dune (412); check the page numbers, or correct the book's page count if the edition is longer (`shelf set dune pages=500`)

            """)
        expectRun(try library.shelf("session", "edit", "dune", "last", "--minutes", "-3"), status: 1,
                  stderr: "shelf: --minutes must be 0 or more, got -3\n")
        #expect(try library.status() == "")
    }

    @Test func aSessionIsRemovedToTheTrash() throws {
        let library = try ExampleLibrary()
        expectRun(try library.shelf("session", "rm", "dune", "2024-01-09"),
                  stdout: "removed finished/sci-fi/dune/2024-01-09.md to .shelf/trash/\(Self.today)/finished/sci-fi/dune/2024-01-09.md\n")
        #expect(try library.read(".shelf/trash/\(Self.today)/finished/sci-fi/dune/2024-01-09.md") == "---\nfrom: 58\nto: 120\nminutes: 65\n---\n")
        #expect(try library.status() == "M  .shelf/.gitignore\nD  finished/sci-fi/dune/2024-01-09.md\n", "the trash is ignored by git")
        #expect(try library.shelf("sessions", "dune", "--format", "{date}").stdout
                == "2024-01-02\n2024-01-16\n2024-01-25\n2024-02-03\n2024-02-11\n")
    }

    @Test func undoRemovesTheLastSession() throws {
        let library = try ExampleLibrary()
        expectRun(try library.shelf("log", "dune", "--undo"),
                  stdout: "removed finished/sci-fi/dune/2024-02-11.md to .shelf/trash/\(Self.today)/finished/sci-fi/dune/2024-02-11.md\n")
        #expect(try library.status() == "M  .shelf/.gitignore\nD  finished/sci-fi/dune/2024-02-11.md\n")
        expectRun(try library.shelf("log", "dune", "--undo", "--to", "3"), status: 2, stderr: """
            shelf: --undo removes the last session; give it alone
            Usage: shelf log [<options>] <book>
              See 'shelf log --help' for more information.

            """)
    }

    @Test func aDayWithSeveralSessionsIsAskedToBeNamed() throws {
        let library = try ExampleLibrary()
        try library.write("finished/sci-fi/dune/2024-01-10-0800.md", "---\nminutes: 5\n---\n")
        try library.write("finished/sci-fi/dune/2024-01-10-2100.md", "---\nminutes: 5\n---\n")
        expectRun(try library.shelf("session", "rm", "dune", "2024-01-10"), status: 1,
                  stderr: "shelf: dune has 2 sessions on 2024-01-10: 2024-01-10-0800, 2024-01-10-2100; name one of them\n")
        expectRun(try library.shelf("session", "rm", "dune", "2024-01-09"),
                  stdout: "removed finished/sci-fi/dune/2024-01-09.md to .shelf/trash/\(Self.today)/finished/sci-fi/dune/2024-01-09.md\n")
        expectRun(try library.shelf("session", "rm", "dune", "2024-01-11"), status: 1, stderr: """
            shelf: dune has no session "2024-01-11"; its sessions: …, 2024-01-10-2100, 2024-01-16, 2024-01-25, 2024-02-03, 2024-02-11

            """)
    }
}
