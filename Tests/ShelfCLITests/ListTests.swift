import Foundation
import ShelfTestSupport
import Testing

/// `shelf list` and `shelf ls`: filters, sorting, limits and every output format.
struct ListTests {
    @Test(arguments: ["list", "ls"])
    func tableOfReadingBooksWithProgress(command: String) throws {
        let library = try ExampleLibrary()
        // Progress is the highest `to` of each book's sessions, over its `pages`; no book read is
        // rated yet, so the table has no RATING column.
        expectRun(try library.shelf(command, "--status", "reading"), stdout: """
            TITLE                                  AUTHORS           STATUS            PROGRESS
            Anna Karenina                          Leo Tolstoy       reading/classics  271/838 (32%)
            Cloud Atlas                            David Mitchell    reading           96/509 (18%)
            Designing Data-Intensive Applications  Martin Kleppmann  reading/tech      163/616 (26%)
            The Fall of Hyperion                   Dan Simmons       reading           251/517 (48%)
            The Name of the Wind                   Patrick Rothfuss  reading/fantasy   212/662 (32%)

            """)
    }

    @Test func wholeTableStartsInTitleOrderWithoutTrailingSpaces() throws {
        let library = try ExampleLibrary()
        // At its natural width, on a terminal wider than it (TableWidthTests fit it to a narrow one).
        let result = try library.shelf("list", environment: ["COLUMNS": "200"])
        #expect(result.status == 0)
        #expect(result.stderr == "")
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 1 + 47 + 1)
        #expect(Array(lines.prefix(4)) == [
            "TITLE                                              AUTHORS                                            STATUS                     RATING  PROGRESS",
            "A Philosophy of Software Design                    John Ousterhout                                    to-read/tech",
            "A Wizard of Earthsea                               Ursula K. Le Guin                                  finished/fantasy           ★★★★",
            "Anna Karenina                                      Leo Tolstoy                                        reading/classics                   271/838 (32%)",
        ])
        #expect(lines.contains(
            "Structure and Interpretation of Computer Programs  Harold Abelson, Gerald Jay Sussman, Julie Sussman  to-read/tech"))
        #expect(lines.allSatisfy { !$0.hasSuffix(" ") })
    }

    @Test func authorIgnoresCaseAndAccents() throws {
        let library = try ExampleLibrary()
        expectRun(try library.shelf("list", "--author", "marquez"), stdout: """
            TITLE                          AUTHORS                 STATUS                     RATING
            One Hundred Years of Solitude  Gabriel García Márquez  finished/fiction/classics  ★★★★★

            """)
        expectRun(try library.shelf("ls", "--author", "LE GUIN", "--format", "paths"), stdout: """
            finished/fantasy/a-wizard-of-earthsea.md
            to-read/the-dispossessed.md
            finished/sci-fi/the-left-hand-of-darkness.md

            """)
    }

    @Test func tagInEveryStatus() throws {
        let library = try ExampleLibrary()
        expectRun(try library.shelf("list", "--tag", "sci-fi", "--format", "paths"), stdout: """
            finished/sci-fi/dune.md
            finished/sci-fi/hyperion.md
            finished/sci-fi/neuromancer.md
            finished/sci-fi/project-hail-mary.md
            finished/sci-fi/solaris.md
            to-read/the-dispossessed.md
            reading/the-fall-of-hyperion.md
            finished/sci-fi/the-hitchhikers-guide-to-the-galaxy.md
            finished/sci-fi/the-left-hand-of-darkness.md
            finished/sci-fi/the-three-body-problem.md

            """)
    }

    @Test func folderIncludesTheFoldersBelowIt() throws {
        let library = try ExampleLibrary()
        expectRun(try library.shelf("list", "--folder", "fiction", "--format", "paths"), stdout: """
            finished/fiction/beloved.md
            finished/fiction/classics/jane-eyre.md
            finished/fiction/kafka-on-the-shore.md
            finished/fiction/classics/middlemarch.md
            finished/fiction/never-let-me-go.md
            finished/fiction/classics/one-hundred-years-of-solitude.md
            finished/fiction/piranesi.md
            finished/fiction/classics/the-master-and-margarita.md

            """)
        // `classics` is a folder of its own under reading/ and abandoned/; fiction/classics is another.
        expectRun(try library.shelf("list", "--folder", "classics", "--status", "abandoned", "--format", "paths"), stdout: """
            abandoned/classics/don-quixote.md
            abandoned/classics/ulysses.md

            """)
    }

    @Test func sortDescendingByRatingBreaksTiesByTitle() throws {
        let library = try ExampleLibrary()
        expectRun(try library.shelf("list", "--sort", "rating-", "--limit", "8"), stdout: """
            TITLE                                         AUTHORS                 STATUS                     RATING
            Beloved                                       Toni Morrison           finished/fiction           ★★★★★
            Dune                                          Frank Herbert           finished/sci-fi            ★★★★★
            Middlemarch                                   George Eliot            finished/fiction/classics  ★★★★★
            One Hundred Years of Solitude                 Gabriel García Márquez  finished/fiction/classics  ★★★★★
            Piranesi                                      Susanna Clarke          finished/fiction           ★★★★★
            The Hitchhiker's Guide to the Galaxy          Douglas Adams           finished/sci-fi            ★★★★★
            Gödel, Escher, Bach: an Eternal Golden Braid  Douglas R. Hofstadter   finished/non-fiction       ★★★★½
            Hyperion                                      Dan Simmons             finished/sci-fi            ★★★★½

            """)
    }

    @Test func sortByPublishedThenLimit() throws {
        let library = try ExampleLibrary()
        expectRun(try library.shelf("ls", "--author", "le guin", "--sort", "published"), stdout: """
            TITLE                      AUTHORS            STATUS            RATING
            A Wizard of Earthsea       Ursula K. Le Guin  finished/fantasy  ★★★★
            The Left Hand of Darkness  Ursula K. Le Guin  finished/sci-fi   ★★★★½
            The Dispossessed           Ursula K. Le Guin  to-read

            """)
        expectRun(try library.shelf("ls", "--sort", "published", "--limit", "2", "--format", "paths"), stdout: """
            abandoned/classics/don-quixote.md
            finished/fiction/classics/jane-eyre.md

            """)
        expectRun(try library.shelf("ls", "--limit", "0"))
    }

    @Test func jsonHasLocationKeysThenFrontMatterInCanonicalOrder() throws {
        let library = try ExampleLibrary()
        let result = try library.shelf("list", "--format", "json")
        #expect(result.status == 0)
        #expect(result.stderr == "")
        let parsed = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
        let books = try #require(parsed as? [[String: Any]])
        #expect(books.count == 47)
        let first = try #require(books.first)
        #expect(first["id"] as? String == "a-philosophy-of-software-design")
        #expect(first["path"] as? String == "to-read/tech/a-philosophy-of-software-design.md")
        #expect(first["folder"] as? String == "tech")
        // `authors: John Ousterhout` in the file is one author, still a list.
        #expect(first["authors"] as? [String] == ["John Ousterhout"])
        #expect(first["pages"] as? Int == 190)
        #expect((first["custom"] as? [String: Any])?["recommended_by"] as? String == "the team book club")
        // JSONSerialization forgets the order; the text keeps it.
        let firstObject = try #require(result.stdout.components(separatedBy: "\n  },").first)
        let keys = firstObject.split(separator: "\n").compactMap { line -> String? in
            guard line.hasPrefix("    \"") else { return nil }
            return String(line.dropFirst(5).prefix { $0 != "\"" })
        }
        #expect(keys == ["id", "path", "status", "folder", "title", "authors", "published", "pages", "publisher",
                         "language", "tags", "added", "progress", "custom"])
        #expect(result.stdout.hasPrefix("[\n  {\n    \"id\": \"a-philosophy-of-software-design\",\n"))
    }

    @Test func jsonNestsCustomKeysAfterTheBookKeys() throws {
        let library = try ExampleLibrary()
        let result = try library.shelf("list", "--author", "tolstoy", "--format", "json")
        expectRun(result, stdout: """
            [
              {
                "id": "anna-karenina",
                "path": "reading/classics/anna-karenina.md",
                "status": "reading",
                "folder": "classics",
                "title": "Anna Karenina",
                "authors": [
                  "Leo Tolstoy"
                ],
                "published": 1878,
                "pages": 838,
                "publisher": "Penguin Classics",
                "language": "en",
                "tags": [
                  "classic",
                  "russian"
                ],
                "added": "2025-12-01",
                "started": "2026-09-01",
                "progress": {
                  "sessions": 5,
                  "page": 271,
                  "pages_read": 271,
                  "percent": 32,
                  "minutes": 320
                },
                "custom": {
                  "original_title": "Анна Каренина",
                  "translators": [
                    "Richard Pevear",
                    "Larissa Volokhonsky"
                  ]
                }
              }
            ]

            """)
    }

    @Test func jsonLinesIsOneObjectPerBook() throws {
        let library = try ExampleLibrary()
        let result = try library.shelf("list", "--status", "reading", "--format", "jsonl")
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 5)
        let ids = try lines.map { line in
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            return object["id"] as? String ?? ""
        }
        #expect(ids == ["anna-karenina", "cloud-atlas", "designing-data-intensive-applications", "the-fall-of-hyperion",
                        "the-name-of-the-wind"])
        #expect(lines.first?.hasPrefix(#"{"id":"anna-karenina","path":"reading/classics/anna-karenina.md","status":"reading","#)
                == true)
    }

    @Test func csvQuotesFieldsWithCommasAndJoinsLists() throws {
        let library = try ExampleLibrary()
        expectRun(try library.shelf("list", "--author", "hofstadter", "--format", "csv"), stdout: """
            id,path,status,folder,title,subtitle,authors,isbn,published,pages,duration,locations,publisher,language,series,series_index,tags,rating,added,started,finished,stopped,stopped_page,next,cover
            godel-escher-bach,finished/non-fiction/godel-escher-bach.md,finished,non-fiction,"Gödel, Escher, Bach: an Eternal Golden Braid",,Douglas R. Hofstadter,9780465026562,1979,777,,,Basic Books,en,,,mathematics; philosophy; computing,4.5,2023-04-01,2025-08-03,2025-10-12,,,,

            """)
    }

    @Test func csvColumnsAreBookKeysInCanonicalOrderThenPrefixedCustomKeys() throws {
        let library = try ExampleLibrary()
        let result = try library.shelf("list", "--format", "csv", "--limit", "3")
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines == [
            "id,path,status,folder,title,subtitle,authors,isbn,published,pages,duration,locations,publisher,language,series,series_index,tags,rating,added,started,finished,stopped,stopped_page,next,cover,custom.recommended_by,custom.original_title,custom.translators",
            "a-philosophy-of-software-design,to-read/tech/a-philosophy-of-software-design.md,to-read,tech,A Philosophy of Software Design,,John Ousterhout,,2018,190,,,Yaknyam Press,en,,,programming; design,,2026-01-12,,,,,,,the team book club,,",
            "a-wizard-of-earthsea,finished/fantasy/a-wizard-of-earthsea.md,finished,fantasy,A Wizard of Earthsea,,Ursula K. Le Guin,,1968,183,,,Houghton Mifflin Harcourt,en,Earthsea Cycle,1,fantasy; classic; le-guin,4,2026-02-01,2026-02-10,2026-02-16,,,,,,,",
            "anna-karenina,reading/classics/anna-karenina.md,reading,classics,Anna Karenina,,Leo Tolstoy,,1878,838,,,Penguin Classics,en,,,classic; russian,,2025-12-01,2026-09-01,,,,,,,Анна Каренина,Richard Pevear; Larissa Volokhonsky",
        ])
    }

    @Test func pathsAreRelativeToTheCurrentFolder() throws {
        let library = try ExampleLibrary()
        expectRun(try library.shelf(["ls", "--tag", "space-opera", "--format", "paths"], in: "finished/sci-fi"), stdout: """
            hyperion.md
            ../../reading/the-fall-of-hyperion.md

            """)
    }

    @Test func oneUnreadableFileIsSkippedWithOneWarning() throws {
        let library = try ExampleLibrary()
        try library.write("to-read/broken.md", "---\ntitle: [unclosed\n---\n")
        let result = try library.shelf("list", "--status", "to-read", "--format", "paths")
        #expect(result.status == 0)
        #expect(result.stdout.split(separator: "\n").count == 13)
        #expect(!result.stdout.contains("broken"))
        #expect(result.stderr == """
            shelf: warning: to-read/broken.md:3:1: invalid YAML: did not find expected ',' or ']' while parsing a flow sequence (started on line 2); run `shelf check` for details

            """)
    }

    @Test func aBrokenSessionFileLeavesTheTableStandingWithAWarning() throws {
        let library = try ExampleLibrary()
        try library.write("reading/cloud-atlas/2026-11-20.md", "---\nfrom: [\n---\n")
        let result = try library.shelf("list", "title:cloud")
        #expect(result.status == 0)
        // The progress is that of the two sessions that read: the broken one is left out.
        #expect(result.stdout == """
            TITLE        AUTHORS         STATUS   PROGRESS
            Cloud Atlas  David Mitchell  reading  96/509 (18%)

            """)
        #expect(result.stderr == "shelf: warning: reading/cloud-atlas/2026-11-20.md:3:1: invalid YAML: did not find "
            + "expected node content while parsing a flow node; run `shelf check` for details\n")
    }

    @Test func severalProblemsStillGiveOneWarningLine() throws {
        let library = try ExampleLibrary()
        try library.write("to-read/broken.md", "---\ntitle: [unclosed\n---\n")
        try library.write("to-read/untitled.md", "---\nauthors: [Nobody]\n---\n")
        let result = try library.shelf("list", "--format", "paths")
        #expect(result.status == 0)
        #expect(result.stdout.split(separator: "\n").count == 47)
        #expect(result.stderr.split(separator: "\n").count == 1)
        #expect(result.stderr.hasPrefix("shelf: warning: 2 problems, the first: to-read/broken.md:3:1: invalid YAML"))
        #expect(result.stderr.hasSuffix("; run `shelf check` for all of them\n"))
    }

    @Test func usageErrors() throws {
        let library = try ExampleLibrary()
        // Any key sorts, custom keys too; a key no book has is worth a warning, not an error.
        let sort = try library.shelf("list", "--sort", "colour", "--format", "paths", "--limit", "1")
        #expect(sort.status == 0)
        #expect(sort.stdout == "to-read/tech/a-philosophy-of-software-design.md\n")
        #expect(sort.stderr == "shelf: warning: no book listed has \"colour\"; --sort colour changed nothing\n")
        let format = try library.shelf("list", "--format", "xml")
        #expect(format.status == 2)
        #expect(format.stderr.hasPrefix(
            "shelf: The value 'xml' is invalid for '--format <format>'. Please provide one of the following:\n"))
        let limit = try library.shelf("list", "--limit", "-1")
        #expect(limit.status == 1)
        #expect(limit.stderr == "shelf: --limit must be 0 or more, got -1\n")
    }
}

/// A listing longer than one write to standard output (tables and paths go out some 64 KB at a
/// time) comes out whole and in order, with each book's own progress.
struct LongListTests {
    @Test func aListingOfManyBooksComesOutWholeInOrder() throws {
        let library = try ExampleLibrary(empty: true)
        try library.write(".shelf/config.yaml", "statuses: [to-read, reading, finished, abandoned]\n")
        let count = 3_500
        for number in 0..<count {
            let name = String(format: "%04d", number)
            // Every tenth book is being read, with a session reaching page `number % 100 + 1`.
            let status = number % 10 == 0 ? "reading" : "to-read"
            try library.write("\(status)/book-\(name).md", "---\ntitle: Book \(name) of a long enough title\npages: 200\n---\n")
            if status == "reading" { try library.write("reading/book-\(name)/2024-01-01.md", "---\nto: \(number % 100 + 1)\n---\n") }
        }
        let paths = try library.shelf(["list", "--format", "paths"], in: library.root.path, environment: ["SHELF_NO_WATCHMAN": "1"])
        #expect(paths.status == 0 && paths.stderr == "")
        #expect(paths.stdout.utf8.count > 65_536)
        let expected = (0..<count).map { number in
            "\(number % 10 == 0 ? "reading" : "to-read")/book-\(String(format: "%04d", number)).md"
        }
        #expect(paths.stdout == expected.map { $0 + "\n" }.joined())

        let table = try library.shelf(["list"], in: library.root.path, environment: ["SHELF_NO_WATCHMAN": "1", "COLUMNS": ""])
        #expect(table.status == 0 && table.stderr == "")
        #expect(table.stdout.utf8.count > 65_536)
        let lines = table.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 1 + count + 1 && lines.last == "")
        for (number, line) in zip(0..<count, lines.dropFirst()) {
            let progress = number % 10 == 0 ? "\(number % 100 + 1)/200 (\((number % 100 + 1) * 100 / 200)%)" : ""
            #expect(line.hasPrefix("Book \(String(format: "%04d", number)) of a long enough title"), "\(line)")
            // A pipe without COLUMNS: tab-separated, and no authors or ratings to show.
            #expect(line.hasSuffix(number % 10 == 0 ? "\treading\t" + progress : "\tto-read\t"), "\(line)")
        }
    }
}
