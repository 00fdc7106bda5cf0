import Foundation
import ShelfTestSupport
import Testing

/// What `shelf import` says at the end and how it exits: problems told once per reason, an
/// import that reads nothing failing, rows without a status counted, files it cannot decode.
struct ImportOutcomeTests {
    static let goodreadsHeader = "Title,Author,Exclusive Shelf,My Rating\n"

    /// Seven rows whose rating is not a whole number.
    static let unreadable = goodreadsHeader + (1...7).map { "Book \($0),Someone,read,4.5\n" }.joined()

    @Test func everyRowSkippedFailsAndEachReasonIsToldOnce() throws {
        let library = try ExampleLibrary()
        try library.write("import/goodreads.csv", Self.unreadable)
        let result = try library.shelf(["import", "goodreads", "goodreads.csv"], in: "import")
        let told = (2...6).map { "shelf: warning: goodreads.csv:\($0):4: My Rating should be a whole number, found \"4.5\"; row skipped\n" }
        expectRun(result, status: 1,
                  stdout: "Imported goodreads.csv: 0 added, 0 updated, 0 unchanged, 7 skipped\n",
                  stderr: told.joined()
                      + "shelf: warning: 2 more rows skipped: My Rating should be a whole number (lines 7, 8)\n"
                      + "shelf: none of the 7 rows of goodreads.csv could be read (see the warnings above); nothing was imported\n")
        #expect(try library.status() == "A  import/goodreads.csv\n")
    }

