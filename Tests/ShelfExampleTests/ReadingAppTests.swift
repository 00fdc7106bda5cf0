import Foundation
import ShelfKit
import ShelfTestSupport
import Testing

/// The example app (`Examples/ReadingApp`), built on ShelfKit's public API alone, run as a
/// person would on a library of 10,000 books: its reading list, a timed session, and the
/// changes another process makes while it watches.
@Suite(.serialized)
struct ReadingAppTests {
    /// 10,000 books in the four statuses and a few folders, three of them being read with
    /// sessions; written directly, as a synced folder would hold them.
    static func makeLibrary(books: Int = 10_000) throws -> String {
        let root = try TemporaryFolder.make(in: "/tmp")
        _ = try FileLibrary.create(at: root, today: { Day.today() })
        let statuses = ["to-read", "finished", "abandoned"]
        let folders = ["", "sci-fi", "history", "poetry"]
        for status in statuses {
            for folder in folders { try FileManager.default.createDirectory(atPath: root + "/" + status + "/" + folder, withIntermediateDirectories: true) }
        }
        for number in 0..<(books - 3) {
            let folder = folders[number % folders.count]
            let path = [statuses[number % statuses.count], folder, "book-\(number).md"].filter { !$0.isEmpty }.joined(separator: "/")
            let text = "---\ntitle: Book \(number)\nauthors: [Author \(number % 97)]\npages: \(100 + number % 400)\n---\n"
            guard FileManager.default.createFile(atPath: root + "/" + path, contents: Data(text.utf8)) else { throw CocoaError(.fileWriteUnknown) }
        }
        try write("---\ntitle: Dune\nauthors: [Frank Herbert]\npages: 600\n---\n", root, "reading/dune.md")
        try write("---\nfrom: 1\nto: 150\nminutes: 90\n---\n", root, "reading/dune/2026-11-01.md")
        try write("---\ntitle: Circe\nauthors: [Madeline Miller]\npages: 400\n---\n", root, "reading/myth/circe.md")
        try write("---\ntitle: Solaris\nauthors: [Stanisław Lem]\n---\n", root, "reading/solaris.md")
        return root
    }

    static func write(_ text: String, _ root: String, _ path: String) throws {
        let url = URL(fileURLWithPath: root + "/" + path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    static func app(_ arguments: [String], environment: [String: String] = [:]) throws -> ChildProcess.Outcome {
        try ChildProcess.run(BuiltExecutable.readingApp, arguments, environment: environment)
    }

    @Test func theReadingScreenATimedSessionAndTheListAfterIt() throws {
        let root = try Self.makeLibrary()
        defer { try? FileManager.default.removeItem(atPath: root) }

        let reading = try Self.app([root, "reading"])
        #expect(reading.status == 0, "\(reading)")
        #expect(reading.stdout == """
            Circe — Madeline Miller: not started
            Dune — Frank Herbert: page 150 of 600 (25%)
            Solaris — Stanisław Lem: not started

            """)
        #expect(reading.stderr.isEmpty)

        let session = try Self.app([root, "session", "dune", "--seconds", "1", "--to", "210", "--note", "The litany."])
        #expect(session.status == 0, "\(session)")
        let lines = session.stdout.split(separator: "\n")
        #expect(lines.first == "reading Dune")
        #expect(lines.contains("00:01"), "the timer ticked to a second")
        let logged = try #require(lines.last)
        #expect(logged.hasPrefix("logged 1 min to page 210 in reading/dune/"))
        // The session file the app logged, as any other reader of the library sees it.
        let file = String(logged.split(separator: " ").last ?? "")
        let text = try String(contentsOfFile: root + "/" + file, encoding: .utf8)
        #expect(text.contains("The litany."))
        let live = (try? FileManager.default.contentsOfDirectory(atPath: root + "/.shelf/live")) ?? []
        #expect(live.isEmpty, "no session left running")

        let after = try Self.app([root, "reading"])
        #expect(after.stdout.contains("Dune — Frank Herbert: page 210 of 600 (35%)"))
    }

    @Test func anUnknownBookAndAFolderThatIsNotALibraryAreClearErrors() throws {
        let root = try Self.makeLibrary(books: 100)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let unknown = try Self.app([root, "session", "dunne", "--seconds", "0"])
        #expect(unknown.status == 1)
        #expect(unknown.stderr.hasPrefix("error: "))
        #expect(unknown.stderr.contains("dunne"))
        let folder = try TemporaryFolder.make(in: "/tmp")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let notALibrary = try Self.app([folder, "reading"])
        #expect(notALibrary.status == 1)
        #expect(notALibrary.stderr.hasPrefix("error: "))
    }

    @Test(arguments: [false, true])
    func theWatchScreenPrintsWhatAnotherProcessChanges(withWatchman: Bool) async throws {
        var server: PrivateWatchman?
        if withWatchman {
            guard PrivateWatchman.isInstalled else { return }
            server = try await PrivateWatchman.start()
        }
        defer { server?.remove() }
        let root = try Self.makeLibrary()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let environment = server.map { ["WATCHMAN_SOCK": $0.socket, "SHELF_NO_WATCHMAN": "0"] } ?? [:]
        // As many reports as it takes: a shell's `>` truncates and then writes, which a loaded
        // machine may see as two reports.
        let watcher = try ChildProcess.start(BuiltExecutable.readingApp, [root, "watch"], environment: environment)
        func output() -> String { (try? String(contentsOfFile: watcher.standardOutputPath, encoding: .utf8)) ?? "" }
        func waitFor(_ text: String) async throws -> Bool {
            for _ in 0..<3_000 where !output().contains(text) { try await Task.sleep(for: .milliseconds(10)) }
            return output().contains(text)
        }
        #expect(try await waitFor("watching "))

        // Another process: shell commands, one change a report.
        func shell(_ command: String) throws { #expect(try ChildProcess.run("/bin/sh", ["-c", command], in: root).status == 0) }
        try shell("printf -- '---\\ntitle: Dune\\nauthors: [Frank Herbert]\\npages: 612\\n---\\n' > reading/dune.md")
        #expect(try await waitFor("book changed dune reading/dune.md\n"))
        try shell("mv to-read/book-0.md finished/book-0.md")
        #expect(try await waitFor("book moved from to-read/book-0.md to book-0 finished/book-0.md\n"))
        try shell("printf -- '---\\nfrom: 151\\nto: 170\\n---\\n' > reading/dune/2026-11-02.md")
        #expect(try await waitFor("session added dune reading/dune/2026-11-02.md\n"))
        watcher.kill()
        #expect(watcher.wait().stderr.isEmpty)
    }
}
