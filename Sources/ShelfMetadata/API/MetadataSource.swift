/// A service that describes books: Open Library (``OpenLibrary``), or another behind the same
/// calls, so that the commands never ask which one they hold.
///
/// A conformer turns the service's answers into ``EditionRecord``s and ``EditionCandidate``s
/// and fetches through ShelfOpenLibrary's `HTTPClient` (timeouts, retries, politeness, cache).
/// Every call throws ``MetadataError``.
public protocol MetadataSource: Sendable {
    /// The service's name as a person knows it: `Open Library`.
    var name: String { get }
    /// The key a book records the edition's id under: `openlibrary`.
    var idKey: String { get }

    /// Whether `text` is an id of an edition at this service (`OL7353617M`).
    func isEditionID(_ text: String) -> Bool

    /// The edition with this ISBN, with its work's and authors' details.
    /// - Throws: ``MetadataError/notFound(service:what:url:)`` when the service has none.
    func edition(isbn: ISBNNumber) async throws(MetadataError) -> EditionRecord

    /// The edition with this id (``EditionRecord/id``).
    func edition(id: String) async throws(MetadataError) -> EditionRecord

    /// Editions matching a title and, optionally, an author, best first.
    func search(title: String, author: String?, limit: Int) async throws(MetadataError) -> [EditionCandidate]

    /// The cover image of an edition, largest first, checked to be an image; `nil` when the
    /// service has none (never a placeholder).
    func cover(of record: EditionRecord) async throws(MetadataError) -> CoverImage?
}
