import Foundation
@testable import ShelfKit
import Testing

/// Values as other tools write them read as what they mean, and are never rewritten unasked.
struct RealWorldValueTests {
    @Test(arguments: LibraryKind.allCases)
    func timestampsAndMonthsRead(_ kind: LibraryKind) async throws {
        let test = try TestLibrary.make(kind)
        defer { test.remove() }
        let text = """
            ---
            title: The Name of the Rose
            published: 1980-01-01T00:00:00+00:00
            added: 2023-04-02 21:15
            ---

            """
        try await test.write(text, to: "to-read/the-name-of-the-rose.md")
        try await test.write("---\ntitle: Project Hail Mary\npublished: 2021-05\n---\n", to: "to-read/project-hail-mary.md")
        let rose = try await test.library.book("the-name-of-the-rose")
        #expect(rose.published == .day(day("1980-01-01")))
        #expect(rose.added == day("2023-04-02"))
        let mary = try await test.library.book("project-hail-mary")
        #expect(mary.published == .year(2021))
        #expect(try await test.library.check().isEmpty)

        var edited = mary
        edited.pages = 476
        _ = try await test.library.update(edited)
        #expect(await test.text("to-read/project-hail-mary.md") == "---\ntitle: Project Hail Mary\npublished: 2021-05\npages: 476\n---\n")
    }
}
