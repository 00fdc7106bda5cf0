import Foundation
import ShelfTestSupport
import Testing

/// `list` and `show` JSON carry the reading progress the table shows, from the same figures; the
/// CSV header does not depend on what a query found; `--fields` chooses the table's and the
/// CSV's columns.
struct FieldsTests {
    @Test func jsonProgressIsTheTablesProgress() throws {
        let library = try ExampleLibrary()
        let json = try library.shelf("list", "status:reading", "--format", "json")
        #expect(json.status == 0)
        let books = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        let table = try library.shelf("list", "status:reading")
        #expect(books.count == 5)
        for book in books {
            let progress = try #require(book["progress"] as? [String: Any])
            let page = try #require(progress["page"] as? Int)
            let percent = try #require(progress["percent"] as? Int)
            let pages = try #require(book["pages"] as? Int)
            let title = try #require(book["title"] as? String)
            let line = table.stdout.split(separator: "\n").first { $0.hasPrefix(title + " ") }
            #expect(line?.hasSuffix("  \(page)/\(pages) (\(percent)%)") == true, "\(title): \(String(describing: line))")
            let show = try library.shelf("show", try #require(book["id"] as? String), "--format", "json")
            let shown = try #require(try JSONSerialization.jsonObject(with: Data(show.stdout.utf8)) as? [String: Any])
            #expect(NSDictionary(dictionary: try #require(shown["progress"] as? [String: Any])) == NSDictionary(dictionary: progress))
            let sessions = try #require(shown["sessions"] as? [[String: Any]])
            #expect(progress["sessions"] as? Int == sessions.count)
            #expect(progress["pages_read"] as? Int == sessions.compactMap { $0["pages_read"] as? Int }.reduce(0, +))
            #expect(progress["minutes"] as? Int == sessions.compactMap { $0["minutes"] as? Int }.reduce(0, +))
        }
    }

    @Test func aBookWithoutSessionsHasProgressOfNothing() throws {
        let library = try ExampleLibrary()
        expectRun(try library.shelf("list", "title:circe", "--format", "jsonl", "--fields", "title"), status: 2,
                  stderr: """
                      shelf: --fields chooses the columns of the table and the CSV, not of --format jsonl
                      Usage: shelf list [<options>] [<query> ...]
                        See 'shelf list --help' for more information.

                      """)
        let line = try library.shelf("list", "title:circe", "--format", "jsonl").stdout
        #expect(line.contains(#","progress":{"sessions":0,"page":null,"pages_read":0,"percent":null,"minutes":0},"#), "\(line)")
    }

    @Test func theCSVHeaderIsTheSameWhateverTheQueryFound() throws {
        let library = try ExampleLibrary()
        var headers: [String] = []
        for query in ["author:hofstadter", "author:nobody-at-all", "status:to-read", "isbn:9780441172719"] {
            let result = try library.shelf("list", query, "--format", "csv")
            #expect(result.status == 0, "\(result)")
            // Custom keys follow, as custom.KEY, for the books that have them.
            headers.append(String(result.stdout.prefix { $0 != "\n" }.split(separator: ",custom.").first ?? ""))
        }
        #expect(headers.allSatisfy { $0 == "id,path,status,folder,title,subtitle,authors,isbn,published,pages,duration,locations,publisher,"
                    + "language,series,series_index,tags,rating,added,started,finished,stopped,stopped_page,next,cover" }, "\(headers)")
    }

    @Test func fieldsChooseTheTablesColumns() throws {
        let library = try ExampleLibrary()
        expectRun(try library.shelf("list", "status:reading", "--fields", "title,authors,progress,read,minutes,sessions"), stdout: """
            TITLE                                  AUTHORS           PROGRESS       READ  MINUTES  SESSIONS
            Anna Karenina                          Leo Tolstoy       271/838 (32%)   271      320         5
            Cloud Atlas                            David Mitchell    96/509 (18%)     96       80         2
            Designing Data-Intensive Applications  Martin Kleppmann  163/616 (26%)   163      315         3
            The Fall of Hyperion                   Dan Simmons       251/517 (48%)   251      280         4
            The Name of the Wind                   Patrick Rothfuss  212/662 (32%)   212      250         4

            """)
        expectRun(try library.shelf(["list", "author:herbert", "--fields", "title,pages,rating,year,path"], in: "finished"), stdout: """
            TITLE  PAGES  RATING  YEAR  PATH
            Dune     412  ★★★★★   2024  sci-fi/dune.md

            """)
    }

    @Test func fieldsChooseTheCSVColumns() throws {
        let library = try ExampleLibrary()
        expectRun(try library.shelf("list", "author:herbert", "or", "author:simmons", "--format", "csv",
                                    "--fields", "id, rating,pages,custom.format,year,progress"), stdout: """
            id,rating,pages,custom.format,year,progress
            dune,5,412,paperback,2024,100
            hyperion,4.5,482,,2025,
            the-fall-of-hyperion,,517,paperback,,48

            """)
    }

    @Test(arguments: [
        ("title,progres", "shelf: --fields: unknown field \"progres\"; did you mean progress?\n"),
        ("titel", "shelf: --fields: unknown field \"titel\"; did you mean title?\n"),
        ("title,,authors", "shelf: --fields takes field names separated by commas, got \"title,,authors\"\n"),
    ])
    func anUnknownFieldGetsASuggestion(fields: String, message: String) throws {
        let library = try ExampleLibrary()
        let result = try library.shelf("list", "--fields", fields)
        #expect(result.status == 2)
        #expect(result.stdout == "")
        #expect(result.stderr.hasPrefix(message), "\(result)")
    }
}
