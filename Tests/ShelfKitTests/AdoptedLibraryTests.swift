import Foundation
import ShelfKit
import ShelfTestSupport
import Testing

/// A library adopted from notes through ShelfKit alone, as an app would make and use one.
struct AdoptedLibraryTests {
    /// A vault: books tagged `book` among other notes at its root, the status a tag.
    private func vault() throws -> String {
        let root = try TemporaryFolder.make(in: TemporaryFolder.inMemory)
        let notes = [
            "Dune.md": "---\ntags: [book, read]\nauthor: \"[[Frank Herbert]]\"\ndateRead: \"[[2024-12-18]]\"\nrating: \"4/5\"\n---\n",
            "Kindred.md": "---\ntags: [book, reading]\nauthor: Octavia E. Butler\n---\n",
            "Gardening.md": "---\ntags: [idea]\nauthor: Me\n---\nPlant beans.\n",
            "2024-12-18.md": "---\ntags: [daily]\n---\nRead Dune's last pages.\n",
        ]
        for (path, text) in notes { try TemporaryFolder.write(text, to: root + "/" + path) }
        return root
    }

    @Test func aSurveyedVaultListsItsBooksAndWritesInItsWords() async throws {
        let root = try vault()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let survey = try await NoteSurvey(surveying: root)
        #expect(survey.conventions.folder == "" && survey.conventions.only == .tag("book"))
        #expect(survey.conventions.status == .tag("tags"))
        #expect(survey.otherNotes == ["2024-12-18.md", "Gardening.md"])
        var configuration = LibraryConfiguration.default
        configuration.notes = survey.conventions
        let library = try FileLibrary.create(at: root, configuration: configuration, today: { Day(year: 2026, month: 11, day: 27)! })
        let books = try await library.books()
        #expect(books.map(\.title) == ["Dune", "Kindred"])
        #expect(books.map(\.status) == [.finished, .reading])
        #expect(books.first?.rating == 4 && books.first?.finished?.description == "2024-12-18")

        _ = try await library.move("Kindred", to: .finished) { $0.rating = 5 }
        let kindred = try String(contentsOfFile: root + "/Kindred.md", encoding: .utf8)
        // The finish date, then the rating the closure sets, each after the note's last key,
        // in the library's forms (a link, a fraction).
        #expect(kindred == "---\ntags: [book, read]\nauthor: Octavia E. Butler\ndateRead: \"[[2026-11-27]]\"\nrating: 5/5\n---\n")
        #expect(try String(contentsOfFile: root + "/Gardening.md", encoding: .utf8) == "---\ntags: [idea]\nauthor: Me\n---\nPlant beans.\n")
        _ = try await library.undoLastWrite()
        #expect(try String(contentsOfFile: root + "/Kindred.md", encoding: .utf8) == "---\ntags: [book, reading]\nauthor: Octavia E. Butler\n---\n")
    }

    @Test func gitsMergeDriverTakesOnlyTheBookNotesAndSessions() async throws {
        let root = try vault()
        defer { try? FileManager.default.removeItem(atPath: root) }
        var configuration = LibraryConfiguration.default
        configuration.notes = try await NoteSurvey(surveying: root).conventions
        _ = try FileLibrary.create(at: root, configuration: configuration)
        func ours(_ path: String) throws -> [UInt8] { Array(try Data(contentsOf: URL(fileURLWithPath: root + "/" + path))) }
        #expect(BookFileMerge.mergesAsBook(atPath: root + "/Dune.md", ours: try ours("Dune.md")))
        #expect(!BookFileMerge.mergesAsBook(atPath: root + "/Gardening.md", ours: try ours("Gardening.md")))
        #expect(BookFileMerge.mergesAsBook(atPath: root + "/.shelf/sessions/Dune/2026-11-27-0740.md", ours: []))
    }

