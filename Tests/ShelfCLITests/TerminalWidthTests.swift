import Foundation
import ShelfTestSupport
import Testing

/// What shelf shows on terminals of 40 to 120 columns, read off a real terminal (tmux): tables
/// that fit on one line a row, the live screen wrapped between words, and for a pipe a table
/// of tabs instead of rows padded to the widest title.
@Suite(.enabled(if: TmuxPane.isAvailable))
struct TerminalWidthTests {
    /// `command` run in a pane `width` columns wide; the screen once `marker` shows.
    private func screen(_ command: String, in library: ExampleLibrary, width: Int, until marker: String) throws -> String {
        // Without the COLUMNS the tests set for commands run in a pipe: the terminal's width.
        let pane = try TmuxPane("unset COLUMNS; cd '\(library.root.path)' && NO_COLOR=1 \(command); echo '\(marker)'; sleep 30",
                                name: "width\(width)", width: width, height: 60)
        return try pane.waitFor(marker)
    }

    @Test(arguments: [40, 60, 80, 120])
    func aTableFitsEveryWidth(width: Int) throws {
        let library = try ExampleLibrary()
        let shown = try screen("'\(BuiltExecutable.shelf)' list status:reading", in: library, width: width, until: "END")
        let lines = shown.split(separator: "\n").prefix { $0 != "END" }
        let books = try library.shelf("list", "status:reading", "--format", "paths").stdout.split(separator: "\n").count
        // One line a book and the header: no row wrapped onto a second line.
        #expect(lines.count == books + 1, "\(shown)")
        #expect(lines.first?.hasPrefix("TITLE") == true, "\(shown)")
        #expect(lines.allSatisfy { $0.count <= width }, "\(shown)")
        if width >= 80 {
            // Room enough for every status and folder whole.
            #expect(lines.contains { $0.contains("reading/classics") }, "\(shown)")
        }
    }

    /// A long note on a screen of 40 columns is shown whole, on as many lines as it takes,
    /// broken between words.
    @Test func theLiveScreenWrapsBetweenWords() throws {
        let library = try ExampleLibrary()
        let pane = try TmuxPane("unset COLUMNS; cd '\(library.root.path)' && NO_COLOR=1 '\(BuiltExecutable.shelf)' read cloud; echo DONE; sleep 30",
                                name: "narrow", width: 40, height: 30)
        try pane.waitFor("pause/resume")
        try pane.send("n")
        try pane.waitFor("Note:")
        let note = "Sonmi's chapter turns the whole book around, and the ending of the first half now reads differently."
        try pane.send(note, "Enter")
        // The typed line shows the note too; the screen drawn after it has the notes' heading.
        let shown = try pane.waitFor("  Notes:")
        let noteLines = shown.split(separator: "\n").filter { $0.hasPrefix("    ") }.map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(noteLines.joined(separator: " ") == note, "\(shown)")
        #expect(shown.split(separator: "\n").allSatisfy { $0.count <= 40 }, "\(shown)")
        // The keys, on lines of their own where one line is too narrow for them.
        #expect(shown.contains("q leave (keeps running)"), "\(shown)")
        try pane.send("q")
        try pane.waitFor("DONE")
        #expect(try library.shelf("read", "--cancel").status == 0)
    }

    /// Piped without `COLUMNS`, a table is tab-separated: whole cells, no padding.
    @Test func aPipedTableIsTabSeparated() throws {
        let library = try ExampleLibrary()
        let result = try ChildProcess.run("/bin/sh", ["-c", "unset COLUMNS; \"$0\" list status:reading | cat", BuiltExecutable.shelf],
                                          in: library.root.path)
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        // No book reading is rated: the column is left out.
        #expect(lines.first == "TITLE\tAUTHORS\tSTATUS\tPROGRESS", "\(result)")
        #expect(lines.dropFirst().allSatisfy { $0.split(separator: "\t", omittingEmptySubsequences: false).count == 4 }, "\(result)")
        #expect(lines.contains("Anna Karenina\tLeo Tolstoy\treading/classics\t271/838 (32%)"), "\(result)")
        #expect(!result.stdout.contains("  "), "no padding: \(result)")
    }
}
