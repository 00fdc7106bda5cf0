import Foundation
import ShelfTestSupport
import Testing

/// `format:` in `.shelf/config.yaml`: a library a newer shelf wrote is read, never written.
struct FormatVersionTests {
    @Test func aNewerFormatIsReadAndNeverWritten() throws {
        let library = try ExampleLibrary()
        let config = try library.read(".shelf/config.yaml").replacingOccurrences(of: "format: 1", with: "format: 3")
        try library.write(".shelf/config.yaml", config)
        try library.git("commit", "-qam", "a newer shelf")
        let message = "shelf: this library is in format 3 (.shelf/config.yaml), written by a newer shelf; this one writes "
            + "format 2 and reads it without changing anything — update shelf to change the library\n"
        for command in [["set", "dune", "rating=2"], ["finish", "the-fall-of-hyperion"], ["add", "Emma"],
                        ["log", "cloud-atlas", "--pages", "10"], ["rm", "dune"], ["undo"]] {
            expectRun(try library.shelf(command), status: 1, stderr: message)
        }
        #expect(try library.status() == "", "nothing written")
        #expect(try library.shelf("show", "dune").stdout.contains("Frank Herbert"))
        #expect(try library.shelf("list", "--format", "paths").stdout.contains("finished/sci-fi/dune.md\n"))
    }

    @Test func aFormatThatIsNoNumberIsNamed() throws {
        let library = try ExampleLibrary()
        try library.write(".shelf/config.yaml", "statuses: [to-read, reading, finished, abandoned]\nformat: 0\n")
        expectRun(try library.shelf("list"), status: 1, stderr: ".shelf/config.yaml:2:1: format should be 1 or more, found \"0\"\n"
                  .replacingOccurrences(of: ".shelf/", with: "shelf: .shelf/", options: .anchored))
    }
}
