import ShelfKit

/// What the first line of a file says about it: the header of the export asked for, the header
/// of the other service's export, or no header at all (a row of books, the header lost when the
/// file went through a spreadsheet or a script).
enum ExportHeader {
    /// One way a service lays out its columns.
    struct Layout {
        var format: ImportFormat
        var columns: [String]
        var name: String
    }

    /// Every layout of every service, each service's usual one first.
    static let layouts = ImportFormat.allCases.flatMap { format in
        format.service.layouts.map { Layout(format: format, columns: $0.columns, name: $0.name) }
    }

    /// The columns a file must have to be read as `format`'s export.
    static func required(_ format: ImportFormat) -> [String] {
        format.service.requiredColumns
    }

    /// Why `header` cannot be read as `format`'s header, or `nil` when it can.
    /// - Parameter line: The header's line in the file: 1, or 2 after Excel's `sep=` line.
    static func problem(with header: [String], format: ImportFormat, path: String, line: Int = 1) -> ShelfError? {
        let missing = required(format).filter { !header.contains($0) }
        guard !missing.isEmpty else { return nil }
        let fail = { (reason: String) in
            ShelfError.invalidValue(path: path, key: "line \(line)", value: "", reason: reason, at: SourceLocation(line: line, column: 1))
        }
        if let other = ImportFormat.allCases.first(where: { $0 != format && required($0).allSatisfy(header.contains) }) {
            let otherRequired = required(other)
            let telling = otherRequired.filter { !required(format).contains($0) }
            return .exportOfAnotherService(path: path, line: line, service: "\(other)", serviceID: other.rawValue,
                                           expected: "\(format)", columns: telling)
        }
        let known = Set(layouts.flatMap(\.columns) + ["ISBN"])
        if !header.contains(where: known.contains) {
            var reason = "is not the header of a \(format) export: it has none of its columns (\(required(format).joined(separator: ", ")))"
            if let layout = layout(fitting: header, preferring: format) {
                let sample = zip(layout.columns, header).filter { !$0.1.isEmpty }.prefix(3)
                    .map { "\($0.0) \"\(shortened($0.1))\"" }.joined(separator: ", ")
                reason += ", and its \(header.count) fields look like a book in \(layout.name) (\(sample))"
                reason += ". The file may have lost its header row: add the first line of a fresh "
                    + "\(layout.format) export above it"
                if layout.format != format { reason += " and import it as a \(layout.format) export" }
            } else {
                let start = header.prefix(3).map(shortened).joined(separator: ",")
                reason += "; it begins \"\(start)\(header.count > 3 ? ",…" : "")\". If that is a book, the file lost its "
                    + "header row: add the first line of a fresh \(format) export above it"
            }
            return fail(reason)
        }
        return .invalidValue(path: path, key: "header", value: header.prefix(4).joined(separator: ","),
                             reason: "lacks the column\(missing.count == 1 ? "" : "s") \(missing.joined(separator: ", ")); "
                                 + "is this a \(format) export?", at: SourceLocation(line: line, column: 1))
    }

    /// The layout whose row `fields` could be: as many fields, and values its service's rows
    /// have (``ReadingService/looksLikeARow(_:)``).
    private static func layout(fitting fields: [String], preferring format: ImportFormat) -> Layout? {
        let candidates = layouts.filter { $0.columns.count == fields.count }
        let fitting = candidates.filter { layout in
            let value = { (column: String) in layout.columns.firstIndex(of: column).map { fields[$0] } ?? "" }
            return layout.format.service.looksLikeARow(value)
        }
        return fitting.first { $0.format == format } ?? fitting.first
    }

    /// A field cut to 40 characters for a message.
    private static func shortened(_ text: String) -> String {
        text.count > 40 ? text.prefix(39) + "…" : text
    }
}
