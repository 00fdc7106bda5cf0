import CSV
import Foundation

/// RFC 4180 CSV text through CSV.swift: fields with commas, quotes or line breaks are quoted.
enum CSVText {
    /// The CSV of `header` and `rows`, each row ended by a line break.
    static func write(header: [String], rows: [[String]]) throws -> String {
        var text = ""
        try write(header: header, rows: rows) { text += $0 }
        return text
    }

    /// Gives the CSV of `header` and `rows` to `output` a few hundred rows at a time: the CSV
    /// of 100,000 books is never held whole, nor copied from CSV.swift's buffer all at once.
    static func write<Rows: Collection<[String]>>(header: [String], rows: Rows, to output: (String) throws -> Void) throws {
        try output(try text(of: CollectionOfOne(header)))
        var start = rows.startIndex
        while start != rows.endIndex {
            let end = rows.index(start, offsetBy: chunk, limitedBy: rows.endIndex) ?? rows.endIndex
            try output(try text(of: rows[start..<end]))
            start = end
        }
    }

    /// Rows written at a time.
    private static let chunk = 512

    /// The rows as CSV, each ended by a line break: CSV.swift writes a line break between rows.
    static func text<Rows: Sequence<[String]>>(of rows: Rows) throws -> String {
        let writer = try CSVWriter(stream: .toMemory())
        for row in rows { try writer.write(row: row) }
        writer.stream.close()
        guard let data = writer.stream.property(forKey: .dataWrittenToMemoryStreamKey) as? Data else { return "" }
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}
