import Foundation
import ShelfTestSupport
import Testing

/// Every command of `shelf` has a row in `shelf-bench --every-command`, or a reason for having
/// none, so that a command added later gets its row in the same change: the bench refuses to
/// run without one, and this test fails the suite, which runs where the bench does not.
struct BenchCoverageTests {
    /// The bench's table, read as text: the bench is an executable, not a module to import.
    static let table = PackageFolder.root.appendingPathComponent("Benchmarks/ShelfBench/EveryCommand.swift")

    /// The subcommands named by `Measured("NAME", …)` rows and by `"NAME": "reason"` lines.
    static func namesInTable() throws -> (measured: Set<String>, unmeasured: Set<String>) {
        let text = try String(contentsOf: table, encoding: .utf8)
        let measured = text.matches(of: /Measured\("([a-z-]+)"/).map { String($0.output.1) }
        let unmeasured = text.matches(of: /\n\s*"([a-z-]+)": "/).map { String($0.output.1) }
        return (Set(measured), Set(unmeasured))
    }

    static func subcommands() throws -> [String] {
        let dump = try ChildProcess.run(BuiltExecutable.shelf, ["--experimental-dump-help"])
        #expect(dump.status == 0, "\(dump)")
        let json = try JSONSerialization.jsonObject(with: Data(dump.stdout.utf8)) as? [String: Any]
        let command = json?["command"] as? [String: Any]
        let subcommands = command?["subcommands"] as? [[String: Any]] ?? []
        return subcommands.compactMap { $0["commandName"] as? String }
    }

    @Test func everyCommandHasARowOrAReason() throws {
        let names = try Self.namesInTable()
        let subcommands = try Self.subcommands()
        #expect(subcommands.count > 20, "the dump lists the commands")
        #expect(names.measured.count > 15, "the table is read")
        let missing = subcommands.filter { !names.measured.contains($0) && !names.unmeasured.contains($0) }
        #expect(missing.isEmpty, "no row in Benchmarks/ShelfBench/EveryCommand.swift for \(missing)")
        // A row or reason for a command shelf no longer has is stale.
        let unknown = names.measured.union(names.unmeasured).subtracting(subcommands)
        #expect(unknown.isEmpty, "rows for commands shelf does not have: \(unknown.sorted())")
        #expect(names.measured.isDisjoint(with: names.unmeasured), "a command both measured and excused")
    }

    @Test func theReadCommandsTheIssueNamesAreMeasured() throws {
        let measured = try Self.namesInTable().measured
        for name in ["today", "stats", "next", "sessions", "show", "search", "check", "list", "export", "set", "log", "move"] {
            #expect(measured.contains(name), "\(name) has a row")
        }
    }
}
