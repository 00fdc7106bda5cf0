import Foundation
import ShelfTestSupport
import Testing

/// The README's tour, run as printed: every `$ shelf …` line of its blocks, in order, in bash, on
/// one copy of the sample library, on the tour's day. Each must succeed, and the lines that log
/// must print what the README shows. The live session (`shelf read`, a full-screen program) is
/// left to the tmux tests; the imports run on the fixture the README names, in a library of
/// their own, as the README says.
struct ReadmeTourTests {
    /// The tour's command lines, in order.
    static func tourLines() throws -> [String] {
        let readme = try String(contentsOf: PackageFolder.root.appendingPathComponent("README.md"), encoding: .utf8)
        guard let start = readme.range(of: "## A tour") else { return [] }
        let tour = readme[start.upperBound...]
        let end = tour.range(of: "\n## ")?.lowerBound ?? tour.endIndex
        return tour[..<end].split(separator: "\n").filter { $0.hasPrefix("$ shelf ") }.map { String($0.dropFirst(2)) }
    }

    @Test func theTourRunsAsPrinted() async throws {
        let lines = try Self.tourLines()
        #expect(lines.count > 15, "\(lines)")
        let library = try ExampleLibrary()
        let imports = try ExampleLibrary(empty: true)
        #expect(try imports.shelf("init").status == 0)
        let fixture = PackageFolder.root.appendingPathComponent("Tests/ShelfImportTests/Fixtures/goodreads_library_export.csv")
        try FileManager.default.copyItem(at: fixture, to: imports.root.appendingPathComponent("goodreads_library_export.csv"))
        // `add --isbn` asks a replay of Open Library.
        let server = try await ReplayServer()
        // The tour's day, late enough for its sittings logged without a time.
        let environment = ["SHELF": BuiltExecutable.shelf, "SHELF_NOW": "2026-11-22T21:30"].merging(server.environment) { $1 }
        var logged: [String] = []
        for line in lines where !line.hasPrefix("shelf read ") {
            let folder = line.hasPrefix("shelf import ") ? imports.root.path : library.root.path
            let result = try ChildProcess.run("/bin/bash", ["-c", "shelf() { \"$SHELF\" \"$@\"; }\n" + line], in: folder,
                                              environment: environment)
            #expect(result.status == 0, "\(line)\n\(result)")
            if line.hasPrefix("shelf log ") { logged.append(result.stdout) }
            if line.hasPrefix("shelf add --isbn ") { #expect(result.stdout == "to-read/kindred.md\n" && result.stderr == "", "\(result)") }
        }
        // The note the README shows, byte for byte, and its cover beside it.
        let readme = try String(contentsOf: PackageFolder.root.appendingPathComponent("README.md"), encoding: .utf8)
        let kindred = try library.read("to-read/kindred.md")
        #expect(readme.contains("$ cat to-read/kindred.md\n" + kindred + "\n"))
        #expect(library.exists("to-read/kindred.jpg"))
        // The two sittings of the README's tour: the second starts where the first ended.
        #expect(logged.count >= 2 && logged[0].contains(": page 60 of 184 (32%)") && logged[1].contains(": page 83 of 184 (45%)"),
                "\(logged)")
    }
}
