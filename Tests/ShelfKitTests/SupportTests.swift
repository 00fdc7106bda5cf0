import Foundation
@testable import ShelfKit
import ShelfTestSupport
import Testing

/// Slugs, ISBNs, edit distance, session names and finding the library.
struct SupportTests {
    @Test(arguments: [
        ("Dune", "dune"),
        ("The Left Hand of Darkness", "the-left-hand-of-darkness"),
        ("Cien años de soledad", "cien-anos-de-soledad"),
        ("García Márquez: Crónica", "garcia-marquez-cronica"),
        ("Straße & Œuvre", "strasse-oeuvre"),
        ("Łódź", "lodz"),
        ("三体", "三体"),
        ("Анна Каренина", "анна-каренина"),
        ("  --Hello,   World!--  ", "hello-world"),
        ("Catch-22", "catch-22"),
        ("!!!", "book"),
        ("", "book"),
        ("e\u{301}te\u{301}", "ete"),
        ("Earth's Children", "earths-children"),
        ("Ender\u{2019}s Game", "enders-game"),
        ("Rock 'n' Roll", "rock-n-roll"),
        ("'Salem's Lot", "salems-lot"),
    ])
    func slugify(_ title: String, _ slug: String) {
        #expect(Slugifier.slug(for: title) == slug)
    }

    /// The walk takes `<slug>.md` for a book, by bytes; hidden files and other names are not.
    @Test(arguments: [
        ("dune.md", "dune"), ("García Márquez.md", "García Márquez"), ("a.md.md", "a.md"), ("x.md", "x"),
        (".md", nil), (".hidden.md", nil), ("notes.txt", nil), ("dune.MD", nil), ("dune.md~", nil), ("md", nil),
    ] as [(String, String?)])
    func bookFileNamesGiveSlugs(_ name: String, _ slug: String?) {
        #expect(LibraryWalk.slug(ofBookFile: name) == slug)
    }

    @Test func slugsAreCappedWithoutTrailingDash() {
        let slug = Slugifier.slug(for: String(repeating: "abcdefghi ", count: 20))
        #expect(slug.count <= 80 && !slug.hasSuffix("-"))
    }

    /// A long title is cut after its last whole word that fits; a word ending at the limit is kept
    /// whole, and one word longer than the limit is cut at it.
    @Test(arguments: [
        (String(repeating: "abcdefghi ", count: 12), 79),   // eight words and their dashes; the ninth would end at 89
        (String(repeating: "abcdefgh ", count: 12), 80),    // the ninth word ends at 80 exactly
        (String(repeating: "a", count: 40) + " " + String(repeating: "b", count: 40), 40),
        (String(repeating: "x", count: 100), 80),
    ])
    func longSlugsAreCutAtAWordBoundary(_ title: String, _ length: Int) {
        let slug = Slugifier.slug(for: title)
        #expect(slug.count == length)
        #expect(!slug.hasSuffix("-"))
    }

    @Test(arguments: [
        ("9780441172719", nil), ("978-0-441-17271-9", nil), ("0441172717", nil), ("0 441 17271 7", nil), ("080442957X", nil),
        ("9780441172718", "has a wrong check digit"),
        ("0441172718", "has a wrong check digit"),
        ("12345", "should have 10 or 13 digits, not 5"),
        ("97804411727AB", "has a character that is not a digit"),
    ] as [(String, String?)])
    func isbn(_ isbn: String, _ problem: String?) {
        #expect(ISBN.problem(with: isbn) == problem)
    }

    @Test func editDistanceCountsSwapsAsOne() {
        #expect(EditDistance.between("dnue", "dune") == 1)
        #expect(EditDistance.between("kitten", "sitting") == 3)
        #expect(EditDistance.between("", "abc") == 3)
    }

    /// One `parent(of:)` for library and system paths. Of the three it replaces, the engine's
    /// and the memory storage's said `""` for a name without a slash and the file system's said
    /// `.`; `""` is kept, the library root's own name, and the file system opens `.` for it.
    @Test(arguments: [
        ("finished/sci-fi/dune.md", "finished/sci-fi"), ("dune.md", ""), ("", ""), ("/books", "/"), ("/", "/"),
        ("/home/ada/books", "/home/ada"), ("to-read/\u{301}x.md", "to-read"),
    ])
    func parentOfAPath(_ path: String, _ parent: String) {
        #expect(Path.parent(of: path) == parent)
    }

    @Test func aNameThatWouldHideItsSlashIsRefused() {
        #expect(Path.name(of: "to-read/\u{301}x.md") == "\u{301}x.md", "the slash is found on bytes")
        #expect(throws: ShelfError.self) { try PathSafety.checkComponent("\u{301}x") }
        #expect(throws: ShelfError.self) { try PathSafety.checkComponent("a/\u{301}b") }
        #expect(throws: Never.self) { try PathSafety.checkComponent("e\u{301}té") }
    }

