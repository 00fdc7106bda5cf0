import Foundation
import ShelfTestSupport
import Testing

/// `shelf read`: a live session kept in `.shelf/live/`, driven by flags from scripts and by keys
/// on a terminal (under tmux), logged as the session file of the time it began.
struct ReadSessionTests {
    let today = ExampleLibrary.today

    /// The `HHMM` of the time the running session began, from its file.
    func startTime(_ library: ExampleLibrary, _ slug: String) throws -> String {
        let text = try library.read(".shelf/live/\(slug).md")
        let line = try #require(text.split(separator: "\n").first { $0.hasPrefix("started: ") })
        let time = line.dropFirst("started: YYYY-MM-DDT".count).prefix(5)
        return time.replacingOccurrences(of: ":", with: "")
    }

    @Test func startStatusPauseAndStopWithoutAScreen() throws {
        let library = try ExampleLibrary()
        let started = try library.shelf("read", "cloud", "--start")
        #expect(started.status == 0 && started.stderr == "")
        let live = try library.read(".shelf/live/cloud-atlas.md")
        #expect(live.hasPrefix("---\nbook: cloud-atlas\nstarted: \(today)T"), "\(live)")
        #expect(live.hasSuffix("\npage: 97\n---\n"), "\(live)")
        let time = try startTime(library, "cloud-atlas")
        let clock = "\(time.prefix(2)):\(time.suffix(2))"
        #expect(started.stdout == "cloud-atlas: reading from page 97 since \(clock)\n")
        // One session at a time.
        expectRun(try library.shelf("read", "station", "--start"), status: 1, stderr: """
            shelf: a reading session of cloud-atlas is running, begun \(today) at \(clock); one session at a time: stop or \
            cancel it first; `shelf read --resume` returns to it, `shelf read --stop --to PAGE` logs it, `shelf read --cancel` discards it

            """)
        let paused = try library.shelf("read", "--pause")
        #expect(paused.status == 0 && paused.stdout.hasPrefix("cloud-atlas: paused at 0:00:"), "\(paused)")
        #expect(try library.read(".shelf/live/cloud-atlas.md").contains("\npauses:\n  - [\(today)T"))
        let status = try library.shelf("read", "--status", "--format", "json")
        #expect(status.stdout.contains("\"book\": \"cloud-atlas\",\n  \"title\": \"Cloud Atlas\""), "\(status)")
        #expect(status.stdout.contains("\"paused\": true"), "\(status)")
        let text = try library.shelf("read", "--status")
        #expect(text.stdout.hasPrefix("cloud-atlas: 0:00:") && text.stdout.hasSuffix(" paused, began \(today) at \(clock) on page 97\n"),
                "\(text)")
        expectRun(try library.shelf("read", "--stop", "--to", "120", "--minutes", "30", "--note", "Sonmi's chapter."),
                  stdout: "reading/cloud-atlas/\(today)-\(time)-nxpc.md: page 120 of 509 (23%)\n")
        #expect(try library.read("reading/cloud-atlas/\(today)-\(time)-nxpc.md") == """
            ---
            from: 97
            to: 120
            minutes: 30
            ---

            Sonmi's chapter.

            """)
        #expect(!library.exists(".shelf/live/cloud-atlas.md"))
        // The live folder never reaches git.
        #expect(try library.read(".shelf/.gitignore").hasSuffix("\nlive/\n"))
        #expect(try !library.status().contains("live"))
        expectRun(try library.shelf("read", "--status"), stdout: "no reading session is running\n")
        expectRun(try library.shelf("read", "--status", "--format", "json"), stdout: "{\n  \"running\": false\n}\n")
    }

    @Test func cancelDiscardsTheSession() throws {
        let library = try ExampleLibrary()
        expectRun(try library.shelf("read", "--cancel"), status: 1,
                  stderr: "shelf: no reading session is running; start one with `shelf read BOOK`\n")
        _ = try library.shelf("read", "station", "--start")
        expectRun(try library.shelf("read", "--cancel"), stdout: "station-eleven: session cancelled, nothing logged\n")
        #expect(!library.exists(".shelf/live/station-eleven.md"))
        #expect(try library.git("status", "--porcelain", "--", "reading", "to-read").stdout == "")
    }

    @Test func withoutATerminalItSaysWhatToDo() throws {
        let library = try ExampleLibrary()
        expectRun(try library.shelf("read", "cloud"), status: 2, stderr: """
            shelf: shelf read BOOK needs a terminal; without one, use shelf read BOOK --start, then --status, --pause, \
            --continue, --stop --to PAGE or --cancel