    /// Two devices that moved a vault's book to different statuses: as tags the set merge
    /// would keep both words, a book read and abandoned at once; the status conflicts instead,
    /// while a status changed on one side and a tag on the other merge cleanly.
    @Test func aStatusKeptAsATagConflictsWhenBothSidesChangedIt() throws {
        let conventions = NoteConventions(only: .tag("book"), status: .tag("tags"),
                                          words: [.finished: ["read"], .reading: ["reading"], .abandoned: ["dnf"]])
        func merge(_ base: String, _ ours: String, _ theirs: String) -> BookFileMerge? {
            BookFileMerge.merge(base: Array(base.utf8), ours: Array(ours.utf8), theirs: Array(theirs.utf8), path: "Dune.md",
                                    conventions: conventions) { _, ours, _ in (ours, false) }
        }
        let base = "---\ntags: [book, reading, sci-fi]\nauthor: Frank Herbert\n---\n"
        let read = "---\ntags: [book, read, sci-fi]\nauthor: Frank Herbert\n---\n"
        let dropped = "---\ntags: [book, dnf, sci-fi]\nauthor: Frank Herbert\n---\n"
        let both = try #require(merge(base, read, dropped))
        #expect(both.conflicts.map(\.key) == ["tags"])
        #expect(String(decoding: both.bytes, as: UTF8.self)
            == "---\ntags: {ours: [book, read, sci-fi], theirs: [book, dnf, sci-fi]}\nauthor: Frank Herbert\n---\n")
        // Without the map the lists merge as sets: both words stay (what the driver did before).
        let plain = try #require(BookFileMerge.merge(base: Array(base.utf8), ours: Array(read.utf8), theirs: Array(dropped.utf8),
                                                         path: "Dune.md") { _, ours, _ in (ours, false) })
        #expect(plain.isClean)
        #expect(String(decoding: plain.bytes, as: UTF8.self) == "---\ntags: [book, dnf, read, sci-fi]\nauthor: Frank Herbert\n---\n")

        let tagged = "---\ntags: [book, reading, sci-fi, favourite]\nauthor: Frank Herbert\n---\n"
        let one = try #require(merge(base, read, tagged))
        #expect(one.isClean)
        #expect(String(decoding: one.bytes, as: UTF8.self) == "---\ntags: [book, read, sci-fi, favourite]\nauthor: Frank Herbert\n---\n")
        let same = try #require(merge(base, read, read))
        #expect(same.isClean && same.bytes == Array(read.utf8))
    }

    @Test func aMapEditedByHandIsCheckedWithItsLine() throws {
        let yaml = "statuses: [to-read, reading, finished, abandoned]\nformat: 2\nnotes:\n  folder: Books\n  rating_scale: 7\n"
        #expect(throws: ShelfError.invalidValue(path: ".shelf/config.yaml", key: "notes.rating_scale", value: "7",
                                                 reason: "should be 5, 10 or 100", at: SourceLocation(line: 5, column: 17))) {
            try LibraryConfiguration(yaml: Array(yaml.utf8))
        }
        let unknown = "format: 2\nnotes:\n  folder: Books\n  colour: blue\n"
        #expect(throws: ShelfError.self) { try LibraryConfiguration(yaml: Array(unknown.utf8)) }
    }
}

/// Notes in styles the shared corpus does not hold, adopted as they are.
struct AdoptedStylesTests {
    private func adopt(_ notes: [String: String]) async throws -> (FileLibrary, String) {
        let root = try TemporaryFolder.make(in: TemporaryFolder.inMemory)
        for (path, text) in notes { try TemporaryFolder.write(text, to: root + "/" + path) }
        var configuration = LibraryConfiguration.default
        configuration.notes = try await NoteSurvey(surveying: root).conventions
        let library = try FileLibrary.create(at: root, configuration: configuration, today: { Day(year: 2026, month: 11, day: 27)! })
        return (library, root)
    }

    private func summary(_ library: FileLibrary) async throws -> [String] {
        try await library.books().map { book in
            [book.title, book.authors.joined(separator: "; "), book.status.name, book.rating.map { "\($0)" } ?? "-",
             book.finished?.description ?? "-"].joined(separator: " | ")
        }
    }

