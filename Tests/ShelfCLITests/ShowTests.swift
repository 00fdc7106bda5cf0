import Foundation
import ShelfTestSupport
import Testing

/// `shelf show` and how a BOOK argument is resolved.
struct ShowTests {
    @Test func bookWithSessionsShowsFieldsNotesSessionsAndPace() throws {
        let library = try ExampleLibrary()
        // 412 pages (1 to 412, each boundary page counted once) in 460 minutes on 6 days.
        expectRun(try library.shelf("show", "dune"), stdout: """
            Dune
            Frank Herbert · 1965 · 412 pages

            status:       finished (sci-fi)
            path:         finished/sci-fi/dune.md
            isbn:         9780441172719
            published:    1965
            pages:        412
            publisher:    Ace
            language:     en
            series:       Dune
            series_index: 1
            tags:         sci-fi, classic
            rating:       ★★★★★ (5)
            added:        2023-12-26
            started:      2024-01-02
            finished:     2024-02-11
            cover:        https://covers.openlibrary.org/b/isbn/9780441172719-L.jpg
            format:       paperback

            ## Review

            Slow first hundred pages, then I couldn't stop. The ecology is the real main
            character: water, sand, spice, and how a whole culture grows out of scarcity.
            Paul is less a hero than a warning, which I only understood near the end.
            The appendices are worth reading too.

            Sessions (6)
              2024-01-02  pp. 1–58       58 pages   60 min   Too many names. Using the glossary a lot.
              2024-01-09  pp. 58–120     62 pages   65 min
              2024-01-16  pp. 120–187    67 pages   70 min
              2024-01-25  pp. 187–260    73 pages   80 min
              2024-02-03  pp. 260–341    81 pages   95 min   The desert chapters are the best part.
              2024-02-11  pp. 341–412    71 pages   90 min
            progress: 412/412 (100%) · 412 pages read in 7 h 40 min · 68.7 pages a reading day · 54 pages/hour

            """)
    }

    @Test func bookWithoutSessionsOrBody() throws {
        let library = try ExampleLibrary()
        expectRun(try library.shelf("show", "circe"), stdout: """
            Circe
            Madeline Miller · 2018 · 393 pages

            status:         to-read
            path:           to-read/circe.md
            isbn:           9780316556347
            published:      2018
            pages:          393
            publisher:      Little, Brown and Company
            language:       en
            tags:           mythology, retelling
            added:          2026-05-10
            recommended_by: Mum

            """)
    }

    @Test func json() throws {
        let library = try ExampleLibrary()
        let result = try library.shelf("show", "piranesi", "--format", "json")
        expectRun(result, stdout: """
            {
              "id": "piranesi",
              "path": "finished/fiction/piranesi.md",
              "status": "finished",
              "folder": "fiction",
              "title": "Piranesi",
              "authors": [
                "Susanna Clarke"
              ],
              "isbn": "9781635575637",
              "published": 2020,
              "pages": 272,
              "publisher": "Bloomsbury",
              "language": "en",
              "tags": [
                "fantasy",
                "literary"
              ],
              "rating": 5,
              "added": "2025-10-15",
              "started": "2025-11-01",
              "finished": "2025-11-04",
              "progress": {
                "sessions": 3,
                "page": 272,
                "pages_read": 272,
                "percent": 100,
                "minutes": 120
              },
              "body": "The Beauty of the House is immeasurable; its Kindness infinite.\\n",
              "sessions": [
                {
                  "book": "piranesi",
                  "date": "2025-11-01",
                  "path": "finished/fiction/piranesi/2025-11-01.md",
                  "pages": 84,
                  "pages_read": 84,
                  "note": "Didn't take page numbers, just counted.\\n"
                },
                {
                  "book": "piranesi",
                  "date": "2025-11-02",
                  "path": "finished/fiction/piranesi/2025-11-02.md",
                  "pages": 101,
                  "minutes": 120,
                  "pages_read": 101
                },
                {
                  "book": "piranesi",
                  "date": "2025-11-04",
                  "path": "finished/fiction/piranesi/2025-11-04.md",
                  "pages": 87,
                  "pages_read": 87
                }
              ]
            }

            """)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect((object["sessions"] as? [Any])?.count == 3)
    }

    @Test(arguments: [
        ("dune", "finished/sci-fi/dune.md"),
        ("finished/sci-fi/dune.md", "finished/sci-fi/dune.md"),
        ("hyper", "finished/sci-fi/hyperion.md"),
        ("left hand", "finished/sci-fi/the-left-hand-of-darkness.md"),
        ("Solitude", "finished/fiction/classics/one-hundred-years-of-solitude.md"),
        ("Escher", "finished/non-fiction/godel-escher-bach.md"),
    ])
    func bookIsASlugPathPrefixOrTitleFragment(reference: String, path: String) throws {
        let library = try ExampleLibrary()
        let result = try library.shelf("show", reference, "--format", "json")
        #expect(result.status == 0, "\(result)")
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        #expect(object?["path"] as? String == path)
    }

    @Test func notFoundSuggestsCloseSlugs() throws {
        let library = try ExampleLibrary()
        expectRun(try library.shelf("show", "dnue"), status: 1, stderr: "shelf: no book matches \"dnue\"; did you mean dune?\n")
        expectRun(try library.shelf("show", "xyzzy"), status: 1, stderr: "shelf: no book matches \"xyzzy\"\n")
    }

    @Test func ambiguousReferenceListsTheCandidates() throws {
        let library = try ExampleLibrary()
        expectRun(try library.shelf("show", "the name"), status: 1, stderr: """
            shelf: "the name" matches 2 books: the-name-of-the-rose, the-name-of-the-wind; use more of the slug or title

            """)
    }

    /// A whole word of one title beats the start of a word of another; a tie stays ambiguous.
    @Test func anExactWordOfATitleBeatsAPrefix() throws {
        let library = try ExampleLibrary()
        expectRun(try library.shelf("add", "The Winding Stair"), stdout: "to-read/the-winding-stair.md\n")
        expectRun(try library.shelf("add", "Winding Down"), stdout: "to-read/winding-down.md\n")
        let wind = try library.shelf("show", "wind", "--format", "json")
        #expect(wind.status == 0, "\(wind)")
        let object = try JSONSerialization.jsonObject(with: Data(wind.stdout.utf8)) as? [String: Any]
        #expect(object?["path"] as? String == "reading/fantasy/the-name-of-the-wind.md")
        expectRun(try library.shelf("show", "winding"), status: 1, stderr: """
            shelf: "winding" matches 2 books: the-winding-stair, winding-down; use more of the slug or title

            """)
        // The start of a slug beats the start of a word in another title.
        expectRun(try library.shelf("set", "hyperi", "format=ebook"), stdout: "finished/sci-fi/hyperion.md\n")
    }
}
