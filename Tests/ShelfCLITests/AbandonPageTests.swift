import Foundation
import ShelfTestSupport
import Testing

/// `abandon --page`: the page a book was put down at, as `stopped_page`.
struct AbandonPageTests {
    let today = ExampleLibrary.today

    /// Without --page, the page the sessions reached (The Fall of Hyperion's four sessions end on 251).
    @Test func abandonRecordsThePageTheSessionsReached() throws {
        let library = try ExampleLibrary()
        expectRun(try library.shelf("abandon", "the-fall-of-hyperion"), stdout: """
            reading/the-fall-of-hyperion.md → abandoned/the-fall-of-hyperion.md
            stopped at page 251 of 517 (48%)

            """)
        let changes = try library.changes()
        #expect(changes.contains(" started: 2026-10-20\n+stopped: \(today)\n+stopped_page: 251\n format: paperback\n"), "\(changes)")
        let show = try library.shelf("show", "the-fall-of-hyperion", "--color", "never").stdout
        #expect(show.contains("\nstopped:      \(today)\nstopped_page: 251\nformat:       paperback\nstopped at page 251 of 517 (48%)\n"), "\(show)")
    }

    @Test func pageGivenIsKeptWhenTheBookMovesBack() throws {
        let library = try ExampleLibrary()
        expectRun(try library.shelf("abandon", "cloud-atlas", "--page", "200"), stdout: """
            reading/cloud-atlas.md → abandoned/cloud-atlas.md
            stopped at page 200 of 509 (39%)

            """)
        // Moved back (not started again, which would begin a new read), it keeps the page.
        expectRun(try library.shelf("move", "cloud-atlas", "reading"), stdout: "abandoned/cloud-atlas.md → reading/cloud-atlas.md\n")
        let text = try String(contentsOf: library.root.appendingPathComponent("reading/cloud-atlas.md"), encoding: .utf8)
        #expect(text.contains("\nstopped_page: 200\n"))
        expectRun(try library.shelf("list", "stopped_page>=100", "--format", "paths"), stdout: "reading/cloud-atlas.md\n")
    }

    @Test func pagePastTheBookIsRefused() throws {
        let library = try ExampleLibrary()
        expectRun(try library.shelf("abandon", "cloud-atlas", "--page", "600"), status: 1,
                  stderr: "shelf: reading/cloud-atlas.md: stopped_page is past the book's last page, 509, found \"600\"\n")
        expectRun(try library.shelf("abandon", "cloud-atlas", "--page", "0"), status: 1,
                  stderr: "shelf: --page takes a page, 1 or more, got 0\n")
        #expect(try library.changes() == "")
    }

    /// A book without sessions gets no page, and its message says none.
    @Test func noSessionsNoPage() throws {
        let library = try ExampleLibrary()
        expectRun(try library.shelf("abandon", "circe"), stdout: "to-read/circe.md → abandoned/circe.md\n")
        #expect(!(try library.changes()).contains("stopped_page"))
    }
}
