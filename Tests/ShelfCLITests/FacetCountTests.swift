import Foundation
import ShelfTestSupport
import Testing

/// `shelf tags`, `shelf authors`, `shelf folders`: values with their counts, with and without the index.
struct FacetCountTests {
    @Test func authorsAndFoldersNarrowedByAQuery() throws {
        let library = try ExampleLibrary()
        expectRun(try library.shelf("authors", "tag:sci-fi"), stdout: """
            AUTHOR             BOOKS
            Dan Simmons            2
            Ursula K. Le Guin      2
            Andy Weir              1
            Cixin Liu              1
            Douglas Adams          1
            Frank Herbert          1
            Stanisław Lem          1
            William Gibson         1

            """)
        expectRun(try library.shelf("folders", "status:to-read", "--format", "json"), stdout: """
            [
              {
                "name": "tech",
                "books": 5
              },
              {
                "name": "non-fiction",
                "books": 1
              }
            ]

            """)
        expectRun(try library.shelf("tags", "--tag", "sea", "--sort", "name"), stdout: "TAG      BOOKS\nclassic      1\nsea          1\n")
    }

    /// Tags keep the case the files have, one value for each spelling of a tag, and the index
    /// and the files give the same counts.
    @Test func tagsGroupCaseAndAgreeWithoutTheIndex() throws {
        let library = try ExampleLibrary()
        let path = library.root.appendingPathComponent("to-read/moby-dick.md")
        let text = try String(contentsOf: path, encoding: .utf8)
        try Data(text.replacingOccurrences(of: "tags: [classic, sea]", with: "tags: [Classic, Sea]").utf8).write(to: path)
        for arguments in [["tags"], ["tags", "status:finished"], ["authors", "--sort", "name"], ["folders", "tag:classic"]] {
            let indexed = try library.shelf(arguments)
            #expect(indexed.status == 0)
            #expect(indexed.stdout == (try library.shelf(arguments + ["--no-index"])).stdout, "\(arguments)")
        }
        let tags = try library.shelf("tags", "--format", "json").stdout
        let items = try #require(try JSONSerialization.jsonObject(with: Data(tags.utf8)) as? [[String: Any]])
        #expect(items.first { ($0["name"] as? String)?.lowercased() == "classic" }?["name"] as? String == "classic")
        #expect(items.first { ($0["name"] as? String)?.lowercased() == "sea" }?["name"] as? String == "Sea")
        #expect(items.first { $0["name"] as? String == "classic" }?["books"] as? Int == 16)
    }
}
