internal import CSV
import ShelfKit

/// A CSV file read with CSV.swift: the header and every row with the line it starts on.
///
/// CSV.swift does the RFC 4180 work (quotes, doubled quotes, line breaks inside fields, CRLF);
/// this adds what an importer needs to point at a row: its line number in the file, counted
/// from the line breaks inside the fields before it.
struct CSVTable: Sendable {
    /// One record: the line it starts on (1 is the header) and its fields.
    struct Row: Sendable {
        var line: Int
        var fields: [String]
    }

    var header: [String]
    /// The header's line: 1, or 2 below Excel's `sep=` line.
    var headerLine: Int
    var rows: [Row]

    /// Parses `text`; a leading byte order mark is ignored, and blank lines are dropped. Fields
    /// are separated by commas, or by the separator the header line uses instead (``delimiter(of:)``).
    /// - Throws: ``ShelfError/invalidValue(path:key:value:reason:at:)`` when the file
    ///   has no header row.
    init(text: String, path: String) throws(ShelfError) {
        let text = text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text
        let (delimiter, body, first) = Self.separatorLine(of: text).map { ($0.0, $0.1, 2) } ?? (Self.delimiter(of: text), text, 1)
        var line = first
        let reader: CSVReader
        do {
            reader = try CSVReader(string: body, hasHeaderRow: false, delimiter: delimiter)
        } catch {
            throw .invalidValue(path: path, key: "file", value: "", reason: "is not CSV text: \(error)", at: SourceLocation(line: 1, column: 1))
        }
        var records: [Row] = []
        while let fields = reader.next() {
            records.append(Row(line: line, fields: fields))
            line += 1 + fields.reduce(0) { $0 + Self.lineBreaks(in: $1) }
        }
        guard let headerRecord = records.first, headerRecord.fields.contains(where: { !$0.isEmpty }) else {
            throw .invalidValue(path: path, key: "header", value: "", reason: "is missing; the file is empty",
                                at: SourceLocation(line: first, column: 1))
        }
        header = headerRecord.fields.map { $0.trimmingSpaces() }
        headerLine = first
        rows = records.dropFirst().filter { $0.fields != [""] }
    }

    /// The field separator: a comma, unless the header line has none and has semicolons (a CSV
    /// saved by a spreadsheet in a country whose decimal mark is the comma) or tabs (a
    /// spreadsheet's "Unicode Text"). Column names never contain either.
    static func delimiter(of text: String) -> UnicodeScalar {
        let header = text.unicodeScalars.prefix { $0 != "\n" && $0 != "\r" }
        if header.contains(",") { return "," }
        if header.contains(";") { return ";" }
        if header.contains("\t") { return "\t" }
        return ","
    }

    /// Excel's `sep=;` first line, which names the separator for the lines after it: the
    /// separator and the text after that line, or `nil` when the file does not start with one.
    static func separatorLine(of text: String) -> (UnicodeScalar, String)? {
        let scalars = text.unicodeScalars
        let first = scalars.prefix { $0 != "\n" && $0 != "\r" }
        let name = Array(first)
        guard name.count == 5, String(String.UnicodeScalarView(name.prefix(4))).lowercased() == "sep=" else { return nil }
        var rest = scalars.dropFirst(first.count)
        if rest.first == "\r" { rest = rest.dropFirst() }
        if rest.first == "\n" { rest = rest.dropFirst() }
        return (name[4], String(String.UnicodeScalarView(rest)))
    }

    /// Line breaks in a field: CRLF, CR and LF each end one line.
    private static func lineBreaks(in field: String) -> Int {
        var count = 0
        var previousCR = false
        for scalar in field.unicodeScalars {
            if scalar == "\r" {
                count += 1
                previousCR = true
            } else {
                if scalar == "\n", !previousCR { count += 1 }
                previousCR = false
            }
        }
        return count
    }
}
