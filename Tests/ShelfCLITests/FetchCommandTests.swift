import Foundation
import ShelfTestSupport
import Testing

/// `shelf add --isbn`, `add --lookup` and `shelf fetch`, run as a person runs them, against a
/// replay of Open Library the test starts (no test reaches the internet).
struct FetchCommandTests {
    static let coverJPEG = (try? Data(contentsOf: ReplayServer.fixtures.appendingPathComponent("covers/111-L.jpg"))) ?? Data()
    static let coverPNG = (try? Data(contentsOf: ReplayServer.fixtures.appendingPathComponent("covers/222-M.png"))) ?? Data()

    /// A note of a person's own: comments, a custom key, CRLF line breaks, a quoted ISBN-10.
    static let handWritten = "---\r\ntitle: Dune   # the Ace paperback\r\nisbn: '0441172717'\r\npages: 412 # mine, not theirs\r\n"
        + "shelf_spot: attic, box 3\r\ntags: [sci-fi]   # one day: classic\r\n---\r\n\r\nMy notes.\r\n"

    @Test func addByISBNWritesAWholeNoteAndItsCover() async throws {
        let server = try await ReplayServer()
        let library = try ExampleLibrary()
        let result = try library.shelf(["add", "--isbn", "0-441-17271-7", "--slug", "dune-ace", "--tag", "sci-fi"],
                                       in: library.root.path, environment: server.environment)
        expectRun(result, stdout: "to-read/dune-ace.md\n",
                  stderr: "shelf: warning: finished/sci-fi/dune.md has the same isbn, 9780441172719\n")
        #expect(try library.read("to-read/dune-ace.md") == """
            ---
            title: Dune
            subtitle: 40th Anniversary Edition
            authors: [Frank Herbert]
            isbn: "9780441172719"
            published: 1965
            pages: 535
            publisher: Ace Books
            language: en
            tags: [sci-fi]
            added: \(ExampleLibrary.today)
            cover: dune-ace.jpg
            openlibrary: OL26242482M
            ---

            """)
        #expect(try library.data("to-read/dune-ace.jpg") == Self.coverJPEG)
        #expect(try Self.bookChanges(library) == ["A  to-read/dune-ace.jpg", "A  to-read/dune-ace.md"])
        #expect(try library.read(".shelf/.gitignore").contains("cache/\n"))
        // The answers are kept: the same add again asks nothing but the cover.
        let before = server.requests().count
        expectRun(try library.shelf(["undo"], in: library.root.path), stdout: "undid the add of dune-ace: to-read/dune-ace.md\n")
        #expect(try Self.bookChanges(library) == [])
        _ = try library.shelf(["add", "--isbn", "9780441172719", "--slug", "dune-ace"], in: library.root.path, environment: server.environment)
        #expect(server.requests().dropFirst(before).map(\.path) == ["/b/id/111-L.jpg?default=false"])
        #expect(server.requests().allSatisfy { $0.userAgent == "shelf/0.1.0 (personal book library)" })
    }

    /// Google Books, chosen by `SHELF_METADATA_SOURCE`, fills the same keys and records its own id.
    @Test func googleBooksIsUsedWhenChosen() async throws {
        let server = try await ReplayServer()
        let library = try ExampleLibrary()
        let environment = server.environment.merging(["SHELF_METADATA_SOURCE": "googlebooks",
                                                      "SHELF_GOOGLEBOOKS_URL": server.url.absoluteString + "/books/v1"]) { $1 }
        let result = try library.shelf(["add", "--isbn", "9780441172719", "--slug", "dune-ace"], in: library.root.path, environment: environment)
        expectRun(result, stdout: "to-read/dune-ace.md\n",
                  stderr: "shelf: warning: finished/sci-fi/dune.md has the same isbn, 9780441172719\n")
        #expect(try library.read("to-read/dune-ace.md") == """
            ---
            title: Dune
            subtitle: 40th Anniversary Edition
            authors: [Frank Herbert]
            isbn: "9780441172719"
            published: 2005-08-02
            pages: 535
            publisher: Ace Books
            language: en
            added: \(ExampleLibrary.today)
            cover: dune-ace.jpg
            googlebooks: B1hSG45JCX4C
            ---

            """)
        #expect(try library.data("to-read/dune-ace.jpg") == Self.coverJPEG)
        #expect(server.requests().allSatisfy { !$0.path.hasPrefix("/isbn/") })
        let wrong = try library.shelf(["add", "--isbn", "9780441172719"], in: library.root.path,
                                      environment: environment.merging(["SHELF_METADATA_SOURCE": "amazon"]) { $1 })
        #expect(wrong.status == 1)
        #expect(wrong.stderr.contains("SHELF_METADATA_SOURCE"))
    }

    @Test func addLookupTakesTheFirstEditionWithYesAndSaysSo() async throws {
        let server = try await ReplayServer()
        let library = try ExampleLibrary()
        let result = try library.shelf(["add", "Dune", "--author", "Herbert", "--lookup", "--yes", "--slug", "dune-ace", "--no-cover"],
                                       in: library.root.path, environment: server.environment)
        expectRun(result, stdout: "to-read/dune-ace.md\n", stderr: """
            shelf: took the first of 3 editions found: Dune — Frank Herbert, 1965, 535 pages, Ace Books (OL26242482M)
            shelf: warning: finished/sci-fi/dune.md has the same isbn, 9780441172719

            """)
        // What was typed wins: the author stays "Herbert".
        #expect(try library.read("to-read/dune-ace.md") == """
            ---
            title: Dune
            subtitle: 40th Anniversary Edition
            authors: [Herbert]
            isbn: "9780441172719"
            published: 1965
            pages: 535
            publisher: Ace Books
            language: en
            added: \(ExampleLibrary.today)
            openlibrary: OL26242482M
            ---

            """)
        let refused = try library.shelf(["add", "Dune", "--lookup", "--slug", "dune-2"], in: library.root.path, environment: server.environment)
        expectRun(refused, status: 1,
                  stderr: "shelf: Open Library found 3 editions of \"Dune\"; pick one on a terminal, or take the first with --yes\n")
    }

    /// Every failure: its exact message, exit status 1, and nothing written.
    @Test(arguments: [
        (["--isbn", "9780000000002"], [:], "shelf: Open Library has no record of a book with ISBN 9780000000002\n"),
        (["--isbn", "12345"], [:], "shelf: ISBN \"12345\" should have 10 or 13 digits, not 5\n"),
        (["--isbn", "9785555555557"], [:],
         "shelf: the answer from URL/isbn/9785555555557.json is not what the service documents: its 59 bytes are not valid JSON\n"),
        (["--isbn", "9784444444446"], [:], "shelf: the answer from URL/isbn/9784444444446.json was cut short; nothing was written, try again\n"),
        (["--isbn", "9783333333335"], ["SHELF_HTTP_TIMEOUT": "1"],
         "shelf: URL/isbn/9783333333335.json did not answer within 1 s; the service may be slow or down, try again later\n"),
        (["--isbn", "9781111111113"], [:],
         "shelf: 127.0.0.1 is refusing requests as too many (429 at URL/isbn/9781111111113.json, 4 tries, it asks to wait 1 s); "
            + "wait a few minutes and try again\n"),
        (["--isbn", "9786666666668"], [:],
         "shelf: URL/b/id/333-L.jpg?default=false did not send an image (it sent an HTML page); no cover was saved\n"),
        (["--isbn", "9780441172719"], ["SHELF_OPENLIBRARY_URL": "http://127.0.0.1:9"],
         "shelf: cannot connect to 127.0.0.1 (nothing answers at 127.0.0.1:9); check the network connection\n"),
    ] as [([String], [String: String], String)])
    func failuresSayWhatToDoAndWriteNothing(arguments: [String], environment: [String: String], message: String) async throws {
        let server = try await ReplayServer()
        let library = try ExampleLibrary()
        let result = try library.shelf(["add"] + arguments + ["--slug", "fetched"], in: library.root.path,
                                       environment: server.environment.merging(environment) { $1 })
        expectRun(result, status: 1, stderr: message.replacingOccurrences(of: "URL", with: server.url.absoluteString))
        #expect(try Self.bookChanges(library) == [])
    }

    @Test func fetchFillsOnlyWhatANoteLacksInItsOwnStyleAndUndoTakesItBack() async throws {
        let server = try await ReplayServer()
        let library = try ExampleLibrary()
        try library.write("to-read/my-dune.md", Self.handWritten)
        try library.git("add", "-A")
        try library.git("-c", "user.name=shelf", "-c", "user.email=shelf@example.org", "commit", "-q", "-m", "note")
        // Not on a terminal and without --yes: the changes are shown, nothing is written.
        let shown = """
            to-read/my-dune.md ← Open Library OL26242482M
              + subtitle: 40th Anniversary Edition
              + authors: Frank Herbert
              + published: 1965
              + publisher: Ace Books
              + language: en
              + openlibrary: OL26242482M

            """
        expectRun(try library.shelf(["fetch", "my-dune"], in: library.root.path, environment: server.environment),
                  stdout: shown + "  + cover: my-dune.jpg  (to download)\n",
                  stderr: "shelf: nothing written (not on a terminal); give --yes to write\n")
        #expect(try Self.bookChanges(library) == [])
        expectRun(try library.shelf(["fetch", "my-dune", "--yes"], in: library.root.path, environment: server.environment),
                  stdout: shown + "  + cover: my-dune.jpg  (543 bytes, downloaded)\nto-read/my-dune.md\n")
        #expect(try library.data("to-read/my-dune.md") == Data(("---\r\ntitle: Dune   # the Ace paperback\r\n"
            + "subtitle: 40th Anniversary Edition\r\nauthors: [Frank Herbert]\r\nisbn: '0441172717'\r\npublished: 1965\r\n"
            + "pages: 412 # mine, not theirs\r\npublisher: Ace Books\r\nlanguage: en\r\nshelf_spot: attic, box 3\r\n"
            + "openlibrary: OL26242482M\r\ntags: [sci-fi]   # one day: classic\r\ncover: my-dune.jpg\r\n---\r\n\r\nMy notes.\r\n").utf8))
        #expect(try library.data("to-read/my-dune.jpg") == Self.coverJPEG)
        // Again: nothing to do, the edition read by the id recorded, and once kept, never asked again.
        var before = server.requests().count
        expectRun(try library.shelf(["fetch", "my-dune", "--yes"], in: library.root.path, environment: server.environment),
                  stdout: "to-read/my-dune.md: up to date with Open Library OL26242482M\n")
        #expect(server.requests().dropFirst(before).map(\.path) == ["/books/OL26242482M.json"])
        before = server.requests().count
        // A key replaced only when asked.
        expectRun(try library.shelf(["fetch", "my-dune", "--replace", "pages", "--yes"], in: library.root.path, environment: server.environment),
                  stdout: "to-read/my-dune.md ← Open Library OL26242482M\n  ~ pages: 412 → 535\nto-read/my-dune.md\n")
        #expect(try library.read("to-read/my-dune.md").contains("pages: 535 # mine, not theirs\r\n"))
        #expect(server.requests().count == before)
        expectRun(try library.shelf(["undo"], in: library.root.path), stdout: "undid the update of my-dune: to-read/my-dune.md\n")
        expectRun(try library.shelf(["undo"], in: library.root.path), stdout: "undid the update of my-dune: to-read/my-dune.md\n")
        #expect(try library.data("to-read/my-dune.md") == Data(Self.handWritten.utf8))
        #expect(try Self.bookChanges(library) == [])
    }

    @Test func aCoverURLThePersonWroteIsKeptAndALocalCoverMovesWithItsBook() async throws {
        let server = try await ReplayServer()
        let library = try ExampleLibrary()
        // finished/sci-fi/dune.md has `cover: https://covers.openlibrary.org/…`: kept.
        let result = try library.shelf(["fetch", "finished/sci-fi/dune.md", "--yes"], in: library.root.path, environment: server.environment)
        #expect(result.status == 0)
        #expect(!result.stdout.contains("cover"))
        #expect(try library.read("finished/sci-fi/dune.md").contains("cover: https://covers.openlibrary.org/b/isbn/9780441172719-L.jpg\n"))
        _ = try library.shelf(["add", "--isbn", "9782222222224", "--slug", "left-hand"], in: library.root.path, environment: server.environment)
        #expect(try library.data("to-read/left-hand.png") == Self.coverPNG)
        expectRun(try library.shelf(["start", "left-hand"], in: library.root.path), stdout: "to-read/left-hand.md → reading/left-hand.md\n")
        #expect(try library.data("reading/left-hand.png") == Self.coverPNG)
        #expect(!library.exists("to-read/left-hand.png"))
        try FileManager.default.removeItem(at: library.root.appendingPathComponent("reading/left-hand.png"))
        let check = try library.shelf(["check"], in: library.root.path)
        #expect(check.status == 1)
        #expect(check.stdout.contains("reading/left-hand.md:11:8: cover names left-hand.png, and there is no reading/left-hand.png\n"))
    }

    @Test func fetchMissingCoversGoesPolitelyResumesAndReportsWhatItCouldNotMatch() async throws {
        let server = try await ReplayServer()
        let library = try ExampleLibrary(empty: true)
        _ = try library.shelf(["init", "."], in: library.root.path)
        for number in 0..<4 {
            _ = try library.shelf(["add", "Book \(number)", "--isbn", Self.generatedISBN(number)], in: library.root.path)
        }
        _ = try library.shelf(["add", "No ISBN"], in: library.root.path)
        _ = try library.shelf(["add", "Unknown", "--isbn", "9780000000002"], in: library.root.path)
        let environment = server.environment.merging(["SHELF_REQUEST_INTERVAL": "0.2"]) { $1 }
        let result = try library.shelf(["fetch", "--missing", "cover", "--yes", "--no-cover"], in: library.root.path, environment: environment)
        #expect(result.status == 1)
        #expect(result.stderr == """
            shelf: could not fetch 2 books:
              to-read/no-isbn.md: it has no isbn or openlibrary key
              to-read/unknown.md: Open Library has no record of a book with ISBN 9780000000002

            """)
        // With --no-cover the details were filled and covers left: the same run again
        // downloads them, one request at a time at the rate asked, never a placeholder.
        let before = server.requests().count
        let second = try library.shelf(["fetch", "--missing", "cover", "--yes"], in: library.root.path, environment: environment)
        #expect(second.status == 1)
        let covers = server.requests().dropFirst(before).filter { $0.path.hasPrefix("/b/id/") }
        // A large cover of each, and the medium one where there is no large (the PNGs).
        #expect(covers.count == 6)
        #expect(covers.allSatisfy { $0.path.hasSuffix("?default=false") })
        let times = covers.map(\.time)
        for (earlier, later) in zip(times, times.dropFirst()) { #expect(later - earlier >= 0.15) }
        for number in 0..<4 {
            #expect(library.exists("to-read/book-\(number).\(number % 2 == 0 ? "jpg" : "png")"))
        }
        // Done: a third run has only the books it cannot match left.
        let third = try library.shelf(["fetch", "--missing", "cover", "--yes"], in: library.root.path, environment: environment)
        #expect(third.stdout == "")
        #expect(third.status == 1)
    }

    /// `git status --short` of the books and covers, without shelf's own `.shelf/` files.
    static func bookChanges(_ library: ExampleLibrary) throws -> [String] {
        try library.status().split(separator: "\n").map(String.init).filter { !$0.contains(".shelf/") }
    }

    /// The ISBN typed is the one recorded, though the edition's record lists another (the
    /// replay's generated editions all list Dune's), and a file of the person's where a cover
    /// would go is kept and its book reported while the run goes on.
    @Test func theTypedISBNWinsAndAPersonsFileWhereACoverWouldGoIsKept() async throws {
        let server = try await ReplayServer()
        let library = try ExampleLibrary(empty: true)
        _ = try library.shelf(["init", "."], in: library.root.path)
        let added = try library.shelf(["add", "--isbn", Self.generatedISBN(5), "--slug", "fifth", "--no-cover"],
                                      in: library.root.path, environment: server.environment)
        #expect(added.status == 0, "\(added.stderr)")
        #expect(try library.read("to-read/fifth.md").contains("isbn: \"\(Self.generatedISBN(5))\"\n"))
        for number in 0..<2 {
            _ = try library.shelf(["add", "Book \(number)", "--isbn", Self.generatedISBN(number)], in: library.root.path)
        }
        let mine = Data("my own picture".utf8)
        try mine.write(to: library.root.appendingPathComponent("to-read/book-0.jpg"))
        let run = try library.shelf(["fetch", "--missing", "cover", "--yes"], in: library.root.path, environment: server.environment)
        #expect(run.status == 1)
        #expect(run.stderr.contains("""
              to-read/book-0.md: to-read/book-0.jpg is already there with other bytes; it is kept (name it in cover:, or move it, \
            to fetch the cover)
            """), "\(run.stderr)")
        #expect(try library.data("to-read/book-0.jpg") == mine)
        #expect(library.exists("to-read/book-1.png"))
        #expect(try library.read("to-read/book-1.md").contains("cover: book-1.png\n"))
    }

    @Test func aBulkFetchKilledMidwayGoesOnWhereItStopped() async throws {
        let server = try await ReplayServer()
        let library = try ExampleLibrary(empty: true)
        _ = try library.shelf(["init", "."], in: library.root.path)
        for number in 0..<8 {
            _ = try library.shelf(["add", "Book \(number)", "--isbn", Self.generatedISBN(number)], in: library.root.path)
        }
        let environment = server.environment.merging(["SHELF_REQUEST_INTERVAL": "0.5"]) { $1 }
        let arguments = ["fetch", "--missing", "cover", "--yes"]
        // `shelf` hands itself over to `shelf-online` in the same process, which is killed.
        let run = try ChildProcess.start(BuiltExecutable.shelf, arguments, in: library.root.path, environment: environment)
        // Killed once the first cover is saved, while the others wait their turn. Watched with
        // `usleep`, not `Task.sleep`: with the whole suite running, the cooperative pool is busy
        // and a sleeping task may wake after the run has ended.
        for _ in 0..<600 where !library.exists("to-read/book-0.jpg") { usleep(50_000) }
        run.kill()
        #expect(run.wait().killed)
        let done = (0..<8).filter { library.exists("to-read/book-\($0).\($0 % 2 == 0 ? "jpg" : "png")") }
        #expect(done.count > 0 && done.count < 8, "\(done.count) covers before the kill")
        let before = server.requests().count
        let again = try library.shelf(arguments, in: library.root.path, environment: environment)
        #expect(again.status == 0, "\(again)")
        // Only the books still without a cover were asked for.
        let asked = Set(server.requests().dropFirst(before).compactMap { request -> Int? in
            guard request.path.hasPrefix("/books/OL") else { return nil }
            return Int(request.path.dropFirst("/books/OL".count).prefix { $0.isNumber }).map { $0 - 1000 }
        })
        #expect(asked.isDisjoint(with: done))
        for number in 0..<8 {
            #expect(library.exists("to-read/book-\(number).\(number % 2 == 0 ? "jpg" : "png")"))
            #expect(try library.read("to-read/book-\(number).md").contains("openlibrary: OL\(1000 + number)M\n"))
        }
        expectRun(try library.shelf(["check"], in: library.root.path), stderr: "shelf: no problems in 8 books\n")
        let leftovers = try FileManager.default.subpathsOfDirectory(atPath: library.root.path).filter { $0.hasSuffix(".tmp") }
        #expect(leftovers == [])
    }

    @Test func fetchWritesAnAdoptedNoteInItsOwnKeys() async throws {
        let server = try await ReplayServer()
        let library = try ExampleLibrary(empty: true)
        try library.write("_books/dune.md", "---\nlayout: book\ntitle: Dune\nauthor: Herbert, Frank\nisbn: 9780441172719\nstatus: read\n"
                          + "date_read: 2024-05-01\nstars: 4\n---\nA desert planet.\n")
        try library.write("_books/excession.md", "---\nlayout: book\ntitle: Excession\nauthor: Iain M. Banks\nstatus: want\npage_count: 470\n---\n")
        _ = try library.shelf(["init"], in: library.root.path)
        let result = try library.shelf(["fetch", "dune", "--yes"], in: library.root.path, environment: server.environment)
        #expect(result.status == 0, "\(result)")
        // The authors stay in `author`, the pages go to the library's `page_count`, the note stays where it is.
        #expect(try library.read("_books/dune.md") == """
            ---
            layout: book
            openlibrary: OL26242482M
            title: Dune
            author: Herbert, Frank
            isbn: 9780441172719
            status: read
            date_read: 2024-05-01
            stars: 4
            subtitle: 40th Anniversary Edition
            published: 1965
            page_count: 535
            publisher: Ace Books
            language: en
            cover: dune.jpg
            ---
            A desert planet.

            """)
        #expect(try library.data("_books/dune.jpg") == Self.coverJPEG)
    }

    /// On a terminal, `add --lookup` lists the editions found and takes the one picked, and
    /// `fetch` asks before it writes.
    @Test(.enabled(if: TmuxPane.isAvailable))
    func onATerminalAnEditionIsPickedAndAFetchConfirmed() async throws {
        let server = try await ReplayServer()
        let library = try ExampleLibrary()
        let environment = server.environment.map { "\($0.key)='\($0.value)'" }.sorted().joined(separator: " ")
        let shelf = "\(environment) NO_COLOR=1 SHELF_NO_WATCHMAN=1 '\(BuiltExecutable.shelf)'"
        let pane = try TmuxPane("cd '\(library.root.path)' && \(shelf) add Dune --author Herbert --lookup --slug messiah --no-cover; "
                                + "\(shelf) fetch circe; echo DONE; sleep 30", name: "lookup", width: 120)
        var shown = try pane.waitFor("Which edition? [1]:")
        #expect(shown.contains(" 1  Dune — Frank Herbert, 1965, 535 pages, Ace Books  (OL26242482M)\n"
                               + " 2  Dune Messiah — Frank Herbert, 1969, 412 pages, Tor  (OL3M)\n"
                               + " 3  Children of Dune — Frank Herbert, 1976, Berkley  (OL5M)\n"), "\(shown)")
        try pane.send("2", "Enter")
        shown = try pane.waitFor("Write these changes to to-read/circe.md? [y/N]")
        #expect(shown.contains("to-read/messiah.md\n"), "\(shown)")
        try pane.send("n", "Enter")
        shown = try pane.waitFor("DONE")
        #expect(try library.read("to-read/messiah.md").contains("title: Dune\n"))
        #expect(try library.read("to-read/messiah.md").contains("openlibrary: OL3M\n"))
        #expect(try Self.bookChanges(library) == ["A  to-read/messiah.md"])
    }

    /// The ISBN-13 979100000000n with its check digit, which the replay server knows.
    static func generatedISBN(_ number: Int) -> String {
        let twelve = "979100" + String(format: "%06d", number)
        let sum = twelve.enumerated().reduce(0) { $0 + ($1.element.wholeNumberValue ?? 0) * ($1.offset % 2 == 0 ? 1 : 3) }
        return twelve + String((10 - sum % 10) % 10)
    }
}
