import Foundation
@testable import ShelfKit
import ShelfTestSupport
import Testing

/// The trash through the API: what it lists, which copy comes back, and `.shelf/.gitignore`.
struct TrashTests {
    @Test(arguments: LibraryKind.allCases)
    func copiesAreListedNewestFirstAndRestoredByDayOrPath(_ kind: LibraryKind) async throws {
        let test = try TestLibrary.make(kind)
        defer { test.remove() }
        try await test.write("---\ntitle: Emma (old)\n---\n", to: ".shelf/trash/2024-01-02/to-read/emma.md")
        let emma = try await test.library.add(Book(title: "Emma"), to: .reading, in: "classics")
        try await test.library.delete("emma")
        try await test.library.add(Book(title: "Emma"), to: .toRead, in: "")
        try await test.library.delete("emma")
        let trashed = try await test.library.trashedBooks()
        #expect(trashed.map(\.path) == [".shelf/trash/2024-03-15-2/to-read/emma.md", ".shelf/trash/2024-03-15/reading/classics/emma.md",
                                        ".shelf/trash/2024-01-02/to-read/emma.md"])
        #expect(trashed.map(\.title) == ["Emma", "Emma", "Emma (old)"])
        #expect(trashed.map(\.deleted) == [day("2024-03-15"), day("2024-03-15"), day("2024-01-02")])
        #expect(trashed[1].originalPath == "reading/classics/emma.md" && trashed[1].folder == "2024-03-15")

        await expectError(.notDeletedOn("emma", day: day("2024-02-01"), deletedIn: ["2024-03-15-2", "2024-03-15", "2024-01-02"])) {
            try await test.library.restore("emma", deletedOn: day("2024-02-01"))
        }
        #expect(try await test.library.restore("emma", deletedOn: day("2024-01-02")).title == "Emma (old)")
        try await test.library.delete("emma")
        #expect(try await test.library.restore(trashedAt: ".shelf/trash/2024-03-15/reading/classics/emma.md") == emma)
        await expectError(.notInTrashAt(path: ".shelf/trash/2024-03-15/reading/classics/emma.md")) {
            try await test.library.restore(trashedAt: ".shelf/trash/2024-03-15/reading/classics/emma.md")
        }
    }

    @Test(arguments: LibraryKind.allCases)
    func deletingAddsTheTrashToTheIgnoreFileOnce(_ kind: LibraryKind) async throws {
        let test = try TestLibrary.make(kind)
        defer { test.remove() }
        try await test.write("# mine\nlock", to: ".shelf/.gitignore")
        try await test.library.add(Book(title: "Emma"), to: .toRead, in: "")
        try await test.library.delete("emma")
        #expect(await test.text(".shelf/.gitignore") == "# mine\nlock\nundo/\ntrash/\n")
        try await test.library.restore("emma")
        try await test.library.delete("emma")
        #expect(await test.text(".shelf/.gitignore") == "# mine\nlock\nundo/\ntrash/\n")
    }

    @Test(arguments: [
        (nil, ShelfIgnoreFile.contents),
        ("lock\n", "lock\ntrash/\n"),
        ("lock", "lock\ntrash/\n"),
        ("lock\r\n", "lock\r\ntrash/\r\n"),
        ("", "trash/\n"),
        ("/trash/\n", nil),
        ("  !trash \n", nil),
        ("trashcan/\n", "trashcan/\ntrash/\n"),
    ] as [(String?, String?)])
    func theIgnoreFileIsCompletedByAppending(_ existing: String?, _ expected: String?) {
        let completed = ShelfIgnoreFile.completing(existing.map { Array($0.utf8) })
        #expect(completed.map { String(decoding: $0, as: UTF8.self) } == expected)
    }
}