    @Test func aDryRunListsEveryRowAndFailsToo() throws {
        let library = try ExampleLibrary()
        try library.write("import/goodreads.csv", Self.unreadable)
        let result = try library.shelf(["import", "goodreads", "goodreads.csv", "--dry-run"], in: "import")
        #expect(result.status == 1, "\(result)")
        #expect(result.stdout.split(separator: "\n").filter { $0.hasPrefix("skip    ") }.count == 7, "\(result)")
        #expect(result.stdout.hasSuffix("Dry run, nothing written: 0 added, 0 updated, 0 unchanged, 7 skipped\n"))
        #expect(result.stderr.hasSuffix("shelf: none of the 7 rows of goodreads.csv could be read (see the warnings above); "
            + "nothing would be imported\n"), "\(result)")
    }

    @Test func aPathThatIsNoFileSaysWhatItIs() throws {
        let library = try ExampleLibrary()
        try library.write("import/goodreads.csv", Self.goodreadsHeader)
        expectRun(try library.shelf(["import", "goodreads", "."], in: "import"), status: 1, stdout: "",
                  stderr: "shelf: . is a folder; name the export's CSV file in it\n")
        expectRun(try library.shelf(["import", "goodreads", "missing.csv"], in: "import"), status: 1, stdout: "",
                  stderr: "shelf: missing.csv: no such file\n")
        #expect(try library.status() == "A  import/goodreads.csv\n")
    }

    /// A StoryGraph export given as Goodreads': the library says whose export it is, and the
    /// CLI the command that imports it, its path quoted for the shell.
    @Test func theOtherServicesExportNamesItsCommand() throws {
        let library = try ExampleLibrary()
        try library.write("import/my export.csv", "Title,Authors,ISBN/UID,Read Status\nDune,Frank Herbert,,read\n")
        expectRun(try library.shelf(["import", "goodreads", "my export.csv"], in: "import"), status: 1, stdout: "",
                  stderr: "shelf: my export.csv:1:1: line 1 is the header of a StoryGraph export, not of a Goodreads one "
                      + "(it has the columns Authors, Read Status); import it as a StoryGraph export "
                      + "with `shelf import storygraph 'my export.csv'`\n")
        #expect(try library.status() == "A  \"import/my export.csv\"\n")
    }

    @Test func aFileWithoutRowsFails() throws {
        let library = try ExampleLibrary()
        try library.write("import/goodreads.csv", Self.goodreadsHeader)
        expectRun(try library.shelf(["import", "goodreads", "goodreads.csv"], in: "import"), status: 1,
                  stdout: "Imported goodreads.csv: 0 added, 0 updated, 0 unchanged, 0 skipped\n",
                  stderr: "shelf: goodreads.csv has no rows below its header; nothing was imported\n")
    }

    @Test func someRowsReadIsASuccess() throws {
        let library = try ExampleLibrary()
        try library.write("import/goodreads.csv", Self.unreadable + "Dune Messiah,Frank Herbert,read,4.0\n")
        let result = try library.shelf(["import", "goodreads", "goodreads.csv"], in: "import")
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == "Imported goodreads.csv: 1 added, 0 updated, 0 unchanged, 7 skipped\n")
        #expect(try library.read("finished/dune-messiah.md").contains("rating: 4\n"))
    }

    @Test func rowsWithoutAReadStatusAreCountedInTheSummary() throws {
        let library = try ExampleLibrary()
        try library.write("import/storygraph.csv", "Title,Authors,Read Status,Owned?\nMister Concierge,B. Love,,Yes\nDune Messiah,Frank Herbert,read,\n")
        expectRun(try library.shelf(["import", "storygraph", "storygraph.csv"], in: "import"),
                  stdout: "Imported storygraph.csv: 2 added, 0 updated, 0 unchanged, 0 skipped; 1 row had no Read Status "
                      + "and was read as to-read (map them with --status none=STATUS)\n")
        #expect(library.exists("to-read/mister-concierge.md"))

        let mapped = try ExampleLibrary()
        try mapped.write("import/storygraph.csv", "Title,Authors,Read Status,Owned?\nMister Concierge,B. Love,,Yes\n")
        expectRun(try mapped.shelf(["import", "storygraph", "storygraph.csv", "--status", "none=abandoned"], in: "import"),
                  stdout: "Imported storygraph.csv: 1 added, 0 updated, 0 unchanged, 0 skipped; 1 row had no Read Status "
                      + "and was read as abandoned\n")
        #expect(mapped.exists("abandoned/mister-concierge.md"))

        let toRead = try ExampleLibrary()
        try toRead.write("import/storygraph.csv", "Title,Authors,Read Status,Owned?\nMister Concierge,B. Love,,Yes\n")
        expectRun(try toRead.shelf(["import", "storygraph", "storygraph.csv", "--status", "to-read=abandoned"], in: "import"),
                  stdout: "Imported storygraph.csv: 1 added, 0 updated, 0 unchanged, 0 skipped; 1 row had no Read Status "
                      + "and was read as abandoned (map them with --status none=STATUS)\n")
        #expect(toRead.exists("abandoned/mister-concierge.md"))
    }

    @Test func aSpreadsheetResaveImports() throws {
        let library = try ExampleLibrary()
        try library.write("import/storygraph.csv", """
            Title,Authors,Contributors,ISBN/UID,Format,Read Status,Date Added,Last Date Read\r
            Red at the Bone,Jacqueline Woodson,,9.78053E+12,hardcover,to-read,4/8/2022,\r
            Mister Concierge,B. Love,,,digital,read,4/1/2024,3/27/2024\r
            "84, Charing Cross Road",Helene Hanff,,140143505,paperback,read,10/12/2022,10/13/2022\r

            """)
        let result = try library.shelf(["import", "storygraph", "storygraph.csv"], in: "import")
        expectRun(result,
                  stdout: "Imported storygraph.csv: 3 added, 0 updated, 0 unchanged, 0 skipped\n",
                  stderr: "shelf: warning: storygraph.csv:2:4: ISBN/UID was rounded by a spreadsheet to scientific notation; "
                      + "its digits are lost, so the book gets no isbn (format the column as text before saving, or import "
                      + "a fresh export), found \"9.78053E+12\"\n")
        #expect(try library.read("finished/mister-concierge.md").contains("added: 2024-04-01\nfinished: 2024-03-27\n"))
        #expect(try library.read("finished/84-charing-cross-road.md").contains("isbn: \"0140143505\"\n"))
        #expect(try !library.read("to-read/red-at-the-bone.md").contains("isbn"))
        #expect(try library.shelf("check").status == 0)
    }

    @Test func aFileNotInUTF8IsRefusedWithWhereAndWhy() throws {
        let library = try ExampleLibrary()
        let latin1 = Data("Title,Author,Exclusive Shelf\nLes Mis".utf8) + Data([0xE9]) + Data("rables,Victor Hugo,read\n".utf8)
        try FileManager.default.createDirectory(at: library.root.appendingPathComponent("import"), withIntermediateDirectories: true)
        try latin1.write(to: library.root.appendingPathComponent("import/goodreads.csv"))
        expectRun(try library.shelf(["import", "goodreads", "goodreads.csv"], in: "import"), status: 1,
                  stderr: "shelf: goodreads.csv:2:8: file is not UTF-8 text: byte 0xE9 is not UTF-8. It may be in a legacy "
                      + "code page such as Windows-1252, as Excel's plain \"CSV\" saves; save it as \"CSV UTF-8\", or convert "
                      + "it: iconv -f WINDOWS-1252 -t UTF-8 FILE > FILE-utf8.csv\n")
    }
}
