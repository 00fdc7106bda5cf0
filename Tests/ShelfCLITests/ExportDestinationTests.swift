import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ShelfTestSupport
import Testing

/// `export --output` and `stats --svg` send their file where the path leads, as `>` would:
/// `-` is standard output, a link is followed, a device or a named pipe is written into.
struct ExportDestinationTests {
    /// What `shelf export` prints, to compare the files with.
    private func export(_ library: ExampleLibrary) throws -> String {
        let result = try library.shelf("export")
        #expect(result.status == 0 && result.stdout.hasPrefix("[\n"), "\(result)")
        return result.stdout
    }

    @Test func aDashIsStandardOutput() throws {
        let library = try ExampleLibrary()
        let expected = try export(library)
        expectRun(try library.shelf("export", "--output", "-"), stdout: expected)
        expectRun(try library.shelf("export", "-o", "-", "--format", "csv"), stdout: try library.shelf("export", "--format", "csv").stdout)

        let written = try library.shelf("stats", "--as-of", "2026-11-22", "--svg", "chart.svg")
        #expect(written.status == 0, "\(written)")
        let svg = try library.read("chart.svg")
        #expect(svg.hasPrefix("<?xml"))
        expectRun(try library.shelf("stats", "--as-of", "2026-11-22", "--svg", "-"), stdout: svg)
        #expect(!library.exists("-"))
    }

    @Test func aLinkIsFollowedAndStaysALink() throws {
        let library = try ExampleLibrary()
        let expected = try export(library)
        try library.write("exports/real.json", "old\n")
        let link = library.root.appendingPathComponent("link.json").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "exports/real.json")
        expectRun(try library.shelf("export", "--output", "link.json"), stderr: "shelf: exported 47 books to link.json\n")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "exports/real.json")
        #expect(try library.read("exports/real.json") == expected)

        let svgLink = library.root.appendingPathComponent("chart.svg").path
        try FileManager.default.createSymbolicLink(atPath: svgLink, withDestinationPath: "exports/chart.svg")
        expectRun(try library.shelf("stats", "--year", "2025", "--format", "json", "--svg", "chart.svg"),
                  stdout: try library.shelf("stats", "--year", "2025", "--format", "json").stdout,
                  stderr: "shelf: wrote the chart for 2025 to chart.svg\n")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: svgLink) == "exports/chart.svg")
        #expect(try library.read("exports/chart.svg").hasPrefix("<?xml"))
    }

    @Test func aNamedPipeIsWrittenInto() throws {
        let library = try ExampleLibrary()
        let expected = try export(library)
        let folder = try TemporaryFolder.make(in: TemporaryFolder.inMemory)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let fifo = folder + "/export.fifo"
        #expect(mkfifo(fifo, 0o600) == 0)
        let reader = try ChildProcess.start("/bin/sh", ["-c", "cat \"$0\" > \"$1\"", fifo, folder + "/read.json"])
        expectRun(try library.shelf("export", "--output", fifo), stderr: "shelf: exported 47 books to \(fifo)\n")
        #expect(reader.wait().status == 0)
        #expect(try String(contentsOfFile: folder + "/read.json", encoding: .utf8) == expected)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == ["export.fifo", "read.json"])
    }

    @Test func standardOutputByItsDeviceNameIsWrittenInto() throws {
        let library = try ExampleLibrary()
        let expected = try export(library)
        // Standard output a pipe, as in `shelf export -o /dev/stdout | less`.
        let piped = try ChildProcess.run("/bin/sh", ["-c", "\"$0\" \"$@\" | cat", BuiltExecutable.shelf, "export", "-o", "/dev/stdout"],
                                         in: library.root.path)
        expectRun(piped, stdout: expected, stderr: "shelf: exported 47 books to /dev/stdout\n")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: "/dev/stdout") == "/proc/self/fd/1")
        expectRun(try library.shelf("export", "-o", "/dev/null"), stderr: "shelf: exported 47 books to /dev/null\n")
        #expect(try FileManager.default.attributesOfItem(atPath: "/dev/null")[.type] as? FileAttributeType == .typeCharacterSpecial)
        #expect(try library.status() == "")
    }

    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/dev/full")))
    func aFullDeviceIsAnError() throws {
        let library = try ExampleLibrary()
        expectRun(try library.shelf("export", "--output", "/dev/full"), status: 1,
                  stderr: "shelf: /dev/full: write failed: No space left on device\n")
        let stats = try library.shelf("stats", "--svg", "/dev/full")
        #expect(stats.status == 1)
        #expect(stats.stderr == "shelf: /dev/full: write failed: No space left on device\n")
        #expect(try FileManager.default.attributesOfItem(atPath: "/dev/full")[.type] as? FileAttributeType == .typeCharacterSpecial)
    }

    @Test func aFolderIsRefused() throws {
        let library = try ExampleLibrary()
        expectRun(try library.shelf("export", "--output", "finished"), status: 1, stderr: "shelf: finished: write failed: Is a directory\n")
        #expect(try library.status() == "")
    }
}
