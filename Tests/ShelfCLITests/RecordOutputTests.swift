import CSV
import FrontMatter
import FrontMatterFuzzing
@testable import ShelfCLI
import Testing

/// `list` and `export` make each book's JSON or CSV text as the book is read and put the output
/// together from those pieces; the pieces must make exactly the text one value of every record
/// makes, and CSV written a chunk at a time must read back as the rows given.
struct RecordOutputTests {
    /// Records with what JSON layout has to get right: nesting, empty containers, text with line
    /// breaks, quotes and other scripts.
    static func records(_ count: Int) -> [[(String, JSONValue)]] {
        (0..<count).map { number in
            [
                ("id", .string("book-\(number)")),
                ("authors", .array([.string("Gabriel García Márquez"), .string("\"Quoted\"\nsecond line")])),
                ("empty", .array([])),
                ("progress", .object([("sessions", .int(number)), ("page", number.isMultiple(of: 2) ? .null : .int(12))])),
                ("custom", .object([("nested", .object([("list", .array([.double(4.5), .bool(true)]))])), ("none", .object([]))])),
                ("body", .string("# Notes\r\n\r\nЧитал в поезде.\n")),
            ]
        }
    }

    @Test(arguments: [0, 1, 3])
    func theJSONArrayOfItemsIsThePrettyArrayOfTheRecords(count: Int) {
        let records = Self.records(count)
        let expected = JSONValue.array(records.map { .object($0) }).text(.pretty) + "\n"
        #expect(BookRecords.jsonArray(records.map(BookRecords.jsonItem)) == expected)
    }

    @Test func jsonLinesAreTheCompactRecords() {
        for record in Self.records(2) {
            #expect(BookRecords.jsonLine(record) == JSONValue.object(record).text(.compact) + "\n")
        }
    }

    /// Fields from an alphabet of what CSV must quote, seeded so a failure can be replayed.
    static func rows(_ count: Int, seed: UInt64) -> [[String]] {
        var generator = SeededGenerator(seed: seed)
        let pieces = ["a", "Dune", ",", "\"", "\n", "\r\n", " ", "é", "書", ";", ""]
        return (0..<count).map { _ in
            (0..<3).map { _ in (0..<Int.random(in: 0...4, using: &generator)).map { _ in pieces.randomElement(using: &generator) ?? "" }.joined() }
        }
    }

    @Test(arguments: [0, 1, 511, 512, 513, 1_100])
    func csvWrittenInChunksReadsBackAsItsRows(count: Int) throws {
        let header = ["title", "authors, all", "note"]
        let rows = Self.rows(count, seed: UInt64(count) + 1)
        var pieces: [String] = []
        try CSVText.write(header: header, rows: rows) { pieces.append($0) }
        // The header, then one piece per 512 rows at most.
        #expect(pieces.count == 1 + (count + 511) / 512)
        let text = pieces.joined()
        #expect(text.hasSuffix("\n"))
        #expect(try CSVText.write(header: header, rows: rows) == text)
        let reader = try CSVReader(string: String(text.dropLast()), hasHeaderRow: false)
        var read: [[String]] = []
        while let row = reader.next() { read.append(row) }
        #expect(read == [header] + rows)
    }
}
