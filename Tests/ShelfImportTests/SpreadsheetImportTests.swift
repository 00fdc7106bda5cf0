import Foundation
@testable import ShelfKit
@testable import ShelfInterchange
import Testing

/// Exports as people have them after a spreadsheet re-saved them: numbers and dates rewritten,
/// ISBNs turned into numbers, other separators and encodings, the header lost.
struct SpreadsheetImportTests {
    static func read(_ csv: String, _ format: ImportFormat = .goodreads, options: ImportOptions = ImportOptions(),
                     path: String = "export.csv") throws -> ImportRows {
        try LibraryImporter(format: format, options: options).read(csv, path: path, configuration: .default)
    }

    static func book(_ rows: ImportRows, _ index: Int = 0, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> Book {
        try #require(rows.books.indices.contains(index), "\(rows)", sourceLocation: sourceLocation)
        return rows.books[index].book
    }

    @Test func zeroPagesIsUnknown() throws {
        let rows = try Self.read("Title,Author,Exclusive Shelf,Number of Pages\nDune,Frank Herbert,read,0\nEmma,Jane Austen,read,474\n")
        #expect(try Self.book(rows, 0).pages == nil)
        #expect(try Self.book(rows, 1).pages == 474)
    }

    @Test func goodreadsRowResavedByASpreadsheet() throws {
        let csv = "Book Id,Title,Author,ISBN,ISBN13,My Rating,Number of Pages,Year Published,Original Publication Year,"
            + "Date Read,Date Added,Exclusive Shelf,Read Count\r\n"
            + "7235533,The Way of Kings,Brandon Sanderson,765326353,9780765326355,5.0,\"1,007\",2010.0,2010.0,"
            + "2023/3/14,2023-01-02,read, 2 \r\n"
        let rows = try Self.read(csv)
        #expect(rows.skipped.isEmpty, "\(rows.skipped)")
        let book = try Self.book(rows)
        #expect(book.rating == 5)
        #expect(book.pages == 1007)
        #expect(book.published == Publication.year(2010))
        #expect(book.finished == Day(year: 2023, month: 3, day: 14))
        #expect(book.added == Day(year: 2023, month: 1, day: 2))
        #expect(book.isbn == "9780765326355")
        #expect(book.extra.first { $0.key == "read_count" }?.value == .int(2))
    }

    @Test(arguments: [
        ("5", 5), (" 5 ", 5), ("5.0", 5), ("5,0", 5), ("5,00", 5), ("1965.0", 1965), ("-700", -700), ("-700.0", -700),
        ("1,007", 1007), ("1.007", 1007), ("1 007", 1007), ("1\u{00A0}007", 1007), ("1'007", 1007),
        ("1,007.0", 1007), ("1.007,0", 1007), ("12,345,678", 12_345_678),
    ])
    func wholeNumbersAsSpreadsheetsWriteThem(text: String, value: Int) {
        #expect(SpreadsheetNumber.whole(text) == value)
    }

    @Test(arguments: ["4.5", "5,5", "12,34", "1,007,0", "1,0070", "1.00.0", "", "-", "five", "1e3", "0x10", "1,2,3"])
    func notWholeNumbers(text: String) {
        #expect(SpreadsheetNumber.whole(text) == nil)
    }

    @Test func decimalsWithAPointOrAComma() {
        #expect(SpreadsheetNumber.decimal("4.25") == 4.25)
        #expect(SpreadsheetNumber.decimal("4,25") == 4.25)
        #expect(SpreadsheetNumber.decimal("4") == 4)
        #expect(SpreadsheetNumber.decimal("nan") == nil)
        #expect(SpreadsheetNumber.decimal("inf") == nil)
        #expect(SpreadsheetNumber.decimal("4,2,5") == nil)
    }

    @Test func aWholeNumberWithAFractionIsStillRefused() throws {
        let rows = try Self.read("Title,Author,Exclusive Shelf,My Rating\nDune,Frank Herbert,read,4.5\n")
        #expect(rows.books.isEmpty)
        #expect(rows.skipped.map(\.description) == [
            "export.csv:2:4: My Rating should be a whole number, found \"4.5\"; row skipped",
        ])
    }

    @Test func storyGraphStarRatingWithADecimalComma() throws {
        let rows = try Self.read("Title;Authors;Read Status;Star Rating\nDune;Frank Herbert;read;4,5\n", .storygraph)
        #expect(try Self.book(rows).rating == 4.5)
    }

    // MARK: Dates

    static let storyGraphDates = "Title,Authors,Read Status,Date Added,Last Date Read\n"

    @Test func usDatesAsExcelWritesThem() throws {
        let rows = try Self.read(Self.storyGraphDates + "A,X,read,10/12/2022,10/13/2022\nB,X,read,4/1/2024,3/27/2024 0:00\n", .storygraph)
        #expect(rows.warnings.isEmpty, "\(rows.warnings)")
        #expect(try Self.book(rows, 0).added == Day(year: 2022, month: 10, day: 12))
        #expect(try Self.book(rows, 1).added == Day(year: 2024, month: 4, day: 1))
        #expect(try Self.book(rows, 1).finished == Day(year: 2024, month: 3, day: 27))
    }

    @Test func oneDayFirstDateMakesTheWholeFileDayFirst() throws {
        let rows = try Self.read(Self.storyGraphDates + "A,X,read,3/4/2026,\nB,X,read,24/7/2026,\n", .storygraph)
        #expect(rows.warnings.isEmpty, "\(rows.warnings)")
        #expect(try Self.book(rows, 0).added == Day(year: 2026, month: 4, day: 3))
        #expect(try Self.book(rows, 1).added == Day(year: 2026, month: 7, day: 24))
    }

    @Test func datesThatCannotBeToldApartAreMonthFirstAndSaidOnce() throws {
        let rows = try Self.read(Self.storyGraphDates + "A,X,read,3/4/2026,3/5/2026\nB,X,read,5/6/2026,\n", .storygraph)
        #expect(try Self.book(rows, 0).added == Day(year: 2026, month: 3, day: 4))
        #expect(try Self.book(rows, 1).added == Day(year: 2026, month: 5, day: 6))
        #expect(rows.warnings.map(\.description) == [
            "export.csv:2:4: Date Added could be month/day or day/month, and no date in the file tells which; all were "
                + "read as month/day, as US spreadsheets write dates (import with --date-order day-month if they are not), "
                + "found \"3/4/2026\"",
        ])
    }

    @Test func datesThatReadTheSameEitherWayNeedNoWarning() throws {
        let rows = try Self.read(Self.storyGraphDates + "A,X,read,1/1/2026,\nB,X,read,7/7/2026,\n", .storygraph)
        #expect(try Self.book(rows, 1).added == Day(year: 2026, month: 7, day: 7))
        #expect(rows.warnings.isEmpty)
    }

    @Test func theDayOrderChosenWins() throws {
        let rows = try Self.read(Self.storyGraphDates + "A,X,read,3/4/2026,\n", .storygraph,
                                 options: ImportOptions(dayOrder: .dayFirst))
        #expect(rows.warnings.isEmpty)
        #expect(try Self.book(rows).added == Day(year: 2026, month: 4, day: 3))
    }

    @Test func dottedDatesAreDayFirst() throws {
        let rows = try Self.read(Self.storyGraphDates + "A,X,read,03.04.2026,\n", .storygraph)
        #expect(try Self.book(rows).added == Day(year: 2026, month: 4, day: 3))
        #expect(rows.warnings.count == 1)
    }

    @Test func datesWrittenBothWaysKeepTheReadingThatFitsMore() throws {
        let rows = try Self.read(Self.storyGraphDates + "A,X,read,7/24/2026,\nB,X,read,7/25/2026,\nC,X,read,24/7/2026,\n",
                                 .storygraph)
        #expect(rows.books.map(\.book.added) == [Day(year: 2026, month: 7, day: 24), Day(year: 2026, month: 7, day: 25)])
        #expect(rows.skipped.map(\.description) == [
            "export.csv:4:4: Date Added should be a date (YYYY/MM/DD), found \"24/7/2026\"; row skipped",
        ])
        #expect(rows.warnings.count == 1)
        #expect(rows.warnings.first?.message.contains("1 of 3 dates do not fit") == true)
    }

    @Test func datesReadTakeTheFilesOrder() throws {
        let csv = "Title,Authors,Read Status,Dates Read\nA,X,read,24/7/2026\nB,X,read,1/2/2026-3/2/2026\n"
        let rows = try Self.read(csv, .storygraph)
        #expect(try Self.book(rows, 0).finished == Day(year: 2026, month: 7, day: 24))
        #expect(try Self.book(rows, 1).started == Day(year: 2026, month: 2, day: 1))
        #expect(try Self.book(rows, 1).finished == Day(year: 2026, month: 2, day: 3))
    }

    @Test func badDatesAreStillRefused() throws {
        for text in ["2026/13/01", "13/13/2026", "7/24/2026/1", "2026/7/24/1", "Jul 24", "7/24/126", "24 Jux 2026", "Feb 30, 2026"] {
            #expect(ImportDate.day(text) == nil, "\(text)")
            #expect(ImportDate.day(text, order: .dayFirst) == nil, "\(text)")
        }
        #expect(ImportDate.day("2026/7/24 12:30:00") == Day(year: 2026, month: 7, day: 24))
        #expect(ImportDate.day("7/24/2026 9:05 PM") == Day(year: 2026, month: 7, day: 24))
    }

    @Test func excelsSeparatorLineNamesTheSeparator() throws {
        let csv = "sep=;\r\nTitle;Author;Exclusive Shelf;My Rating\r\nDune;Frank Herbert;read;5\r\nShort;row\r\n"
        let rows = try LibraryImporter(format: .goodreads).read(csv, path: "x.csv", configuration: .default)
        #expect(rows.books.map(\.book.title) == ["Dune"])
        #expect(rows.books.first?.line == 3, "the header is line 2")
        #expect(rows.skipped.map(\.description) == ["x.csv:4:1: has 2 fields, the header has 4; row skipped"])
        #expect(throws: ShelfError.self) {
            try LibraryImporter(format: .goodreads).read("sep=;\nName;Year\n", path: "x.csv", configuration: .default)
        }
        do {
            _ = try LibraryImporter(format: .goodreads).read("sep=;\nName;Year\n", path: "x.csv", configuration: .default)
        } catch {
            #expect(error.description.hasPrefix("x.csv:2:1: "), "the header is pointed at on its own line: \(error)")
        }
    }

    @Test(arguments: ["24-Jul-2026", "24-Jul-26", "24 July 2026", "Jul 24, 2026", "July 24 2026", "2026 Jul 24", "24. Jul. 2026"])
    func datesWithTheMonthsNameAreRead(_ text: String) {
        #expect(ImportDate.day(text) == Day(year: 2026, month: 7, day: 24))
        #expect(ImportDate.day(text, order: .dayFirst) == Day(year: 2026, month: 7, day: 24))
    }

    @Test func twoDigitYearsAreReadAsSpreadsheetsReadThem() {
        #expect(ImportDate.day("7/24/26") == Day(year: 2026, month: 7, day: 24))
        #expect(ImportDate.day("1/2/20", order: .dayFirst) == Day(year: 2020, month: 2, day: 1))
        #expect(ImportDate.day("3/4/95") == Day(year: 1995, month: 3, day: 4))
        #expect(ImportDate.day("24.07.29", order: .dayFirst) == Day(year: 2029, month: 7, day: 24))
        #expect(ImportDate.day("24.07.30", order: .dayFirst) == Day(year: 1930, month: 7, day: 24))
    }

    // MARK: ISBNs

    @Test func anISBNInScientificNotationIsDroppedWithAWarning() throws {
        let csv = "Title,Authors,Contributors,ISBN/UID,Read Status\nRed at the Bone,Jacqueline Woodson,,9.78053E+12,to-read\n"
        let rows = try Self.read(csv, .storygraph)
        let book = try Self.book(rows)
        #expect(book.isbn == nil)
        #expect(!book.extra.contains { $0.key == "storygraph_uid" || $0.key == "isbn_invalid" })
        #expect(rows.warnings.map(\.description) == [
            "export.csv:2:4: ISBN/UID was rounded by a spreadsheet to scientific notation; its digits are lost, so the "
                + "book gets no isbn (format the column as text before saving, or import a fresh export), found \"9.78053E+12\"",
        ])
    }

    @Test func goodreadsISBN13InScientificNotationFallsBackOnTheISBN() throws {
        let header = "Title,Author,ISBN,ISBN13,Exclusive Shelf\n"
        let kept = try Self.read(header + "Dune,Frank Herbert,0441172717,9.78044E+12,read\n")
        #expect(try Self.book(kept).isbn == "0441172717")
        #expect(kept.warnings.isEmpty)
        let lost = try Self.read(header + "Dune,Frank Herbert,,9.78044E+12,read\n")
        #expect(try Self.book(lost).isbn == nil)
        #expect(lost.warnings.map { "\($0.line):\($0.column)" } == ["2:4"])
    }

    @Test func anISBN10ThatLostItsLeadingZero() throws {
        let csv = "Title,Authors,ISBN/UID,Read Status\n\"84, Charing Cross Road\",Helene Hanff,140143505,read\n"
        #expect(try Self.book(try Self.read(csv, .storygraph)).isbn == "0140143505")
        #expect(ISBN.spreadsheetRepaired("9780441172719.0") == "9780441172719")
        #expect(ISBN.spreadsheetRepaired("38549081") == "38549081")
        #expect(ISBN.isScientificNotation("9.78E+12"))
        #expect(ISBN.isScientificNotation("1E5"))
        #expect(ISBN.isScientificNotation("B00ZVA3XL6") == false)
        #expect(ISBN.isScientificNotation("E+12") == false)
    }

    // MARK: The file

    @Test func semicolonSeparatedAsEuropeanExcelSaves() throws {
        let csv = "Title;Author;Exclusive Shelf;My Rating;Number of Pages\r\n\"Dune; the novel\";Frank Herbert;read;5,0;1.007\r\n"
        let rows = try Self.read(csv)
        let book = try Self.book(rows)
        #expect(book.title == "Dune; the novel")
        #expect(book.rating == 5)
        #expect(book.pages == 1007)
    }

    @Test func tabSeparated() throws {
        let rows = try Self.read("Title\tAuthor\tExclusive Shelf\nDune, the novel\tFrank Herbert\tread\n")
        #expect(try Self.book(rows).title == "Dune, the novel")
    }

    @Test func encodings() throws {
        let csv = "Title,Author,Exclusive Shelf\nLes Misérables,Victor Hugo,read\n"
        func utf16(_ littleEndian: Bool, mark: Bool) -> [UInt8] {
            let units = (mark ? [UInt16(0xFEFF)] : []) + Array(csv.utf16)
            return units.flatMap { littleEndian ? [UInt8($0 & 0xFF), UInt8($0 >> 8)] : [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        }
        for bytes in [utf16(true, mark: true), utf16(false, mark: true), utf16(true, mark: false), utf16(false, mark: false),
                      [0xEF, 0xBB, 0xBF] + Array(csv.utf8)] {
            let text = try ImportFileText.decode(bytes, path: "export.csv")
            #expect(try Self.book(try Self.read(text)).title == "Les Misérables")
        }
        let latin1 = csv.unicodeScalars.map { UInt8(truncatingIfNeeded: $0.value) }
        #expect {
            try ImportFileText.decode(latin1, path: "export.csv")
        } throws: { error in
            "\(error)".hasPrefix("export.csv:2:8: file is not UTF-8 text: byte 0xE9 is not UTF-8. It may be in a legacy "
                + "code page such as Windows-1252")
        }
    }

    @Test func aFileThatLostItsHeaderRow() throws {
        let row = "7235533,The Way of Kings (The Stormlight Archive #1),Brandon Sanderson,\"Sanderson, Brandon\",,"
            + "\"=\"\"0765326353\"\"\",\"=\"\"9780765326355\"\"\",5,4.65,Tor Books,Hardcover,1007,2010,2010,2023/03/14,"
            + "2023/01/02,,,read,,,,1,0\n"
        #expect {
            try Self.read(row + row)
        } throws: { error in
            "\(error)" == "export.csv:1:1: line 1 is not the header of a Goodreads export: it has none of its columns "
                + "(Title, Author, Exclusive Shelf), and its 24 fields look like a book in Goodreads' 24-column export "
                + "(Book Id \"7235533\", Title \"The Way of Kings (The Stormlight Archiv…\", Author \"Brandon Sanderson\"). "
                + "The file may have lost its header row: add the first line of a fresh Goodreads export above it"
        }
        #expect {
            try Self.read("The Lessons We Learn,Alexandra Warren,,,,read,10/12/2022,10/13/2022\n", .storygraph)
        } throws: { error in
            "\(error)" == "export.csv:1:1: line 1 is not the header of a StoryGraph export: it has none of its columns "
                + "(Title, Authors, Read Status); it begins \"The Lessons We Learn,Alexandra Warren,,…\". If that is a book, "
                + "the file lost its header row: add the first line of a fresh StoryGraph export above it"
        }
    }

    @Test func theOtherServicesExport() throws {
        #expect {
            try Self.read("Title,Authors,ISBN/UID,Read Status\nDune,Frank Herbert,,read\n", .goodreads, path: "sg.csv")
        } throws: { error in
            "\(error)" == "sg.csv:1:1: line 1 is the header of a StoryGraph export, not of a Goodreads one (it has the "
                + "columns Authors, Read Status); import it as a StoryGraph export"
        }
        #expect {
            try Self.read("Book Id,Title,Author,Exclusive Shelf\n1,Dune,Frank Herbert,read\n", .storygraph, path: "gr.csv")
        } throws: { error in
            "\(error)" == "gr.csv:1:1: line 1 is the header of a Goodreads export, not of a StoryGraph one (it has the "
                + "columns Author, Exclusive Shelf); import it as a Goodreads export"
        }
        #expect {
            try Self.read("Title,Writer,Shelf\nDune,Frank Herbert,read\n")
        } throws: { error in
            "\(error)" == "export.csv:1:1: header lacks the columns Author, Exclusive Shelf; is this a Goodreads export?, "
                + "found \"Title,Writer,Shelf\""
        }
    }

    // MARK: Rows without a status

    @Test func rowsWithoutAStatusAreCounted() async throws {
        let csv = "Title,Authors,Read Status,Owned?\nA,X,,Yes\nB,X,read,\nC,X, ,Yes\n"
        let rows = try Self.read(csv, .storygraph)
        #expect(rows.withoutStatus == 2)
        #expect(rows.books.map(\.status) == [.toRead, .finished, .toRead])
        let plan = LibraryImporter(format: .storygraph).plan(rows, existing: [], configuration: .default)
        #expect(plan.summary == ImportSummary(added: 3, updated: 0, unchanged: 0, skipped: 0))
        #expect(plan.withoutStatus == 2)

        let mapped = try Self.read(csv, .storygraph, options: ImportOptions(statuses: ["none": .abandoned]))
        #expect(mapped.books.map(\.status) == [.abandoned, .finished, .abandoned])
        #expect(mapped.books.map(\.book.status) == [.abandoned, .finished, .abandoned])
    }

    @Test func goodreadsRowsWithoutAnExclusiveShelf() throws {
        let rows = try Self.read("Title,Author,Exclusive Shelf\nDune,Frank Herbert,\nEmma,Jane Austen,read\n")
        #expect(rows.withoutStatus == 1)
    }

    // MARK: Grouping

    @Test func problemsGroupByTheirReasonWithoutTheValueFound() {
        let problems = [
            Problem(path: "f.csv", line: 2, column: 7, message: "Date Added should be a date (YYYY/MM/DD), found \"3/26/2022\"; row skipped"),
            Problem(path: "f.csv", line: 3, column: 8, message: "Last Date Read should be a date (YYYY/MM/DD), found \"4/1/2022\"; row skipped"),
            Problem(path: "f.csv", line: 4, column: 7, message: "Date Added should be a date (YYYY/MM/DD), found \"a \"quoted\" b\"; row skipped"),
            Problem(path: "f.csv", line: 5, column: 3, message: "ISBN13 \"978152939268\" is not a valid ISBN"),
            Problem(path: "f.csv", line: 6, column: 3, message: "ISBN13 \"97815293926\" is not a valid ISBN"),
        ]
        let groups = ImportProblemGroup.grouping(problems)
        #expect(groups.map(\.reason) == [
            "Date Added should be a date (YYYY/MM/DD); row skipped",
            "Last Date Read should be a date (YYYY/MM/DD); row skipped",
            "ISBN13 \"…\" is not a valid ISBN",
        ])
        #expect(groups.map { $0.problems.map(\.line) } == [[2, 4], [3], [5, 6]])
    }

    // MARK: A real export re-saved by Excel

    /// A StoryGraph export cut to 8 columns and re-saved by Excel, from ../shared/corpus/exports.
    static let excelResaved = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("shared/corpus/exports/dblake26__streaming-02-multiple-processes__storygraph_export.csv").path

    @Test(.enabled(if: FileManager.default.fileExists(atPath: excelResaved)))
    func everyRowOfAnExcelResavedExportImports() throws {
        let text = try String(contentsOfFile: Self.excelResaved, encoding: .utf8)
        let rows = try Self.read(text, .storygraph, path: "dblake26.csv")
        #expect(rows.books.count == 299)
        #expect(rows.skipped.isEmpty, "\(rows.skipped.prefix(3))")
        #expect(rows.warnings.count == 115)
        #expect(rows.warnings.allSatisfy { $0.message.hasPrefix("ISBN/UID was rounded by a spreadsheet") })
        #expect(rows.books.compactMap(\.book.isbn).allSatisfy { ISBN.problem(with: $0) == nil })
        #expect(rows.books.first?.book.added == Day(year: 2022, month: 10, day: 12))
    }
}
