import Foundation
import ShelfTestSupport
import Testing

/// `shelf watch`, and commands kept fresh by watchman agreeing with `--no-index` after every
/// change, on a private watchman server. Skipped where watchman is not installed.
@Suite(.serialized, .enabled(if: PrivateWatchman.isInstalled))
struct WatchCommandTests {
    /// Runs shelf in `folder` with the private server.
    private func shelf(_ arguments: [String], in folder: String, server: PrivateWatchman) throws -> ChildProcess.Outcome {
        try ChildProcess.run(BuiltExecutable.shelf, arguments, in: folder,
                             environment: ["SHELF_NO_WATCHMAN": "", "WATCHMAN_SOCK": server.socket])
    }

    private func sh(_ command: String, in folder: String) throws {
        let outcome = try ChildProcess.run("/bin/sh", ["-c", command], in: folder,
                                           environment: ["GIT_CONFIG_NOSYSTEM": "1", "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@e",
                                                         "GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@e"])
        #expect(outcome.status == 0, "\(command): \(outcome)")
    }

    /// `list` and `search` through the watched index print what they print without the index.
    private func expectSameAsWithoutIndex(in folder: String, server: PrivateWatchman, _ step: String) throws {
        for arguments in [["list", "--format", "json"], ["list", "--format", "json", "sessions:1.."], ["search", "desert"]] {
            let watched = try shelf(arguments, in: folder, server: server)
            let files = try shelf(arguments + ["--no-index"], in: folder, server: server)
            #expect(watched.stdout == files.stdout && watched.stderr == files.stderr && watched.status == files.status,
                    "\(step): \(arguments.joined(separator: " "))\n\(watched)\n\(files)")
        }
    }

    @Test
    func watchStatusAndStop() async throws {
        let server = try await PrivateWatchman.start()
        defer { server.remove() }
        let library = try ExampleLibrary()
        let root = library.root.path
        let before = try shelf(["watch", "--status"], in: root, server: server)
        #expect(before.stdout == "not watching .: commands look at every file (`shelf watch` starts watchman)\n")
        let started = try shelf(["watch"], in: root, server: server)
        #expect(started.status == 0 && started.stdout == "watching . with watchman (watch root \(root))\n", "\(started)")
        let json = try shelf(["watch", "--status", "--format", "json"], in: root, server: server)
        #expect(json.stdout.contains("\"watching\": true") && json.stdout.contains("\"socket\": \"\(server.socket)\""), "\(json)")
        let stopped = try shelf(["watch", "--stop"], in: root, server: server)
        #expect(stopped.stdout == "not watching .: commands look at every file (`shelf watch` starts watchman)\n")
        // A stopped watch stays stopped through other commands.
        _ = try shelf(["list"], in: root, server: server)
        #expect(try shelf(["watch", "--status"], in: root, server: server).stdout == stopped.stdout)
        let off = try ChildProcess.run(BuiltExecutable.shelf, ["watch"], in: root, environment: ["SHELF_NO_WATCHMAN": "1"])
        #expect(off.status == 1 && off.stderr == "shelf: the watcher is turned off by SHELF_NO_WATCHMAN\n", "\(off)")
        let usage = try shelf(["watch", "--stop", "--status"], in: root, server: server)
        #expect(usage.status == 2)
    }

    /// The first command that reads through the index asks watchman to watch the library, a
    /// watch that goes on after it: it says so, once, and how to end it.
    @Test
    func theWatchACommandStartsIsSaidOnce() async throws {
        let server = try await PrivateWatchman.start()
        defer { server.remove() }
        let library = try ExampleLibrary()
        let root = library.root.path
        let first = try shelf(["list", "--format", "paths"], in: root, server: server)
        #expect(first.status == 0)
        #expect(first.stderr == "shelf: watchman now watches \(root) to keep the index fresh, after this command too; "
                + "`shelf watch --stop` ends it\n", "\(first)")
        let second = try shelf(["list", "--format", "paths"], in: root, server: server)
        #expect(second.stderr == "" && second.stdout == first.stdout, "\(second)")
        // Stopped, and started again by `shelf watch`, which says it itself.
        #expect(try shelf(["watch", "--stop"], in: root, server: server).status == 0)
        let started = try shelf(["watch"], in: root, server: server)
        #expect(started.status == 0 && started.stderr == "", "\(started)")
    }

    /// A library in a folder of a git repository: watchman watches the repository, and the
    /// library is a path under it.
    @Test
    func commandsAgreeWithTheFilesThroughEveryChange() async throws {
        let server = try await PrivateWatchman.start()
        defer { server.remove() }
        let outer = try TemporaryFolder.make(in: TemporaryFolder.inMemory)
        defer { try? FileManager.default.removeItem(atPath: outer) }
        let root = try TemporaryFolder.copyOfExampleLibrary(in: outer)
        try sh("git init -q . && git add -A && git commit -qm one", in: outer)
        let started = try shelf(["watch"], in: root, server: server)
        #expect(started.stdout == "watching . with watchman (watch root \(outer))\n", "\(started)")
        try expectSameAsWithoutIndex(in: root, server: server, "first")

        let steps: [(String, String)] = [
            ("edit in place", "printf 'Desert again.\\n' >> finished/sci-fi/dune.md"),
            ("same-size rewrite", "sed -i 's/^title: Dune$/title: Dvne/' finished/sci-fi/dune.md && touch -d 2020-01-01 finished/sci-fi/dune.md"),
            ("new session", "printf -- '---\\npages: 5\\n---\\n\\nA desert.\\n' > reading/the-fall-of-hyperion/2026-11-21.md"),
            ("move with sessions", "mv reading/classics/anna-karenina.md finished/ && mv reading/classics/anna-karenina finished/"),
            ("move alone", "mv to-read/moby-dick.md abandoned/"),
            ("delete", "rm to-read/circe.md"),
            ("delete a session", "rm finished/anna-karenina/2026-09-20.md"),
            ("checkout", "git add -A && git commit -qm two && git checkout -q HEAD~1 -- . && git clean -qfd ."),
            ("shelf set", "\"\(BuiltExecutable.shelf)\" set dune rating=3 >/dev/null"),
        ]
        for (step, command) in steps {
            try sh(command, in: root)
            try expectSameAsWithoutIndex(in: root, server: server, step)
        }
        // The server dies between two commands, and a new one starts.
        server.stop()
        try sh("printf 'While no one watched.\\n' >> finished/sci-fi/dune.md", in: root)
        try expectSameAsWithoutIndex(in: root, server: server, "no server")
        let restarted = try await PrivateWatchman.start(in: server.folder)
        defer { restarted.stop() }
        try sh("rm to-read/station-eleven.md", in: root)
        try expectSameAsWithoutIndex(in: root, server: server, "restarted server")
        try sh("printf 'Watched again.\\n' >> finished/sci-fi/dune.md", in: root)
        try expectSameAsWithoutIndex(in: root, server: server, "watched again")
    }
}