    @Test func obsidianBookSearchInKorean() async throws {
        let (library, root) = try await adopt([
            "Books/Project Hail Mary.md": "---\ntag: 📚Book\ntitle: \"Project Hail Mary\"\nauthor: [Andy Weir]\ntotal: 496\nstatus: 읽음\n---\n",
            "Books/Dune.md": "---\ntag: 📚Book\ntitle: \"Dune\"\nauthor: [Frank Herbert]\ntotal: 412\nstatus: 읽는중\n---\n",
            "Books/Emma.md": "---\ntag: 📚Book\ntitle: \"Emma\"\nauthor: [Jane Austen]\nstatus: 읽기전\n---\n",
            "Daily/2024-01-01.md": "# Monday\n",
        ])
        defer { try? FileManager.default.removeItem(atPath: root) }
        #expect(try await summary(library) == ["Dune | Frank Herbert | reading | - | -", "Emma | Jane Austen | to-read | - | -",
                                               "Project Hail Mary | Andy Weir | finished | - | -"])
        _ = try await library.move("Dune", to: .finished)
        #expect(try String(contentsOfFile: root + "/Books/Dune.md", encoding: .utf8)
                == "---\ntag: 📚Book\ntitle: \"Dune\"\nauthor: [Frank Herbert]\ntotal: 412\nstatus: 읽음\nfinished: 2026-11-27\n---\n")
    }

    @Test func goodreadsShelvesWithCapitalisedKeys() async throws {
        let (library, root) = try await adopt([
            "Reading/piranesi.md": "---\nTitle: Piranesi\nAuthor: Susanna Clarke\nexclusive_shelf: read\nmy_rating: 4\naverage_rating: 4.24\ndate_read: 2023/05/14\n---\n",
            "Reading/circe.md": "---\nTitle: Circe\nAuthor: Madeline Miller\nexclusive_shelf: to-read\nmy_rating: 0\naverage_rating: 4.27\n---\n",
        ])
        defer { try? FileManager.default.removeItem(atPath: root) }
        #expect(try await summary(library) == ["Circe | Madeline Miller | to-read | - | -",
                                               "Piranesi | Susanna Clarke | finished | 4.0 | 2023-05-14"])
    }

    @Test func dataviewFieldsInTheBodyAreReadAndWrittenThere() async throws {
        let (library, root) = try await adopt([
            "Library/The Hobbit.md": "# The Hobbit\n\nAuthor:: [[J.R.R. Tolkien]]\nStatus:: Read\nRating:: 4.5/5 ⭐\nFinished:: 2022-08-03\n",
            "Library/Kindred.md": "# Kindred\r\n\r\nAuthor:: [[Octavia E. Butler]]\r\nStatus:: 📖 Reading\r\nFinished:: \r\n",
        ])
        defer { try? FileManager.default.removeItem(atPath: root) }
        #expect(try await summary(library) == ["Kindred | Octavia E. Butler | reading | - | -",
                                               "The Hobbit | J.R.R. Tolkien | finished | 4.5 | 2022-08-03"])
        _ = try await library.move("Kindred", to: .finished)
        // The status and the finish written in the lines that held them, CRLF kept.
        #expect(try String(contentsOfFile: root + "/Library/Kindred.md", encoding: .utf8)
                == "# Kindred\r\n\r\nAuthor:: [[Octavia E. Butler]]\r\nStatus:: Read\r\nFinished:: 2026-11-27\r\n")
    }

    @Test func hugoPageBundlesAreBooksNamedByTheirFolders() async throws {
        let (library, root) = try await adopt([
            "content/books/_index.md": "---\ntitle: Books\n---\nMy books.\n",
            "content/books/dune/index.md": "---\ntitle: Dune\nauthor: Frank Herbert\nstatus: reading\n---\n",
            "content/books/dune/notes.md": "A resource of the bundle.\n",
            "content/books/emma.md": "---\ntitle: Emma\nauthor: Jane Austen\nstatus: read\n---\n",
            "content/posts/hello.md": "---\ntitle: Hello\ndate: 2024-01-01\n---\n",
        ])
        defer { try? FileManager.default.removeItem(atPath: root) }
        let books = try await library.books()
        #expect(books.map(\.id) == ["dune", "emma"])
        #expect(books.map(\.path) == ["content/books/dune/index.md", "content/books/emma.md"])
        _ = try await library.move("dune", to: .finished)
        #expect(try String(contentsOfFile: root + "/content/books/dune/index.md", encoding: .utf8)
                == "---\ntitle: Dune\nauthor: Frank Herbert\nstatus: read\nfinished: 2026-11-27\n---\n")
        // A bundle keeps its files together: it is not moved without them.
        await #expect(throws: ShelfError.self) { _ = try await library.move("dune", to: .finished, folder: "classics") }
        #expect(FileManager.default.fileExists(atPath: root + "/content/books/dune/notes.md"))
    }

    @Test func aVaultsOtherNotesAreNeitherListedNorProblemsAndANewBookPassesTheTest() async throws {
        let (library, root) = try await adopt([
            "Dune.md": "---\ntype: book\nauthor: Frank Herbert\nstatus: read\n---\n# Dune\n",
            "Emma.md": "---\ntype: book\nauthor: Jane Austen\nstatus: reading\n---\n",
            "Frank Herbert.md": "---\ntype: person\n---\n# Frank Herbert\n",
            "2024-01-01.md": "# Today\n",
        ])
        defer { try? FileManager.default.removeItem(atPath: root) }
        let listing = try await library.books(matching: Query.all, sortedBy: [], limit: nil)
        #expect(listing.items.map(\.id) == ["Dune", "Emma"])
        #expect(listing.problems.isEmpty)
        _ = try await library.add(Book(id: "", status: .toRead, title: "Kindred", authors: ["Octavia E. Butler"]), to: .toRead, in: "")
        #expect(try String(contentsOfFile: root + "/kindred.md", encoding: .utf8)
                == "---\ntitle: Kindred\ntype: book\nauthor: Octavia E. Butler\nadded: 2026-11-27\nstatus: to-read\n---\n")
        #expect(try await library.books().map(\.id) == ["Dune", "Emma", "kindred"])
        #expect(try await library.check().isEmpty)
    }
}
