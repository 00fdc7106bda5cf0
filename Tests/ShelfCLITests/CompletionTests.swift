import Foundation
import ShelfTestSupport
import Testing

/// Shell completion: the scripts swift-argument-parser generates, with the `ls` alias, and the
/// custom completions of book slugs, statuses and folders, run as the scripts run them.
struct CompletionTests {
    /// `shelf ---completion COMMAND -- ARGUMENT …`, the call a generated script makes for `words`,
    /// the cursor at the end of the last word.
    static func complete(_ library: ExampleLibrary, command: String, argument: String, words: [String],
                         in folder: String = ".") throws -> ChildProcess.Outcome {
        let last = words.last ?? ""
        return try library.shelf(["---completion", command, "--", argument, String(words.count - 1), String(last.count)] + words,
                                 in: folder)
    }

    @Test(arguments: [
        ("show", "positional@0", ["shelf", "show", "du"], "dune\n"),
        ("log", "positional@0", ["shelf", "log", "the-f"], "the-fall-of-hyperion\nthe-fellowship-of-the-ring\n"),
        ("move", "positional@1", ["shelf", "move", "dune", "ab"], "abandoned\n"),
        ("move", "positional@1", ["shelf", "move", "dune", ""], "to-read\nreading\nfinished\nabandoned\n"),
        ("list", "--status", ["shelf", "list", "--status", "fin"], "finished\n"),
        ("list", "--folder", ["shelf", "list", "--folder", "fic"], "fiction\nfiction/classics\n"),
        ("add", "--folder", ["shelf", "add", "X", "--folder", "n"], "non-fiction\n"),
        ("show", "positional@0", ["shelf", "show", "zzz"], ""),
    ])
    func booksStatusesAndFoldersComeFromTheLibrary(command: String, argument: String, words: [String], expected: String) throws {
        let library = try ExampleLibrary()
        expectRun(try Self.complete(library, command: command, argument: argument, words: words, in: "reading/classics"),
                  stdout: expected)
        // Completing never builds an index the library does not have.
        #expect(!library.exists(".shelf/index.sqlite"))
        #expect(try library.status() == "")
    }

    @Test func completionReadsTheIndexAndTheLibraryTheWordsName() throws {
        let library = try ExampleLibrary()
        #expect(try library.shelf("list", "--format", "paths").status == 0)
        #expect(library.exists(".shelf/index.sqlite"))
        expectRun(try Self.complete(library, command: "show", argument: "positional@0", words: ["shelf", "show", "pi"]),
                  stdout: "piranesi\n")
        let elsewhere = FileManager.default.temporaryDirectory.path
        expectRun(try Self.complete(library, command: "show", argument: "positional@0",
                                    words: ["shelf", "show", "--library", library.root.path, "pi"], in: elsewhere),
                  stdout: "piranesi\n")
        expectRun(try Self.complete(library, command: "show", argument: "positional@0",
                                    words: ["shelf", "show", "--library=\(library.root.path)", "pi"], in: elsewhere),
                  stdout: "piranesi\n")
    }

    @Test func withoutALibraryNothingIsCompletedAndNothingSaid() throws {
        let library = try ExampleLibrary(empty: true)
        expectRun(try Self.complete(library, command: "show", argument: "positional@0", words: ["shelf", "show", "du"]))
        expectRun(try Self.complete(library, command: "list", argument: "--status", words: ["shelf", "list", "--status", ""]))
    }

    @Test(arguments: ["bash", "zsh", "fish"])
    func everyShellGetsAScriptThatKnowsTheAlias(shell: String) throws {
        let library = try ExampleLibrary()
        let result = try library.shelf("--generate-completion-script", shell)
        #expect(result.status == 0)
        #expect(result.stderr == "")
        #expect(result.stdout.hasSuffix("\n"))
        #expect(result.stdout.contains("---completion show -- positional@0"))
        switch shell {
        case "fish":
            #expect(result.stdout.contains("        case 'list' 'ls'\n"))
            #expect(result.stdout.contains("(string replace -r -- '^ls$' 'list' $unparsed_tokens[1])"))
        default:
            #expect(result.stdout.contains("|help|ls)\n"))
            #expect(result.stdout.contains("_shelf_ls() {\n    _shelf_list\n}\n"))
        }
        #expect(try library.shelf("--generate-completion-script=\(shell)").stdout == result.stdout)
    }

