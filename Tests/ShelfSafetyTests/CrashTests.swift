import Foundation
import FrontMatterFuzzing
@testable import ShelfKit
import ShelfTestSupport
import Testing

extension ChildProcessTests {
    /// Write commands killed with `SIGKILL` at random moments, then any library open: every file is
    /// either as before or as the command meant, with nothing half written and nothing left over.
    @Suite struct CrashTests {
        /// A write command and the library it runs on.
        struct Scenario: Sendable, CustomTestStringConvertible {
            var name: String
            var books: Int
            var trials: Int
            var helper = false
            var arguments: [String]
            /// New books in a Goodreads export written beside the library and passed as the last
            /// argument (see ``GoodreadsExport``); `nil` for commands that read no file.
            var importedBooks: Int?
            /// What the uninterrupted run must print, to show the command did what the trials break.
            var expectedOutput: String?
            /// A command run on the library before, uninterrupted: the write an `undo` takes back.
            var prepared: [String]?

            var testDescription: String { name }
        }

        static let scenarios = [
            Scenario(name: "add", books: 12, trials: 40, arguments: ["add", "A New Book", "--folder", "new/deep", "--pages", "12"]),
            Scenario(name: "set", books: 12, trials: 40, arguments: ["set", "book-4", "pages=999", "rating=4.5"]),
            Scenario(name: "log", books: 12, trials: 40, arguments: ["log", "book-5", "--to", "40", "--date", "2024-03-16", "--at", "07:40"]),
            Scenario(name: "move", books: 12, trials: 40, arguments: ["move", "book-6", "finished", "--folder", "done/2024"]),
            Scenario(name: "rm", books: 12, trials: 40, arguments: ["rm", "book-9"]),
            Scenario(name: "batch update of 200 books", books: 200, trials: 12, helper: true, arguments: ["Crash Edition"]),
            Scenario(name: "import of 150 rows", books: 60, trials: 24, arguments: ["import", "goodreads"], importedBooks: 105,
                     expectedOutput: "105 added, 45 updated, 0 unchanged, 0 skipped"),
            Scenario(name: "undo of a move", books: 12, trials: 40, arguments: ["undo"],
                     expectedOutput: "undid the move of book-6", prepared: ["move", "book-6", "finished", "--folder", "done/2024"]),
        ]

        @Test(arguments: scenarios)
        func killedWritesLeaveTheOldOrTheNewLibrary(_ scenario: Scenario) async throws {
            let started = Date()
            let scratch = try Scratch()
            let base = try await scratch.library("base", books: scenario.books)
            if let prepared = scenario.prepared {
                let outcome = try ChildProcess.run(BuiltExecutable.shelf, prepared, environment: ["SHELF_LIBRARY": base])
                try #require(outcome.status == 0, "\(outcome)")
            }
            let before = Snapshot(base)
            let executable = scenario.helper ? BuiltExecutable.crashHelper : BuiltExecutable.shelf
            var commandArguments = scenario.arguments
            if let importedBooks = scenario.importedBooks {
                // Beside the libraries, so the snapshots never see it.
                let export = scratch.path + "/export.csv"
                try GoodreadsExport.csv(existing: scenario.books, new: importedBooks).write(toFile: export, atomically: true, encoding: .utf8)
                commandArguments.append(export)
            }

            // The whole command, uninterrupted: what "the new version" is, and how long it takes.
            var durations: [Double] = []
            var after = before
            for run in 0..<1 {
                let root = try scratch.copy(base, to: "complete-\(run)")
                let arguments = scenario.helper ? [root] + commandArguments : commandArguments
                let start = Date()
                let outcome = try ChildProcess.run(executable, arguments, environment: ["SHELF_LIBRARY": root])
                durations.append(Date().timeIntervalSince(start))
                try #require(outcome.status == 0, "\(outcome)")
                if let expectedOutput = scenario.expectedOutput { try #require(outcome.stdout.contains(expectedOutput), "\(outcome)") }
                after = Snapshot(root)
            }
            try #require(after != before)
            let duration = durations.min() ?? 0.05

            var generator = SeededGenerator(seed: 0x5eed_0000 + UInt64(scenario.books))
            var interrupted = 0
            var endedOld = 0
            var endedNew = 0
            var violations: [String] = []
            for trial in 0..<scenario.trials {
                let root = try scratch.copy(base, to: "trial-\(trial)")
                let arguments = scenario.helper ? [root] + commandArguments : commandArguments
                let child = try ChildProcess.start(executable, arguments, environment: ["SHELF_LIBRARY": root])
                // Most of a run is starting up and reading; the writes come last.
                usleep(UInt32(Double.random(in: (duration * 0.3)...(duration * 1.1), using: &generator) * 1_000_000))
                child.kill()
                _ = child.wait()
                if FileManager.default.fileExists(atPath: root + "/" + Journal.path) { interrupted += 1 }

                // Any open recovers; every fifth trial goes through the `shelf` binary.
                if trial % 5 == 0 {
                    let check = try ChildProcess.run(BuiltExecutable.shelf, ["check"], environment: ["SHELF_LIBRARY": root])
                    if check.status != 0 { violations.append("trial \(trial): shelf check failed\n\(check)") }
                } else {
                    let library = try FileLibrary(root: root, index: .disabled)
                    let problems = try await library.check()
                    if !problems.isEmpty { violations.append("trial \(trial): \(problems)") }
                }
                let state = Snapshot(root)
                if state == before { endedOld += 1 }
                if state == after { endedNew += 1 }
                if state != before && state != after {
                    violations.append("trial \(trial): neither old nor new\nvs old:\n\(state.difference(from: before))\nvs new:\n\(state.difference(from: after))")
                }
                if !state.temporaryFiles.isEmpty { violations.append("trial \(trial): left \(state.temporaryFiles)") }
                try FileManager.default.removeItem(atPath: root)
            }
            print("crash trials [\(scenario.name)]: \(scenario.trials) killed, \(interrupted) mid-transaction, "
                + "\(endedOld) as before, \(endedNew) as after, \(violations.count) violations "
                + "(\(Int(Date().timeIntervalSince(started) * 1000)) ms, one run \(Int(duration * 1000)) ms)")
            #expect(violations.isEmpty, "\(violations.prefix(3).joined(separator: "\n\n"))")
        }
    }
}
