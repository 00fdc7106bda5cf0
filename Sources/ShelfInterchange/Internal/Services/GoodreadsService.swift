import ShelfKit

/// Goodreads' "Export Library" CSV, in its 24-, 23- and older 31-column forms.
struct GoodreadsService: ReadingService {
    var name: String { "Goodreads" }

    /// Goodreads' older export: the 24 columns with purchase and condition columns after `Read Count`.
    static let olderColumns = Array(GoodreadsExport.header.prefix(23)) + [
        "Recommended For", "Recommended By", "Owned Copies", "Original Purchase Date", "Original Purchase Location",
        "Condition", "Condition Description", "BCID",
    ]

    var layouts: [(columns: [String], name: String)] {
        [(GoodreadsExport.header, "Goodreads' 24-column export"),
         (GoodreadsExport.header.filter { $0 != "Average Rating" }, "Goodreads' 23-column export"),
         (Self.olderColumns, "Goodreads' older 31-column export")]
    }

    var requiredColumns: [String] { GoodreadsRow.requiredColumns }
    var dateColumns: [String] { ["Date Read", "Date Added"] }
    var statusColumn: String { "Exclusive Shelf" }
    var unplacedStatusKey: String { "goodreads_shelf" }
    var statusKeys: Set<String> { ["goodreads_shelf"] }
    var ownRatingKey: String? { nil }

    func book(from fields: CSVRowReader, mapping: ImportStatusMapping) throws(ImportRowError) -> ImportedBook {
        try GoodreadsRow(fields: fields, mapping: mapping).read()
    }

    func looksLikeARow(_ value: (String) -> String) -> Bool {
        let id = value("Book Id")
        return !id.isEmpty && id.allSatisfy(\.isNumber) && !value("Exclusive Shelf").isEmpty
    }

    /// Goodreads has whole stars only: 4 is 4.5 or 3.5 written there.
    func isSameRating(_ rating: Double, _ other: Double) -> Bool {
        abs(rating - other) <= 0.5
    }

    func defersRatings(to existing: Book) -> Bool { false }
}
