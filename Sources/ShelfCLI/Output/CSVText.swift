import CSV
import Foundation

/// RFC 4180 CSV text through CSV.swift: fields with commas, quotes or line breaks are quoted.
enum CSVText {
    static func write(header: [String], rows: [[String]]) throws -> String {
        let writer = try CSVWriter(stream: .toMemory())
        try writer.write(row: header)
        for row in rows { try writer.write(row: row) }
        writer.stream.close()
        guard let data = writer.stream.property(forKey: .dataWrittenToMemoryStreamKey) as? Data else { return "" }
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}