    /// The bash script sourced in bash and asked, as bash asks at a Tab, to complete `line`.
    static func bashCompletes(_ line: String, in library: ExampleLibrary) throws -> String {
        let script = try library.shelf("--generate-completion-script", "bash").stdout
        let path = library.root.appendingPathComponent(".shelf/shelf.bash").path
        try TemporaryFolder.write(script, to: path)
        let program = """
            source "$1"; read -ra COMP_WORDS <<< "$2"; [[ "$2" == *" " ]] && COMP_WORDS+=("")
            COMP_WORDS[0]="$3"; COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); COMP_LINE="$2"; COMP_POINT=${#COMP_LINE}
            _shelf "$3" "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD - 1]}"; printf '%s\\n' "${COMPREPLY[@]}"
            """
        let result = try ChildProcess.run("/bin/bash", ["-c", program, "bash", path, line, BuiltExecutable.shelf],
                                          in: library.root.path)
        #expect(result.status == 0, "\(result)")
        return result.stdout
    }

    @Test func bashCompletesSlugsStatusesFormatsAndTheAlias() throws {
        try #require(FileManager.default.isExecutableFile(atPath: "/bin/bash"))
        let library = try ExampleLibrary()
        #expect(try Self.bashCompletes("shelf show du", in: library) == "dune\n")
        #expect(try Self.bashCompletes("shelf ls --status fin", in: library) == "finished\n")
        #expect(try Self.bashCompletes("shelf ls --format js", in: library) == "json\njsonl\n")
        #expect(try Self.bashCompletes("shelf move piranesi to-", in: library) == "to-read\n")
        #expect(try Self.bashCompletes("shelf l", in: library) == "list\nlog\n")
    }

    /// In a real bash at a Tab, as a person installs the script: a status completes to itself,
    /// not to the folder of that name (`finished/`, which shelf refuses), while an export file
    /// and a library folder still complete as files do.
    @Test(.enabled(if: TmuxPane.isAvailable))
    func aTabInBashCompletesWhatShelfAccepts() throws {
        let library = try ExampleLibrary()
        let script = try library.shelf("--generate-completion-script", "bash").stdout
        #expect(!script.contains("complete -o filenames"))
        let folder = library.root.path
        try TemporaryFolder.write(script, to: folder + "/.shelf/shelf.bash")
        try TemporaryFolder.write("Title,Author\n", to: folder + "/.shelf/exports/goodreads_export.csv")
        let bin = URL(fileURLWithPath: BuiltExecutable.shelf).deletingLastPathComponent().path
        let pane = try TmuxPane("cd '\(folder)' && PATH='\(bin)':$PATH PS1='$ ' bash --norc --noprofile", name: "completion", width: 120)
        try pane.send("source .shelf/shelf.bash; clear", "Enter")
        // A letter typed after the Tab shows what the Tab added: a space, or a slash.
        try pane.send("shelf move dune fin", "Tab")
        _ = try pane.waitFor("shelf move dune finished")
        try pane.send("X")
        // Until the letter shows: the completed word was on screen before the Tab's space was.
        var shown = try pane.waitFor("X")
        #expect(shown.contains("shelf move dune finished X"), "\(shown)")
        try pane.send("C-u", "shelf import goodreads .shelf/exp", "Tab")
        shown = try pane.waitFor("exports/")
        #expect(shown.contains("shelf import goodreads .shelf/exports/"), "\(shown)")
        try pane.send("Tab")
        _ = try pane.waitFor("goodreads_export.csv")
        try pane.send("X")
        shown = try pane.waitFor("goodreads_export.csv X")
        #expect(shown.contains(".shelf/exports/goodreads_export.csv X"), "\(shown)")
        try pane.send("C-u", "shelf list --library fin", "Tab")
        shown = try pane.waitFor("--library finished/")
        #expect(shown.contains("shelf list --library finished/"), "\(shown)")
    }
}
