import Foundation
import ShelfTestSupport
import Testing

/// Front matter keys of a person's own named like the fields shelf works out (`status`, `id`,
/// `path`, `progress`): every output format keeps both values, apart, and never writes a key or
/// a column twice.
struct CustomKeyOutputTests {
    /// A book whose own keys shadow shelf's names; Goodreads-style notes have `status:`.
    private static let overstory = """
        ---
        title: The Overstory
        authors: [Richard Powers]
        pages: 502
        status: want-to-read
        id: 9780393635522
        path: library/overstory
        progress: 40
        ---

        Trees.

        """

    private func library() throws -> ExampleLibrary {
        let library = try ExampleLibrary()
        try library.write("to-read/the-overstory.md", Self.overstory)
        return library
    }

    /// The JSON object of the book, shared by `list` and `show`, at the indent of `list`.
    private static let record = """
            "id": "the-overstory",
            "path": "to-read/the-overstory.md",
            "status": "to-read",
            "folder": "",
            "title": "The Overstory",
            "authors": [
              "Richard Powers"
            ],
            "pages": 502,
            "progress": {
              "sessions": 0,
              "page": null,
              "pages_read": 0,
              "percent": null,
              "minutes": 0
            },
            "custom": {
              "status": "want-to-read",
              "id": 9780393635522,
              "path": "library/overstory",
              "progress": 40
            },
            "body": "Trees.\\n"
        """

    @Test func listJSONNestsCustomKeysUnderCustom() throws {
        let library = try library()
        expectRun(try library.shelf("list", "title:overstory", "--format", "json"), stdout: """
            [
              {
            \(Self.record)
              }
            ]

            """)
    }

    @Test func jsonLinesNestCustomKeysToo() throws {
        let library = try library()
        expectRun(try library.shelf("list", "title:overstory", "--format", "jsonl"), stdout: """
            {"id":"the-overstory","path":"to-read/the-overstory.md","status":"to-read","folder":"","title":"The Overstory",\
            "authors":["Richard Powers"],"pages":502,"progress":{"sessions":0,"page":null,"pages_read":0,"percent":null,\
            "minutes":0},"custom":{"status":"want-to-read","id":9780393635522,\
            "path":"library/overstory","progress":40},"body":"Trees.\\n"}

            """)
    }

    @Test func showJSONNestsCustomKeysUnderCustom() throws {
        let library = try library()
        let record = Self.record.split(separator: "\n").map { "  " + $0.dropFirst(4) }.joined(separator: "\n")
        expectRun(try library.shelf("show", "the-overstory", "--format", "json"), stdout: """
            {
            \(record),
              "sessions": []
            }

            """)
    }

    @Test func csvPrefixesCustomColumnsWithCustom() throws {
        let library = try library()
        expectRun(try library.shelf("list", "title:overstory", "--format", "csv"), stdout: """
            id,path,status,folder,title,subtitle,authors,isbn,published,pages,duration,locations,publisher,language,series,series_index,tags,\
            rating,added,started,finished,stopped,stopped_page,next,cover,custom.status,custom.id,custom.path,custom.progress
            the-overstory,to-read/the-overstory.md,to-read,,The Overstory,,Richard Powers,,,502,,,,,,,,,,,,,,,,want-to-read,\
            9780393635522,library/overstory,40

            """)
    }

    @Test func exportWritesTheSameRecords() throws {
        let library = try library()
        let export = try library.shelf("export", "title:overstory", "--format", "csv")
        let list = try library.shelf("list", "title:overstory", "--format", "csv")
        #expect(export.status == 0)
        #expect(export.stdout == list.stdout)
    }

    @Test func templatesReadCustomKeysThroughCustom() throws {
        let library = try library()
        let template = "{status}|{custom.status} {id}|{custom.id} {path}|{custom.path} [{progress}|{custom.progress}]"
        expectRun(try library.shelf("list", "title:overstory", "--format", template), stdout: """
            to-read|want-to-read the-overstory|9780393635522 to-read/the-overstory.md|library/overstory [|40]

            """)
        // A key not named like one of shelf's is read without the prefix too, as before.
        expectRun(try library.shelf("list", "title:dune", "--format", "{format} {custom.format} {custom.colour}"),
                  stdout: "paperback paperback \n",
                  stderr: "shelf: warning: no book listed has \"custom.colour\"; {custom.colour} is left empty\n")
    }

    @Test func showTextLabelsTheShadowingKeys() throws {
        let library = try library()
        expectRun(try library.shelf("show", "the-overstory"), stdout: """
            The Overstory
            Richard Powers · 502 pages

            status:          to-read
            path:            to-read/the-overstory.md
            pages:           502
            custom.status:   want-to-read
            custom.id:       9780393635522
            custom.path:     library/overstory
            custom.progress: 40

            Trees.

            """)
    }
}