    @Test func bookAndSessionPathsPair() {
        let location = BookLocation(status: .finished, folder: "sci-fi", slug: "dune")
        #expect(location.path == "finished/sci-fi/dune.md")
        #expect(BookLocation.sessionFolder(ofBookPath: location.path) == location.sessionFolder)
        #expect(BookLocation.bookPath(ofSession: location.sessionFolder + "/2024-01-02.md") == location.path)
        #expect(BookID(bookPath: location.path) == "dune")
        #expect(BookID(bookPath: "finished/.dune.md") == nil)
    }

    @Test func temporaryNamesAreRecognised() {
        let name = FileSystem.StagedFile.temporaryName(for: "dune.md", process: 42, attempt: 3)
        #expect(name == ".dune.md.42.3.tmp")
        #expect(FileSystem.StagedFile.isTemporaryName(name, for: "dune.md"))
        #expect(!FileSystem.StagedFile.isTemporaryName(".dune.md.42.tmp", for: "dune.md"))
        #expect(!FileSystem.StagedFile.isTemporaryName(name, for: "dun.md"))
    }

    @Test func sessionFileNames() {
        #expect(SessionFileName("2024-01-02.md") == SessionFileName(day: day("2024-01-02"), sequence: 1))
        #expect(SessionFileName("2024-01-02-3.md")?.sequence == 3)
        #expect(SessionFileName("2024-01-02-1.md") == nil)
        #expect(SessionFileName("2024-01-02-03.md") == nil)
        #expect(SessionFileName("2024-02-30.md") == nil)
        #expect(SessionFileName("notes.md") == nil)
        #expect(SessionFileName(day: day("2024-01-02"), sequence: 2).name == "2024-01-02-2.md")
    }

