import Foundation
import ShelfTestSupport
import Testing

/// Every example shelf prints or documents — the Examples of each command's `--help`, and the
/// `shelf …` lines of the README's and docs' code blocks — as a person pastes it into bash.
///
/// Pasted as printed, an example must reach shelf as the words it shows: an unquoted
/// `rating>=4` is `rating` written to a file named `=4`, and `added:>30d` a file named `30d`.
/// Each example runs in bash, in an empty folder, with `shelf` a function that does nothing;
/// the only files it may leave are those it names after a `>` of its own. The examples of the
/// commands that only read then run for real on a copy of `example-library`, where none may be
/// a usage error (status 2).
struct PrintedExampleTests {
    /// An example and where it is printed.
    struct Example: CustomTestStringConvertible, Sendable {
        var line: String
        var source: String
        var testDescription: String { "\(source): \(line)" }
    }

    /// The examples of every command's help, subcommands included.
    static func helpExamples() throws -> [Example] {
        var examples: [Example] = []
        var commands: [[String]] = [[]]
        var seen: Set<[String]> = []
        while let command = commands.popLast() {
            guard seen.insert(command).inserted else { continue }
            let help = try ChildProcess.run(BuiltExecutable.shelf, command + ["--help"]).stdout
            let source = (["shelf"] + command + ["--help"]).joined(separator: " ")
            var inSubcommands = false
            for line in help.split(separator: "\n", omittingEmptySubsequences: false) {
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                if trimmed.hasPrefix("shelf "), line.hasPrefix("  ") { examples.append(Example(line: trimmed, source: source)) }
                if line == "SUBCOMMANDS:" { inSubcommands = true; continue }
                if inSubcommands, line.hasPrefix("  "), !line.hasPrefix("   "),
                   let name = line.dropFirst(2).split(separator: " ").first?.split(separator: ",").first,
                   name.allSatisfy({ $0.isLowercase || $0 == "-" }), name != "help" {
                    commands.append(command + [String(name)])
                }
                if line.isEmpty { inSubcommands = false }
            }
        }
        return examples
    }

    /// The `shelf …` lines of the code blocks of the README, CONTRIBUTING and docs/: commands
    /// (`$ shelf …` in a session shown with its output, `shelf …` in a block of commands).
    static func documentExamples() throws -> [Example] {
        let docs = try FileManager.default.contentsOfDirectory(atPath: PackageFolder.root.appendingPathComponent("docs").path)
            .filter { $0.hasSuffix(".md") }.map { "docs/" + $0 }
        var examples: [Example] = []
        for file in ["README.md", "CONTRIBUTING.md"] + docs.sorted() {
            let text = try String(contentsOf: PackageFolder.root.appendingPathComponent(file), encoding: .utf8)
            var inBlock = false
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                if line.hasPrefix("```") { inBlock.toggle(); continue }
                guard inBlock else { continue }
                let command = line.hasPrefix("$ shelf ") ? String(line.dropFirst(2)) : line.hasPrefix("shelf ") ? String(line) : nil
                if let command { examples.append(Example(line: command, source: "\(file):\(number + 1)")) }
            }
        }
        return examples
    }

    static let all: [Example] = ((try? helpExamples()) ?? []) + ((try? documentExamples()) ?? [])

    @Test func examplesAreFound() {
        // Every command documents itself with examples; far fewer means the reading broke.
        #expect(Self.all.count > 140, "\(Self.all.count) examples")
        #expect(Self.all.contains { $0.line.contains("'rating>=4'") })
    }

    @Test(arguments: all)
    func bashPassesTheWordsAsPrinted(_ example: Example) throws {
        let folder = try TemporaryFolder.make(in: TemporaryFolder.inMemory)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let script = """
            shelf() { :; }
            command_not_found_handle() { :; }
            \(example.line)
            """
        let result = try ChildProcess.run("/bin/bash", ["-c", script], in: folder, environment: ["HOME": folder])
        #expect(!result.stderr.contains("syntax error") && !result.stderr.contains("unexpected"), "bash refused it: \(result)")
        let left = try FileManager.default.contentsOfDirectory(atPath: folder)
        let named = Set(example.line.split(separator: " ").indices.compactMap { index -> String? in
            let words = example.line.split(separator: " ")
            return index > 0 && (words[index - 1] == ">" || words[index - 1] == ">>") ? String(words[index]) : nil
        })
        #expect(left.allSatisfy(named.contains), "the shell wrote \(left.filter { !named.contains($0) }); quote what it takes")
    }

    /// Commands that only read, whose examples run as printed on the example library.
    static let reading: Set<String> = ["list", "ls", "show", "search", "authors", "tags", "folders", "sessions", "today", "trash", "check"]

    @Test(arguments: all.filter { example in
        let words = example.line.split(separator: " ")
        return words.count > 1 && reading.contains(String(words[1])) && !example.line.contains("|") && !example.line.contains(">")
    })
    func readingExamplesRunAsPrinted(_ example: Example) throws {
        let library = try ExampleLibrary()
        let result = try ChildProcess.run("/bin/bash", ["-c", "shelf() { \"$SHELF\" \"$@\"; }\n" + example.line],
                                          in: library.root.path, environment: ["SHELF": BuiltExecutable.shelf])
        #expect(result.status != 2 && !result.stderr.contains("Usage:"), "\(result)")
    }
}
