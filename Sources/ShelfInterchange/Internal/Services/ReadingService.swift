import ShelfKit

/// What one reading service's export is: its columns, how a row becomes a book, its words for
/// statuses, and how its account merges with another's. Everything the import knows of a
/// service is here, so a new service is one conformer (and its case in ``ImportFormat``); the
/// reading, planning, merging and reporting around it are shared.
protocol ReadingService: Sendable {
    /// The service's name as people write it: `Goodreads`.
    var name: String { get }
    /// The ways the service lays out its export's columns, the usual one first, each with a
    /// name for messages: `Goodreads' 24-column export`.
    var layouts: [(columns: [String], name: String)] { get }
    /// The columns a file must have to be read as this service's export.
    var requiredColumns: [String] { get }
    /// The columns that hold dates, whose form (`3/4/2026`) is decided for the whole file.
    var dateColumns: [String] { get }
    /// The column that holds a row's read status.
    var statusColumn: String { get }
    /// Where a status the library cannot place is kept on the book: `goodreads_shelf`.
    var unplacedStatusKey: String { get }
    /// The keys that say more about a status than its name, which the service's row sets or
    /// removes when its account leads: `paused`, `storygraph_status`.
    var statusKeys: Set<String> { get }
    /// The key of the service's own community rating kept beside the reader's, if it has one.
    var ownRatingKey: String? { get }

    /// The book a row describes.
    func book(from fields: CSVRowReader, mapping: ImportStatusMapping) throws(ImportRowError) -> ImportedBook
    /// Whether a row of `fields` (the values of a row, `value(column)`) looks like a book of
    /// this service, for a file that lost its header.
    func looksLikeARow(_ value: (String) -> String) -> Bool
    /// Whether two ratings are one for this service (Goodreads has whole stars only).
    func isSameRating(_ rating: Double, _ other: Double) -> Bool
    /// Whether `existing`'s rating and format belong to another service that leads them, so this
    /// service's row only fills them in.
    func defersRatings(to existing: Book) -> Bool
}