    @Test func locatorFindsLibraries() throws {
        let root = try TemporaryFolder.make(with: [".shelf/config.yaml": "goal: 1\n", "finished/sci-fi/dune.md": "---\ntitle: Dune\n---\n"])
        defer { try? FileManager.default.removeItem(atPath: root) }
        let deep = root + "/finished/sci-fi"
        #expect(try LibraryLocator(environment: [:], currentDirectory: deep).locate() == root)
        #expect(try LibraryLocator(environment: ["SHELF_LIBRARY": root], currentDirectory: "/").locate() == root)
        #expect(try LibraryLocator(environment: ["SHELF_LIBRARY": deep], currentDirectory: "/").locate(explicit: root) == root)
        #expect(try LibraryLocator(environment: [:], currentDirectory: deep).locate(explicit: "../..") == deep + "/../..")
        #expect(try LibraryLocator(environment: [:], currentDirectory: root).locate(explicit: "./") == root)
        let empty = try TemporaryFolder.make()
        defer { try? FileManager.default.removeItem(atPath: empty) }
        #expect(throws: ShelfError.libraryNotFound(searchedFrom: empty)) {
            try LibraryLocator(environment: [:], currentDirectory: empty).locate()
        }
        #expect(throws: ShelfError.libraryNotFound(searchedFrom: root + "/missing")) {
            try LibraryLocator(environment: [:], currentDirectory: root).locate(explicit: "missing")
        }
    }

    /// A folder named as the library must hold `.shelf/`: any other folder would become one
    /// the moment a command wrote its index or a book there.
    @Test func locatorRefusesAFolderThatIsNotALibrary() throws {
        let root = try TemporaryFolder.make(with: [".shelf/config.yaml": "goal: 1\n", "finished/sci-fi/dune.md": "---\ntitle: Dune\n---\n"])
        defer { try? FileManager.default.removeItem(atPath: root) }
        let plain = try TemporaryFolder.makeFolder(with: ["notes.md": "---\ntitle: Notes\n---\n"])
        defer { try? FileManager.default.removeItem(atPath: plain) }
        let deep = root + "/finished/sci-fi"
        #expect(throws: ShelfError.notALibrary(path: deep, enclosingLibrary: root)) {
            try LibraryLocator(environment: ["SHELF_LIBRARY": deep], currentDirectory: "/").locate()
        }
        #expect(throws: ShelfError.notALibrary(path: root + "/finished", enclosingLibrary: root)) {
            try LibraryLocator(environment: [:], currentDirectory: root).locate(explicit: "finished")
        }
        #expect(throws: ShelfError.notALibrary(path: plain, enclosingLibrary: nil)) {
            try LibraryLocator(environment: [:], currentDirectory: root).locate(explicit: plain + "/.")
        }
        #expect(throws: ShelfError.notALibrary(path: plain, enclosingLibrary: nil)) {
            try LibraryLocator(environment: ["SHELF_LIBRARY": plain], currentDirectory: root).locate()
        }
        #expect(LibraryLocator.isLibrary(root))
        #expect(!LibraryLocator.isLibrary(deep))
        #expect(LibraryLocator.enclosingLibrary(of: deep + "/not-yet") == root)
        #expect(LibraryLocator.enclosingLibrary(of: plain) == nil)
        // ShelfKit opens no folder that is not a library, so no write can make it one unasked.
        #expect(throws: ShelfError.notALibrary(path: plain, enclosingLibrary: nil)) { try FileLibrary(root: plain) }
        #expect(FileManager.default.fileExists(atPath: plain + "/.shelf") == false)
    }

    @Test func createRefusesALibraryInsideAnotherUnlessAsked() throws {
        let root = try TemporaryFolder.make()
        defer { try? FileManager.default.removeItem(atPath: root) }
        _ = try FileLibrary.create(at: root + "/books")
        #expect(throws: ShelfError.insideLibrary(path: root + "/books/finished/club", library: root + "/books")) {
            try FileLibrary.create(at: root + "/books/finished/club")
        }
        #expect(throws: ShelfError.insideLibrary(path: root + "/books/finished", library: root + "/books")) {
            try FileLibrary.create(at: root + "/books/finished/.")
        }
        #expect(!FileManager.default.fileExists(atPath: root + "/books/finished/club"))
        #expect(!FileManager.default.fileExists(atPath: root + "/books/finished/.shelf"))
        #expect(throws: ShelfError.alreadyExists(path: root + "/books/.shelf")) {
            try FileLibrary.create(at: root + "/books/")
        }
        let club = try FileLibrary.create(at: root + "/books/finished/club", insideLibrary: true)
        #expect(club.root == root + "/books/finished/club")
        #expect(LibraryLocator.isLibrary(club.root))
    }

    @Test func createMakesALibrary() async throws {
        let root = try TemporaryFolder.make()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let library = try FileLibrary.create(at: root + "/books", configuration: LibraryConfiguration(goal: 30))
        #expect(library.configuration.goal == 30)
        #expect(FileManager.default.fileExists(atPath: root + "/books/to-read"))
        #expect(try String(contentsOfFile: root + "/books/.shelf/config.yaml", encoding: .utf8)
                == "# Statuses, in reading order. Each one is a top-level folder.\nstatuses: [to-read, reading, finished, abandoned]\ngoal: 30\n"
                + "# The version of the files' layout; a newer shelf that changes it says so.\nformat: 1\n")
        #expect(throws: ShelfError.alreadyExists(path: root + "/books/.shelf")) { try FileLibrary.create(at: root + "/books") }
    }

    @Test func writesKeepPermissions() async throws {
        let root = try TemporaryFolder.make(with: ["finished/dune.md": "---\ntitle: Dune\n---\n"])
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: root + "/finished/dune.md")
        let library = try FileLibrary(root: root)
        var dune = try await library.book("dune")
        dune.rating = 5
        try await library.update(dune)
        let attributes = try FileManager.default.attributesOfItem(atPath: root + "/finished/dune.md")
        #expect((attributes[.posixPermissions] as? Int) == 0o640)
        #expect(try FileManager.default.contentsOfDirectory(atPath: root + "/finished") == ["dune.md"])
    }

    /// `readdir` records are only as long as their names: a name is read up to its NUL and no
    /// further. The record here ends at a page that cannot be read; copying the whole 256-byte
    /// `d_name` field, as the walk once did, crashes on it.
    @Test func aDirectoryEntryIsReadNoFurtherThanItsName() throws {
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        guard let memory = mmap(nil, 2 * page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
              memory != MAP_FAILED else {
            Issue.record("mmap failed")
            return
        }
        defer { munmap(memory, 2 * page) }
        #expect(mprotect(memory + page, page, PROT_NONE) == 0)
        // Header (19 bytes), "dune" and its NUL: 24 bytes, ending where the readable page ends.
        let name = Array("dune".utf8) + [0]
        let offset = try #require(MemoryLayout<dirent>.offset(of: \dirent.d_name))
        let record = memory + page - offset - name.count
        #expect(Int(bitPattern: record) % MemoryLayout<dirent>.alignment == 0)
        (record + offset).copyMemory(from: name, byteCount: name.count)
        let entry = FileSystem.entryName(record.bindMemory(to: dirent.self, capacity: 1))
        #expect(entry.name == "dune" && entry.isUTF8)
    }
}
