import Foundation
import ShelfTestSupport
import Testing

/// `shelf edit` on a book shelf cannot read, other writes while a book is open, and the question
/// asked on a terminal after a save with problems.
struct EditSafetyTests {
    private static let brokenPiranesi = "---\ntitle: [Piranesi\nauthors: [Susanna Clarke]\n---\n\nNotes.\n"

    private func libraryWithBrokenPiranesi() throws -> ExampleLibrary {
        let library = try ExampleLibrary()
        try library.write("finished/fiction/piranesi.md", Self.brokenPiranesi)
        try library.git("add", "-A")
        try library.git("-c", "user.name=shelf", "-c", "user.email=shelf@example.org", "commit", "-q", "-m", "broken")
        return library
    }

    /// The book the error points at opens by slug or path, without being read, and is fixed.
    @Test(arguments: ["piranesi", "finished/fiction/piranesi.md"])
    func aBookWhoseYAMLIsBrokenOpensAndIsFixed(reference: String) throws {
        let library = try libraryWithBrokenPiranesi()
        let result = try library.shelf("edit", reference, environment: EditTests.editor(#"sed -i "s/\[Piranesi/Piranesi/" "$1""#))
        expectRun(result, stdout: "finished/fiction/piranesi.md\n")
        #expect(try library.read("finished/fiction/piranesi.md") == "---\ntitle: Piranesi\nauthors: [Susanna Clarke]\n---\n\nNotes.\n")
    }

    /// Commands that must read the book say how to fix it, and change nothing.
    @Test(arguments: [["unset", "piranesi", "rating"], ["rm", "piranesi"], ["move", "piranesi", "abandoned"],
                      ["set", "piranesi", "rating=4"]])
    func writesToABrokenBookPointAtShelfEdit(arguments: [String]) throws {
        let library = try libraryWithBrokenPiranesi()
        expectRun(try library.shelf(arguments), status: 1, stderr: """
            shelf: finished/fiction/piranesi.md:3:8: invalid YAML: did not find expected ',' or ']' while parsing a flow sequence (started on line 2); fix it with `shelf edit piranesi`

            """)
        #expect(try library.status() == "")
    }

    /// A write to the book open in the editor is refused, since the editor's save would undo it;
    /// other books are written as usual, and the mark goes when the editor closes.
    @Test func anotherWriteToTheOpenBookIsRefused() throws {
        let library = try ExampleLibrary()
        let shelf = BuiltExecutable.shelf
        let script = #""$0" set dune rating=4 > "$1.set" 2>&1; echo "exit $?" >> "$1.set"; "$0" set circe rating=4 >/dev/null; "#
            + #"printf "Reread.\n" >> "$1""#
        let result = try library.shelf("edit", "dune", environment: ["EDITOR": "sh -c '\(script)' \(shelf)"])
        expectRun(result, stdout: "finished/sci-fi/dune.md\n")
        let refused = try library.read("finished/sci-fi/dune.md.set")
        #expect(refused.hasPrefix("shelf: finished/sci-fi/dune.md is open in an editor (process "), "\(refused)")
        #expect(refused.hasSuffix("), whose save would overwrite this change; nothing was written — close the editor, then try again\nexit 1\n"))
        try FileManager.default.removeItem(at: library.root.appendingPathComponent("finished/sci-fi/dune.md.set"))
        let changes = try library.changes()
        #expect(changes.contains("+Reread.\n") && !changes.contains("+rating: 4\n rating") && changes.contains("to-read/circe.md"))
        #expect(!changes.contains("-rating: 5"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: library.root.appendingPathComponent(".shelf/editing").path) == [])
        // The mark of a process that is gone (a crash) is ignored.
        try library.write(".shelf/editing/999999999", "finished/sci-fi/dune.md")
        expectRun(try library.shelf("set", "dune", "rating=4"), stdout: "finished/sci-fi/dune.md\n")
    }

    /// On a terminal, a save with problems asks what to do, as visudo does: edit again until it
    /// is right, or keep the file as saved (exit status 1).
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/tmux")), arguments: ["e", "k"])
    func onATerminalAProblemAsksWhatNow(answer: String) throws {
        let library = try ExampleLibrary()
        let folder = try TemporaryFolder.make()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // The first run breaks the rating, the second puts it back.
        try TemporaryFolder.write("""
            if [ -e "\(folder)/ran" ]; then sed -i "s/^rating: \\[5/rating: 5/" "$1"
            else touch "\(folder)/ran"; sed -i "s/^rating: 5/rating: [5/" "$1"; fi

            """, to: folder + "/editor.sh")
        let socket = "shelf-edit-\(ProcessInfo.processInfo.processIdentifier)-\(answer)"
        let tmux = "/usr/bin/tmux"
        let command = "cd '\(library.root.path)' && EDITOR='sh \(folder)/editor.sh' NO_COLOR=1 '\(BuiltExecutable.shelf)' edit dune; "
            + "echo $? > '\(folder)/status'; sleep 30"
        defer { _ = try? ChildProcess.run(tmux, ["-L", socket, "kill-server"]) }
        let started = try ChildProcess.run(tmux, ["-L", socket, "-f", "/dev/null", "new-session", "-d", "-x", "160", "-y", "20",
                                                  "sh", "-c", command])
        #expect(started.status == 0, "\(started)")
        let prompt = "What now? (e)dit again, (k)eep as it is [e]:"
        func screen() throws -> String { try ChildProcess.run(tmux, ["-L", socket, "capture-pane", "-p"]).stdout }
        var shown = ""
        for _ in 0..<200 where !shown.contains(prompt) {
            shown = try screen()
            Thread.sleep(forTimeInterval: 0.05)
        }
        #expect(shown.contains("finished/sci-fi/dune.md:13:6: invalid YAML: did not find expected ',' or ']'"), "\(shown)")
        #expect(shown.contains(prompt))
        _ = try ChildProcess.run(tmux, ["-L", socket, "send-keys", answer, "Enter"])
        var status: String?
        // The shell creates the file before it writes the status into it.
        for _ in 0..<200 where status?.hasSuffix("\n") != true {
            status = try? String(contentsOfFile: folder + "/status", encoding: .utf8)
            Thread.sleep(forTimeInterval: 0.05)
        }
        if answer == "e" {
            #expect(status == "0\n")
            #expect(try library.status() == "")
            #expect(try screen().contains("finished/sci-fi/dune.md\n"))
        } else {
            #expect(status == "1\n")
            #expect(try library.changes().contains("\n-rating: 5\n+rating: [5\n"))
            #expect(try screen().contains("shelf: finished/sci-fi/dune.md has 1 problem, kept as saved; run `shelf edit dune` again to fix"))
        }
    }
}
