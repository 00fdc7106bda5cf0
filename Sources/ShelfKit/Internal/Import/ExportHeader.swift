/// What the first line of a file says about it: the header of the export asked for, the header
/// of the other service's export, or no header at all (a row of books, the header lost when the
/// file went through a spreadsheet or a script).
enum ExportHeader {
    /// The StoryGraph export's columns; older exports say `ISBN` for `ISBN/UID`.
    static let storyGraph = [
        "Title", "Authors", "Contributors", "ISBN/UID", "Format", "Read Status", "Date Added", "Last Date Read",
        "Dates Read", "Read Count", "Moods", "Pace", "Character- or Plot-Driven?", "Strong Character Development?",
        "Loveable Characters?", "Diverse Characters?", "Flawed Characters?", "Star Rating", "Review",
        "Content Warnings", "Content Warning Description", "Tags", "Owned?",
    ]
    /// Goodreads' older export: the 24 columns with purchase and condition columns after `Read Count`.
    static let goodreads31 = Array(GoodreadsExport.header.prefix(23)) + [
        "Recommended For", "Recommended By", "Owned Copies", "Original Purchase Date", "Original Purchase Location",
        "Condition", "Condition Description", "BCID",
    ]
    /// Read statuses StoryGraph writes.
    static let storyGraphStatuses: Set<String> = ["read", "to-read", "currently-reading", "paused", "did-not-finish", ""]

    /// One way a service lays out its columns.
    struct Layout {
        var format: ImportFormat
        var columns: [String]
        var name: String
    }

    /// Every layout known, the 24-column Goodreads one first.
    static let layouts = [
        Layout(format: .goodreads, columns: GoodreadsExport.header, name: "Goodreads' 24-column export"),
        Layout(format: .goodreads, columns: GoodreadsExport.header.filter { $0 != "Average Rating" },
               name: "Goodreads' 23-column export"),
        Layout(format: .goodreads, columns: goodreads31, name: "Goodreads' older 31-column export"),
        Layout(format: .storygraph, columns: storyGraph, name: "a StoryGraph export"),
    ]

    /// The columns a file must have to be read as `format`'s export.
    static func required(_ format: ImportFormat) -> [String] {
        format == .goodreads ? GoodreadsRow.requiredColumns : StoryGraphRow.requiredColumns
    }

    /// The columns that hold dates, whose form (`3/4/2026`) is decided for the whole file.
    static func dateColumns(_ format: ImportFormat) -> [String] {
        format == .goodreads ? ["Date Read", "Date Added"] : ["Date Added", "Last Date Read", "Dates Read"]
    }

    /// Why `header` cannot be read as `format`'s header, or `nil` when it can.
    /// - Parameter line: The header's line in the file: 1, or 2 after Excel's `sep=` line.
    static func problem(with header: [String], format: ImportFormat, path: String, line: Int = 1) -> ShelfError? {
        let missing = required(format).filter { !header.contains($0) }
        guard !missing.isEmpty else { return nil }
        let other: ImportFormat = format == .goodreads ? .storygraph : .goodreads
        let fail = { (reason: String) in
            ShelfError.invalidValue(path: path, key: "line \(line)", value: "", reason: reason, line: line, column: 1)
        }
        let otherRequired = required(other)
        if otherRequired.allSatisfy(header.contains) {
            let telling = otherRequired.filter { !required(format).contains($0) }
            return fail("is the header of a \(other) export, not of a \(format) one (it has the column"
                + "\(telling.count == 1 ? "" : "s") \(telling.joined(separator: ", "))); import it with: "
                + "shelf import \(other.rawValue) \(path)")
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
                if layout.format != format { reason += " and import it with: shelf import \(layout.format.rawValue) \(path)" }
            } else {
                let start = header.prefix(3).map(shortened).joined(separator: ",")
                reason += "; it begins \"\(start)\(header.count > 3 ? ",…" : "")\". If that is a book, the file lost its "
                    + "header row: add the first line of a fresh \(format) export above it"
            }
            return fail(reason)
        }
        return .invalidValue(path: path, key: "header", value: header.prefix(4).joined(separator: ","),
                             reason: "lacks the column\(missing.count == 1 ? "" : "s") \(missing.joined(separator: ", ")); "
                                 + "is this a \(format) export?", line: line, column: 1)
    }

    /// The layout whose row `fields` could be: as many fields, and what should be a Goodreads
    /// book id a number, what should be a StoryGraph read status one.
    private static func layout(fitting fields: [String], preferring format: ImportFormat) -> Layout? {
        let candidates = layouts.filter { $0.columns.count == fields.count }
        let fitting = candidates.filter { layout in
            let value = { (column: String) in layout.columns.firstIndex(of: column).map { fields[$0] } ?? "" }
            switch layout.format {
            case .goodreads:
                let id = value("Book Id")
                return !id.isEmpty && id.allSatisfy(\.isNumber) && !value("Exclusive Shelf").isEmpty
            case .storygraph:
                return !value("Title").isEmpty && storyGraphStatuses.contains(value("Read Status").lowercased())
            }
        }
        return fitting.first { $0.format == format } ?? fitting.first
    }

    /// A field cut to 40 characters for a message.
    private static func shortened(_ text: String) -> String {
        text.count > 40 ? text.prefix(39) + "…" : text
    }
}
