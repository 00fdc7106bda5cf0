import Foundation
import FrontMatterFuzzing
import ShelfTestSupport
import Testing

extension ChildProcessTests {
    /// A first search killed with `SIGKILL` while it builds the index, or fills the sessions and
    /// the full-text table of one built without them: the next search answers as the files do.
    @Suite struct IndexFillCrashTests {
        /// Books with sessions and notes, enough that filling them takes a while: the word
        /// `memory` is in some bodies and some notes.
        private func library(in scratch: borrowing Scratch) throws -> String {
            let root = scratch.path + "/base"
            try FileManager.default.createDirectory(atPath: root + "/.shelf", withIntermediateDirectories: true)
            for index in 1...300 {
                let status = ["reading", "finished", "to-read"][index % 3]
                let body = index % 4 == 0 ? "A book about memory and forgiveness." : "Slow start, fine ending."
                try TemporaryFolder.write("---\ntitle: Book \(index)\nauthors: [Author \(index % 7)]\npages: \(200 + index)\n---\n\n\(body)\n",
                                          to: root + "/\(status)/book-\(index).md")
                for day in (1...3).prefix(index % 4) {
                    let note = (index + day) % 5 == 0 ? "Read from memory on the train." : "A quiet hour."
                    try TemporaryFolder.write("---\nfrom: \(day * 10)\nto: \(day * 10 + 9)\n---\n\n\(note)\n",
                                              to: root + "/\(status)/book-\(index)/2024-03-0\(day).md")
                }
            }
            return root
        }

        @Test(arguments: [true, false])
        func aKilledFirstSearchLeavesAnIndexThatAnswersAsTheFiles(builtByAList: Bool) throws {
            let scratch = try Scratch()
            let base = try library(in: scratch)
            if builtByAList {
                let list = try ChildProcess.run(BuiltExecutable.shelf, ["list", "author:author", "--format", "paths"],
                                                environment: ["SHELF_LIBRARY": base])
                try #require(list.status == 0, "\(list)")
            }
            let commands = [["search", "memory", "--limit", "500"], ["list", "sessions:>1 read:>15", "--format", "paths"]]
            /// What `command` prints on the library at `root`, with paths relative to it.
            func output(_ arguments: [String], _ root: String) throws -> String {
                try ChildProcess.run(BuiltExecutable.shelf, arguments, environment: ["SHELF_LIBRARY": root]).stdout
                    .replacingOccurrences(of: root + "/", with: "")
            }
            let expected = try commands.map { try output(["--no-index"] + $0, base) }
            try #require(expected[0].contains("memory") && !expected[1].isEmpty)

            // The whole search, uninterrupted, for how long it takes: the shorter of two runs, as
            // the first copy's files may not be cached yet.
            var durations: [Double] = []
            for run in 0..<2 {
                let complete = try scratch.copy(base, to: "complete-\(run)")
                let start = Date()
                let uninterrupted = try output(commands[0], complete)
                durations.append(Date().timeIntervalSince(start))
                try #require(uninterrupted == expected[0])
            }
            let duration = durations.min() ?? 0.1

            var generator = SeededGenerator(seed: builtByAList ? 0x5eed_f111 : 0x5eed_b111d)
            var violations: [String] = []
            var cutShort = 0
            for trial in 0..<8 {
                let root = try scratch.copy(base, to: "trial-\(trial)")
                let child = try ChildProcess.start(BuiltExecutable.shelf, commands[0], environment: ["SHELF_LIBRARY": root])
                usleep(UInt32(Double.random(in: (duration * 0.1)...(duration * 0.9), using: &generator) * 1_000_000))
                child.kill()
                _ = child.wait()
                // Killed before the index was built, or before the transaction that fills it ended.
                let index = root + "/.shelf/index.sqlite"
                let state = try ChildProcess.run("/usr/bin/env", ["sqlite3", index, """
                    PRAGMA user_version; SELECT count(*) FROM meta WHERE key IN ('sessions', 'fulltext')
                    """]).stdout
                if FileManager.default.fileExists(atPath: index + "-journal") || !state.hasSuffix("\n2\n") { cutShort += 1 }
                for (command, answer) in zip(commands, expected) {
                    let again = try output(command, root)
                    if again != answer { violations.append("trial \(trial), \(command):\n\(again)") }
                }
                try FileManager.default.removeItem(atPath: root)
            }
            print("index fill trials [\(builtByAList ? "after a list" : "new index")]: 8 killed, \(cutShort) cut short, "
                + "\(violations.count) violations (one run \(Int(duration * 1000)) ms)")
            #expect(cutShort > 0)
            #expect(violations.isEmpty, "\(violations.prefix(2).joined(separator: "\n\n"))")
        }
    }
}
