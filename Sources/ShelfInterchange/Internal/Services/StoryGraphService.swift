import ShelfKit

/// The StoryGraph's export CSV.
struct StoryGraphService: ReadingService {
    var name: String { "StoryGraph" }

    /// The export's columns; older exports say `ISBN` for `ISBN/UID`.
    static let columns = [
        "Title", "Authors", "Contributors", "ISBN/UID", "Format", "Read Status", "Date Added", "Last Date Read",
        "Dates Read", "Read Count", "Moods", "Pace", "Character- or Plot-Driven?", "Strong Character Development?",
        "Loveable Characters?", "Diverse Characters?", "Flawed Characters?", "Star Rating", "Review",
        "Content Warnings", "Content Warning Description", "Tags", "Owned?",
    ]
    /// Read statuses StoryGraph writes.
    static let statuses: Set<String> = ["read", "to-read", "currently-reading", "paused", "did-not-finish", ""]

    var layouts: [(columns: [String], name: String)] { [(Self.columns, "a StoryGraph export")] }
    var requiredColumns: [String] { StoryGraphRow.requiredColumns }
    var dateColumns: [String] { ["Date Added", "Last Date Read", "Dates Read"] }
    var statusColumn: String { "Read Status" }
    var unplacedStatusKey: String { "storygraph_status" }
    var statusKeys: Set<String> { ["paused", "storygraph_status"] }
    var ownRatingKey: String? { "storygraph_rating" }

    func book(from fields: CSVRowReader, mapping: ImportStatusMapping) throws(ImportRowError) -> ImportedBook {
        try StoryGraphRow(fields: fields, mapping: mapping).read()
    }

    func looksLikeARow(_ value: (String) -> String) -> Bool {
        !value("Title").isEmpty && Self.statuses.contains(value("Read Status").lowercased())
    }

    func isSameRating(_ rating: Double, _ other: Double) -> Bool {
        rating == other
    }

    /// A book known to Goodreads keeps Goodreads' rating and format; StoryGraph only fills them.
    func defersRatings(to existing: Book) -> Bool {
        existing.extra("goodreads_id") != nil
    }
}