            """)
        #expect(!library.exists(".shelf/live/cloud-atlas.md"))
    }

    /// `read BOOK --stop --to N` names the book running, as a reader types it; another book is refused.
    @Test func theBookRunningMayBeNamed() throws {
        let library = try ExampleLibrary()
        _ = try library.shelf("read", "cloud", "--start")
        expectRun(try library.shelf("read", "station", "--stop", "--to", "120"), status: 1,
                  stderr: "shelf: the session running is of cloud-atlas, not station-eleven; --stop acts on the session running\n")
        let time = try startTime(library, "cloud-atlas")
        expectRun(try library.shelf("read", "cloud", "--stop", "--to", "120", "--minutes", "30"),
                  stdout: "reading/cloud-atlas/\(today)-\(time)-nxpc.md: page 120 of 509 (23%)\n")
    }

    /// On a terminal: a note, a pause, a stop that asks the page and the editor, and the
    /// session file of the time it began.
    /// A page the library would refuse is said at the prompt, which asks again, before the
    /// question about the notes: nothing typed after it is lost to a refusal at the end.
    @Test(.enabled(if: TmuxPane.isAvailable))
    func aPageTheLibraryRefusesIsSaidAtThePrompt() throws {
        let library = try ExampleLibrary()
        let pane = try TmuxPane("cd '\(library.root.path)' && NO_COLOR=1 EDITOR=true '\(BuiltExecutable.shelf)' read cloud; echo DONE; sleep 30",
                                name: "readpage", width: 100)
        try pane.waitFor("space pause/resume")
        try pane.send("s")
        try pane.waitFor("Page reached")
        try pane.send("9999", "Enter")
        var shown = try pane.waitFor("past the")
        #expect(shown.contains("9999") && shown.contains("509"), "\(shown)")
        #expect(!shown.contains("Open the notes"), "\(shown)")
        // Cloud Atlas was read to page 96.
        try pane.send("C-u", "50", "Enter")
        shown = try pane.waitFor("already at page 96")
        #expect(shown.contains("already at page 96") && !shown.contains("Open the notes"), "\(shown)")
        try pane.send("C-u", "120", "Enter")
        shown = try pane.waitFor("Open the notes in true? [y/N]")
        #expect(shown.contains("Open the notes in true? [y/N]"), "\(shown)")
        try pane.send("Enter")
        shown = try pane.waitFor("DONE")
        #expect(shown.contains("page 120 of 509"), "\(shown)")
    }

    @Test(.enabled(if: TmuxPane.isAvailable))
    func onATerminalTheScreenTimesNotesAndLogs() throws {
        let library = try ExampleLibrary()
        let folder = try TemporaryFolder.make()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let pane = try TmuxPane("cd '\(library.root.path)' && NO_COLOR=1 EDITOR=true '\(BuiltExecutable.shelf)' read cloud; "
                                + "echo $? > '\(folder)/status'; sleep 30", name: "read")
        var shown = try pane.waitFor("space pause/resume")
        #expect(shown.contains("Cloud Atlas"), "\(shown)")
        #expect(shown.contains("began ") && shown.contains(" on page 97, about 0 pages so far"), "\(shown)")
        #expect(shown.contains("0:00:") && shown.contains("reading"), "\(shown)")
        let time = try startTime(library, "cloud-atlas")
        try pane.send("n")
        // tmux leaves the trailing space off each line it captures.
        try pane.waitFor("Note:")
        try pane.send("Sonmi's chapter.", "Enter")
        shown = try pane.waitFor("    Sonmi's chapter.")
        #expect(shown.contains("  Notes:\n    Sonmi's chapter.\n"), "\(shown)")
        // Saved at once: a closed terminal would lose nothing.
        #expect(try library.read(".shelf/live/cloud-atlas.md").hasSuffix("---\nSonmi's chapter.\n"))
        try pane.send("Space")
        shown = try pane.waitFor("paused")
        #expect(try library.read(".shelf/live/cloud-atlas.md").contains("\npauses:\n  - [\(today)T"))
        try pane.send("Space")
        // Read for a second or two: a session with any second read logs at least a minute,
        // and one stopped within the second it began logs none.
        Thread.sleep(forTimeInterval: 2)
        try pane.send("s")
        // About 42 pages an hour, a few seconds read: no page yet, so the default is page 96.
        shown = try pane.waitFor("Page reached [96] (- for none):")
        #expect(shown.contains("Page reached [96] (- for none):"), "\(shown)")
        try pane.send("120", "Enter")
        shown = try pane.waitFor("Open the notes in true? [y/N]")
        #expect(shown.contains("Open the notes in true? [y/N]"), "\(shown)")
        try pane.send("Enter")
        #expect(Self.exitStatus(in: folder) == "0\n")
        let files = try FileManager.default.contentsOfDirectory(atPath: library.root.path + "/reading/cloud-atlas").sorted()
        #expect(files == ["2026-11-08.md", "2026-11-16.md", "\(today)-\(time)-nxpc.md"])
        #expect(try pane.screen().contains("reading/cloud-atlas/\(today)-\(time)-nxpc.md: page 120 of 509 (23%)"))
        #expect(try library.read("reading/cloud-atlas/\(today)-\(time)-nxpc.md") == """
            ---
            from: 97
            to: 120
            minutes: 1
            ---

