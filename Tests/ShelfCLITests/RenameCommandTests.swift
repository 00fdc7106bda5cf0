import Foundation
import ShelfTestSupport
import Testing

/// `shelf move BOOK --slug NEW`: the book and its sessions renamed, not a byte changed.
struct RenameCommandTests {
    @Test func slugRenamesTheBookAndItsSessions() throws {
        let library = try ExampleLibrary()
        expectRun(try library.shelf("move", "the-fall-of-hyperion", "--slug", "fall-of-hyperion"),
                  stdout: "reading/the-fall-of-hyperion.md → reading/fall-of-hyperion.md\n")
        // Renames only, at 100% similarity: every byte kept.
        #expect(try library.changes() == """
            diff --git a/reading/the-fall-of-hyperion.md b/reading/fall-of-hyperion.md
            rename from reading/the-fall-of-hyperion.md
            rename to reading/fall-of-hyperion.md
            diff --git a/reading/the-fall-of-hyperion/2026-10-20.md b/reading/fall-of-hyperion/2026-10-20.md
            rename from reading/the-fall-of-hyperion/2026-10-20.md
            rename to reading/fall-of-hyperion/2026-10-20.md
            diff --git a/reading/the-fall-of-hyperion/2026-10-26.md b/reading/fall-of-hyperion/2026-10-26.md
            rename from reading/the-fall-of-hyperion/2026-10-26.md
            rename to reading/fall-of-hyperion/2026-10-26.md
            diff --git a/reading/the-fall-of-hyperion/2026-11-02.md b/reading/fall-of-hyperion/2026-11-02.md
            rename from reading/the-fall-of-hyperion/2026-11-02.md
            rename to reading/fall-of-hyperion/2026-11-02.md
            diff --git a/reading/the-fall-of-hyperion/2026-11-14.md b/reading/fall-of-hyperion/2026-11-14.md
            rename from reading/the-fall-of-hyperion/2026-11-14.md
            rename to reading/fall-of-hyperion/2026-11-14.md

            """)
        expectRun(try library.shelf("list", "title:hyperion", "--sort", "title", "--format", "{id} {sessions}"), stdout: "hyperion 0\nfall-of-hyperion 4\n")
        expectRun(try library.shelf("show", "the-fall-of-hyperion"), status: 1,
                  stderr: "shelf: no book matches \"the-fall-of-hyperion\"\n")
    }

    @Test func slugTakenOrUnusableIsRefused() throws {
        let library = try ExampleLibrary()
        expectRun(try library.shelf("move", "cloud-atlas", "--slug", "circe"), status: 1,
                  stderr: "shelf: to-read/circe.md already exists; choose another slug or folder\n")
        expectRun(try library.shelf("move", "cloud-atlas", "--slug", "a:b"), status: 1,
                  stderr: "shelf: \"a:b\" cannot be used as a name in the library: \":\" is not allowed in file names on Windows or macOS\n")
        let both = try library.shelf("move", "cloud-atlas", "finished", "--slug", "atlas")
        #expect(both.status == 2)
        #expect(both.stderr.hasPrefix("shelf: --slug renames the book where it is; move it to a status or folder in another command\n"))
        #expect(try library.changes() == "")
    }
}
