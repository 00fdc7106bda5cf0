import Foundation
import Testing

/// `shelf edit`: runs the editor without a shell, then checks what it saved.
struct EditTests {
    /// An `EDITOR` that runs a shell snippet on the file, the way `EDITOR="code --wait"` passes words.
    static func editor(_ script: String) -> [String: String] {
        ["EDITOR": "sh -c '\(script)' sh"]
    }

    @Test func savedChangesAreKeptAndThePathPrinted() throws {
        let library = try ExampleLibrary()
        let result = try library.shelf("edit", "dune", environment: Self.editor(#"printf "Reread in 2026.\n" >> "$1""#))
        expectRun(result, stdout: "finished/sci-fi/dune.md\n")
        #expect(try library.changes() == """
            diff --git a/finished/sci-fi/dune.md b/finished/sci-fi/dune.md
            --- a/finished/sci-fi/dune.md
            +++ b/finished/sci-fi/dune.md
            @@ -23,3 +23,4 @@ Slow first hundred pages, then I couldn't stop. The ecology is the real main
             character: water, sand, spice, and how a whole culture grows out of scarcity.
             Paul is less a hero than a warning, which I only understood near the end.
             The appendices are worth reading too.
            +Reread in 2026.

            """)
    }

    @Test func visualWinsOverEditor() throws {
        let library = try ExampleLibrary()
        var environment = Self.editor("exit 3")
        environment["VISUAL"] = #"sh -c 'echo "visual: $1" >&2' sh"#
        let result = try library.shelf("edit", "dune", environment: environment)
        let path = library.root.appendingPathComponent("finished/sci-fi/dune.md").path
        expectRun(result, stdout: "finished/sci-fi/dune.md\n", stderr: "visual: \(path)\n")
    }

    @Test func brokenYAMLIsReportedWithItsPositionAndTheFileKeptAsSaved() throws {
        let library = try ExampleLibrary()
        let result = try library.shelf("edit", "dune", environment: Self.editor(#"sed -i "s/^rating: 5/rating: [5/" "$1""#))
        expectRun(result, status: 1, stderr: """
            finished/sci-fi/dune.md:13:6: invalid YAML: did not find expected ',' or ']' while parsing a flow sequence (started on line 12)
            shelf: finished/sci-fi/dune.md has 1 problem, kept as saved; run `shelf edit dune` again to fix

            """)
        #expect(try library.read("finished/sci-fi/dune.md").contains("\nrating: [5\nadded: 2023-12-26\n"))
    }

    @Test func anInvalidValueIsReported() throws {
        let library = try ExampleLibrary()
        let result = try library.shelf("edit", "dune", environment: Self.editor(#"sed -i "s/^rating: 5/rating: 7/" "$1""#))
        expectRun(result, status: 1, stderr: """
            finished/sci-fi/dune.md:12:9: rating should be between 0.5 and 5 in steps of 0.5, found "7"
            shelf: finished/sci-fi/dune.md has 1 problem, kept as saved; run `shelf edit dune` again to fix

            """)
        #expect(try library.changes().contains("\n-rating: 5\n+rating: 7\n"))
    }

    @Test func aPathWithSpacesIsOneArgument() throws {
        let library = try ExampleLibrary()
        try library.write("to-read/odd folder/it's $HOME.md", "---\ntitle: Odd\n---\n")
        let result = try library.shelf("edit", "it's $HOME", environment: Self.editor(#"printf "Body.\n" >> "$1""#))
        expectRun(result, stdout: "to-read/odd folder/it's $HOME.md\n")
        #expect(try library.read("to-read/odd folder/it's $HOME.md") == "---\ntitle: Odd\n---\nBody.\n")
    }

    @Test func anEditorThatDoesNotExist() throws {
        let library = try ExampleLibrary()
        expectRun(try library.shelf("edit", "dune", environment: ["EDITOR": "no-such-editor-here --wait"]), status: 1, stderr: """
            shelf: cannot start the editor "no-such-editor-here": No such file or directory; set VISUAL or EDITOR to an editor on your PATH

            """)
        #expect(try library.status() == "")
    }

    @Test func anEditorThatFails() throws {
        let library = try ExampleLibrary()
        expectRun(try library.shelf("edit", "dune", environment: ["EDITOR": "false"]), status: 1,
                  stderr: "shelf: the editor \"false\" exited with status 1; the file was left as it is\n")
    }
}
