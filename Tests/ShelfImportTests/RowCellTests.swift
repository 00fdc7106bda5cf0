import Foundation
@testable import ShelfKit
@testable import ShelfInterchange
import Testing

/// What one row's cells become: reads, series, identifiers, authors, on minimal CSVs shaped like
/// the real exports they come from.
struct RowCellTests {
    static let storyGraphHeader = "Title,Authors,ISBN/UID,Read Status,Dates Read,Read Count"
    static let goodreadsHeader = "Book Id,Title,Author,Additional Authors,ISBN,ISBN13,Exclusive Shelf"

    static func read(_ format: ImportFormat, _ csv: String) throws -> ImportRows {
        try LibraryImporter(format: format).read(csv, path: "export.csv", configuration: .default)
    }

    static func book(_ rows: ImportRows, _ title: String) throws -> Book {
        try #require(rows.books.first { $0.book.title == title }?.book)
    }

    // MARK: - Dates Read

    @Test func storyGraphReadsSeparatedByCommasAreAllKept() throws {
        let rows = try Self.read(.storygraph, #"""
            \#(Self.storyGraphHeader)
            Meditations,Marcus Aurelius,9780140449334,read,"2023/01/18-2023/01/19, 2020/05/01",2
            Mixed,A. Author,,read,"2019/01/01-2019/01/05; 2020/02/02, -2021/03/03",3
            Reading,A. Author,,currently-reading,"2020/01/01-2020/01/09, 2024/06/01-",1
            Dashed,A. Author,,read,2022-01-02-2022-01-05,1

            """#)
        #expect(rows.skipped.isEmpty)
        let meditations = try Self.book(rows, "Meditations")
        #expect(meditations.started == Day(year: 2023, month: 1, day: 18))
        #expect(meditations.finished == Day(year: 2023, month: 1, day: 19))
        #expect(meditations.extra("reads")?.description == "[{finished: 2020-05-01}]")

        let mixed = try Self.book(rows, "Mixed")
        #expect(mixed.started == nil)
        #expect(mixed.finished == Day(year: 2021, month: 3, day: 3))
        #expect(mixed.extra("reads")?.description == "[{started: 2019-01-01, finished: 2019-01-05}, {finished: 2020-02-02}]")

        let reading = try Self.book(rows, "Reading")
        #expect(reading.started == Day(year: 2024, month: 6, day: 1))
        #expect(reading.finished == nil)
        #expect(reading.extra("reads")?.description == "[{started: 2020-01-01, finished: 2020-01-09}]")

        let dashed = try Self.book(rows, "Dashed")
        #expect(dashed.started == Day(year: 2022, month: 1, day: 2))
        #expect(dashed.finished == Day(year: 2022, month: 1, day: 5))
    }

    @Test func aDatesReadCellThatIsNotDatesSkipsTheRow() throws {
        let rows = try Self.read(.storygraph, #"""
            \#(Self.storyGraphHeader)
            Bad,A. Author,,read,"2023/01/18-soon, 2020/05/01",2

            """#)
        #expect(rows.books.isEmpty)
        #expect(rows.skipped.map(\.description) == [
            "export.csv:2:5: Dates Read should be dates YYYY/MM/DD or ranges YYYY/MM/DD-YYYY/MM/DD separated by semicolons or commas, "
                + "found \"2023/01/18-soon, 2020/05/01\"; row skipped",
        ])
    }

    // MARK: - Series

    @Test(arguments: [
        ("Mort (Discworld, #4; Death, #1)", "Mort", "Discworld", 4.0, ["Death #1"]),
        ("Guards! Guards! (Discworld, #8; City Watch #1)", "Guards! Guards!", "Discworld", 8.0, ["City Watch #1"]),
        ("Revenger (Revenger #1)", "Revenger", "Revenger", 1.0, []),
        ("Before the Fairytale (Seventh Night #0.5)", "Before the Fairytale", "Seventh Night", 0.5, []),
        ("Todo muere (Todo arde, #3; Universo reina roja, #8)", "Todo muere", "Todo arde", 3.0, ["Universo reina roja #8"]),
    ])
    func titlesNamingSeveralSeriesKeepTheFirstAsTheSeries(_ text: String, _ title: String, _ series: String,
                                                         _ index: Double, _ others: [String]) {
        let parsed = SeriesTitle(parsing: text)
        #expect(parsed.title == title)
        #expect(parsed.series == series)
        #expect(parsed.index == index)
        #expect(parsed.range == nil)
        #expect(parsed.others == others)
    }

    @Test(arguments: [
        ("1Q84 (1Q84, #1-3)", "1Q84", "1Q84", "1-3"),
        ("The Chronicles of Chrestomanci, Vol. 2 (Chrestomanci #3-4)", "The Chronicles of Chrestomanci, Vol. 2", "Chrestomanci", "3-4"),
        ("The Language of Thorns (Grishaverse, #0.5, 2.5, 2.6)", "The Language of Thorns", "Grishaverse", "0.5, 2.5, 2.6"),
    ])
    func anOmnibusKeepsItsRange(_ text: String, _ title: String, _ series: String, _ range: String) {
        let parsed = SeriesTitle(parsing: text)
        #expect(parsed.title == title)
        #expect(parsed.series == series)
        #expect(parsed.index == nil)
        #expect(parsed.range == range)
    }

    @Test(arguments: ["Foundation (Annotated Edition)", "Ancillary Justice (Imperial Radch)", "Orballo (#Proyecto Morriña)",
                      "Odd (Series, #1; Other)", "Odd (Series, #1;)", "Odd (Series, #1-)", "Odd (Series, #one)", "(Series #1)"])
    func parenthesesWithoutASeriesNumberStayInTheTitle(_ text: String) {
        let parsed = SeriesTitle(parsing: text)
        #expect(parsed.title == text)
        #expect(parsed.series == nil)
        #expect(parsed.others.isEmpty)
    }

    @Test func goodreadsSeriesKeysAreWrittenAndExportedBack() throws {
        let titles = ["Mort (Discworld, #4; Death, #1)", "The Lord of the Rings (The Lord of the Rings, #1-3)",
                      "Embrace of the Shade (The Berylian Key, #1; The Pantracia Chronicles, #1)", "Dune (Dune, #1)"]
        let csv = ([Self.goodreadsHeader] + titles.enumerated().map { "\($0.offset + 1),\"\($0.element)\",A. Author,,,,read" })
            .joined(separator: "\n") + "\n"
        let rows = try Self.read(.goodreads, csv)
        let mort = try Self.book(rows, "Mort")
        #expect(mort.series == "Discworld")
        #expect(mort.seriesIndex == 4)
        #expect(mort.extra("other_series") == .list([.string("Death #1")]))
        let rings = try Self.book(rows, "The Lord of the Rings")
        #expect(rings.series == "The Lord of the Rings")
        #expect(rings.seriesIndex == nil)
        #expect(rings.extra("series_range") == .string("1-3"))

        let exported = rows.books.map { GoodreadsExport.row(for: $0.book, configuration: .default)[1] }
        #expect(exported == titles)
    }

    @Test func anOtherSeriesEditedByHandIsExportedAsWritten() {
        var book = Book(title: "Mort", series: "Discworld", seriesIndex: 4)
        book.extra = [.init("other_series", .string("Death #1"))]
        #expect(GoodreadsExport.row(for: book, configuration: .default)[1] == "Mort (Discworld, #4; Death, #1)")
        book.extra = [.init("other_series", .list([.string("Death"), .string("Rincewind #2")]))]
        #expect(GoodreadsExport.row(for: book, configuration: .default)[1] == "Mort (Discworld, #4; Death; Rincewind, #2)")
    }

    // MARK: - Identifiers

    @Test func goodreadsValuesThatAreNotISBNsGoToKeysOfTheirOwn() throws {
        let rows = try Self.read(.goodreads, #"""
            \#(Self.goodreadsHeader)
            1,Candide,Voltaire,,"=""B00085PI0E""","=""""",read
            2,Mindwalker,A. Author,,"=""""","=""978152939268""",to-read
            3,Madrese,A. Author,,"=""9643201627""","=""9789643201627""",read
            4,Both,A. Author,,"=""9645529343""","=""9789645529344""",read

            """#)
        let candide = try Self.book(rows, "Candide")
        #expect(candide.isbn == nil)
        #expect(candide.extra("asin") == .string("B00085PI0E"))
        let mindwalker = try Self.book(rows, "Mindwalker")
        #expect(mindwalker.isbn == nil)
        #expect(mindwalker.extra("isbn_invalid") == .string("978152939268"))
        let madrese = try Self.book(rows, "Madrese")
        #expect(madrese.isbn == "9643201627")
        #expect(madrese.extra("isbn_invalid") == .string("9789643201627"))
        #expect(try Self.book(rows, "Both").extra("isbn_invalid") == .list([.string("9789645529344"), .string("9645529343")]))
        #expect(rows.warnings.map(\.description) == [
            "export.csv:3:6: ISBN13 is not a valid ISBN (should have 10 or 13 digits, not 12); kept as isbn_invalid, found \"978152939268\"",
            "export.csv:4:6: ISBN13 is not a valid ISBN (has a wrong check digit); kept as isbn_invalid, isbn is ISBN's 9643201627, "
                + "found \"9789643201627\"",
            "export.csv:5:6: ISBN13 is not a valid ISBN (has a wrong check digit); kept as isbn_invalid, found \"9789645529344\"",
            "export.csv:5:5: ISBN is not a valid ISBN (has a wrong check digit); kept as isbn_invalid, found \"9645529343\"",
        ])
    }

    @Test func aSeriesNameWithParenthesesIsASeries() {
        let parsed = SeriesTitle(parsing: "Good Omens (Good Omens (Gaiman), #1)")
        #expect(parsed.title == "Good Omens" && parsed.series == "Good Omens (Gaiman)" && parsed.index == 1)
        #expect(SeriesTitle(parsing: "Foo (Bar) (Baz Cycle, #12)").title == "Foo (Bar)")
        #expect(SeriesTitle(parsing: "Unbalanced) (x, #1)").series == "x")
    }

    @Test func anISBN10ThatLostLeadingZerosInASpreadsheetGetsThemBack() {
        #expect(ImportedIdentifiers.validISBN("62378791", lostZeros: 3) == "0062378791", "Goodreads: up to three zeros")
        #expect(ImportedIdentifiers.validISBN("140143505") == "0140143505")
        #expect(ImportedIdentifiers.validISBN("38549081") == nil, "StoryGraph: an 8-digit number is one of its own ids")
        #expect(ImportedIdentifiers.validISBN("62378792", lostZeros: 3) == nil, "no valid ISBN-10 with any zeros")
    }

    @Test func storyGraphIdsAreSortedIntoISBNASINAndItsOwnId() throws {
        let rows = try Self.read(.storygraph, #"""
            \#(Self.storyGraphHeader)
            The Handmaid's Tale,Margaret Atwood,38549081,to-read,,0
            84 Charing Cross Road,Helene Hanff,140143505,to-read,,0
            Mindwalker,A. Author,978152939268,to-read,,0
            Kindle,A. Author,B00ZVA3XL6,to-read,,0
            Rounded,A. Author,9.78053E+12,to-read,,0
            Dune,Frank Herbert,9780441172719,to-read,,0

            """#)
        #expect(try Self.book(rows, "The Handmaid's Tale").isbn == nil)
        #expect(try Self.book(rows, "The Handmaid's Tale").extra("storygraph_uid") == .string("38549081"))
        #expect(try Self.book(rows, "84 Charing Cross Road").isbn == "0140143505")
        #expect(try Self.book(rows, "Mindwalker").extra("isbn_invalid") == .string("978152939268"))
        #expect(try Self.book(rows, "Kindle").extra("asin") == .string("B00ZVA3XL6"))
        #expect(try Self.book(rows, "Rounded").isbn == nil)
        #expect(try Self.book(rows, "Dune").isbn == "9780441172719")
        #expect(rows.warnings.map { "\($0.line):\($0.column)" } == ["4:3", "6:3"])
    }

    @Test func aFreshImportOfOddIdentifiersPassesCheck() async throws {
        let library = ImportFixtures.memoryLibrary()
        for (format, csv) in [(ImportFormat.goodreads, #"""
            \#(Self.goodreadsHeader)
            1,Candide,Voltaire,,"=""B00085PI0E""","=""""",read
            2,"Mindwalker (Mind, #1; Walker #2)",A. Author,,"=""""","=""978152939268""",to-read
            3,"Rings (The Lord of the Rings, #1-3)",J.R.R. Tolkien,,"=""0618517650""","=""9780618517657""",read

            """#), (ImportFormat.storygraph, """
            \(Self.storyGraphHeader)
            The Handmaid's Tale,Margaret Atwood,38549081,to-read,,0
            Mindwalker Two,A. Author,978152939268,to-read,,0
            No Authors,,,read,"2023/01/18-2023/01/19, 2020/05/01",2
            Twice,"Mark D. Rego, Mark D. Rego",,to-read,,0

            """)] {
            let importer = LibraryImporter(format: format)
            let rows = try importer.read(csv, path: "export.csv", configuration: library.configuration)
            #expect(rows.skipped.isEmpty)
            try await library.apply(try await importer.plan(rows, for: library).batch)
        }
        #expect(try await library.scan().books.count == 7)
        #expect(try await library.check() == [])
    }

    // MARK: - Authors

    @Test func storyGraphAuthorsNamedTwiceAreKeptOnce() throws {
        let rows = try Self.read(.storygraph, #"""
            \#(Self.storyGraphHeader)
            Twice,"Mark D. Rego, Mark D.  Rego",,to-read,,0
            Pairs,"Margaret Peacock, Margaret Peacock, Erik L Peterson, Erik L Peterson",,to-read,,0
            Nobody,,,to-read,,0

            """#)
        #expect(try Self.book(rows, "Twice").authors == ["Mark D. Rego"])
        #expect(try Self.book(rows, "Pairs").authors == ["Margaret Peacock", "Erik L Peterson"])
        #expect(try Self.book(rows, "Nobody").authors == [])
    }
}