/// Without watchman installed, commands with the watcher on walk as before, and `shelf watch`
/// says why it cannot watch. Runs everywhere: `PATH` leaves watchman out.
struct WatchCommandWithoutWatchmanTests {
    @Test
    func commandsWalkAndWatchSaysWhy() throws {
        let library = try ExampleLibrary()
        let environment = ["SHELF_NO_WATCHMAN": "", "WATCHMAN_SOCK": "", "PATH": "/nonexistent"]
        let watch = try library.shelf(["watch"], in: ".", environment: environment)
        #expect(watch.status == 1)
        #expect(watch.stderr == "shelf: watchman is not installed or did not start (Debian: apt install watchman); "
                + "commands look at every file instead\n", "\(watch)")
        for _ in 0..<2 {
            let listed = try library.shelf(["list", "--format", "json"], in: ".", environment: environment)
            let files = try library.shelf(["list", "--format", "json", "--no-index"], in: ".", environment: environment)
            #expect(listed.status == 0 && listed.stdout == files.stdout && listed.stderr == files.stderr, "\(listed)")
            try TemporaryFolder.write("---\ntitle: Unwatched\n---\n", to: library.root.path + "/to-read/unwatched.md")
        }
        let status = try library.shelf(["watch", "--status"], in: ".", environment: environment)
        #expect(status.stdout == "not watching .: commands look at every file (`shelf watch` starts watchman)\n", "\(status)")
    }
}