            Sonmi's chapter.

            """)
        #expect(!library.exists(".shelf/live/cloud-atlas.md"))
    }

    /// The exit status a pane's command wrote to `folder/status`, waited for up to 30 s: the
    /// session is written and the command exits, under the load of the whole suite.
    private static func exitStatus(in folder: String) -> String? {
        var status: String?
        for _ in 0..<600 where status == nil {
            // The shell creates the file before `echo` writes to it: a status is a whole line.
            status = (try? String(contentsOfFile: folder + "/status", encoding: .utf8)).flatMap { $0.hasSuffix("\n") ? $0 : nil }
            Thread.sleep(forTimeInterval: 0.05)
        }
        return status
    }

    /// Ctrl-C on the screen, at the page prompt or at the editor question leaves the session
    /// running, as `q` does: a message and the signal's status, never a crash or a backtrace.
    @Test(.enabled(if: TmuxPane.isAvailable), arguments: [[String](), ["s"], ["s", "120", "Enter"]])
    func controlCLeavesTheSessionRunning(before keys: [String]) throws {
        let library = try ExampleLibrary()
        let folder = try TemporaryFolder.make()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // The pane's shell ignores Ctrl-C, which would end it before it writes the status.
        let pane = try TmuxPane("trap '' INT; cd '\(library.root.path)' && NO_COLOR=1 EDITOR=true '\(BuiltExecutable.shelf)' read cloud "
                                + "2> '\(folder)/stderr'; echo $? > '\(folder)/status'; sleep 30", name: "interrupt")
        try pane.waitFor("space pause/resume")
        if !keys.isEmpty {
            try pane.send(keys[0])
            try pane.waitFor("Page reached")
            if keys.count > 1 {
                try pane.send(keys[1], keys[2])
                try pane.waitFor("Open the notes in true?")
            }
        }
        try pane.send("C-c")
        #expect(Self.exitStatus(in: folder) == "130\n")
        let stderr = try String(contentsOfFile: folder + "/stderr", encoding: .utf8)
        #expect(stderr == "shelf: cloud-atlas: the session keeps running; come back with `shelf read --resume`, "
                + "or finish it with `shelf read --stop --to PAGE`\n", "\(stderr)")
        #expect(library.exists(".shelf/live/cloud-atlas.md"))
    }

    /// A terminal closed mid-session (SIGHUP), or a process killed outright, leaves the session
    /// recorded: `--status` sees it, the notes are there, and it can be stopped.
    @Test(.enabled(if: TmuxPane.isAvailable))
    func aClosedTerminalLosesNothing() throws {
        let library = try ExampleLibrary()
        var pane: TmuxPane? = try TmuxPane("cd '\(library.root.path)' && NO_COLOR=1 '\(BuiltExecutable.shelf)' read cloud",
                                           name: "read-hup")
        try pane?.waitFor("space pause/resume")
        try pane?.send("n")
        try pane?.waitFor("Note:")
        try pane?.send("Before the crash.", "Enter")
        try pane?.waitFor("    Before the crash.")
        pane = nil
        let text = try library.shelf("read", "--status")
        // Under a minute: a loaded machine may take more than ten seconds to get here.
        #expect(text.stdout.hasPrefix("cloud-atlas: 0:00:") && text.stdout.hasSuffix(" on page 97, 1 note line\n"), "\(text)")
        let time = try startTime(library, "cloud-atlas")
        // The session runs on with no screen; a second or two of it logs a minute.
        Thread.sleep(forTimeInterval: 2)
        expectRun(try library.shelf("read", "--stop", "--to", "100"),
                  stdout: "reading/cloud-atlas/\(today)-\(time)-nxpc.md: page 100 of 509 (19%)\n")
        #expect(try library.read("reading/cloud-atlas/\(today)-\(time)-nxpc.md") == "---\nfrom: 97\nto: 100\nminutes: 1\n---\n\nBefore the crash.\n")
    }
}
