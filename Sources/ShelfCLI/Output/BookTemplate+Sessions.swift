import ShelfKit

/// `shelf sessions --format '{date}  {title}  {read} pages'`: the template of `list`, whose
/// fields name a session's values first and its book's after.
extension BookTemplate {
    /// What a session has a place for: `{date}`, `{time}` (when it began, HH:MM), `{name}` (the
    /// file's name without `.md`, which `session edit` takes), `{book}` (the slug), `{path}` (the session
    /// file), `{from}`, `{to}`, `{pages}`, `{minutes}`, `{read}` (pages read), `{note}` (its
    /// first line) and the session's own keys; any other field is the book's (`{title}`).
    static let sessionKeys: Set<String> = ["date", "time", "name", "book", "path", "from", "to", "pages", "minutes", "read", "note"]

    /// The session's line; `pagesRead` is what it read (``ReadingProgress/pagesRead(of:)``).
    func render(_ session: ReadingSession, pagesRead: Int, of book: Book?, configuration: LibraryConfiguration) -> String {
        render { field in
            switch field {
            case "date": session.day.description
            case "time": session.time?.description
            case "name": session.name
            case "book": session.bookID.rawValue
            case "path": session.path
            case "from": session.fromPosition?.description
            case "to": session.toPosition?.description
            case "pages": session.pages.map(String.init)
            case "minutes": session.minutes.map(String.init)
            case "read": String(pagesRead)
            case "note": SessionRecords.firstLine(session.note)
            default:
                session.extra.first { $0.key == field }?.value.plainText()
                    ?? book.flatMap { value(of: field, $0, nil, configuration) }
            }
        }
    }
}
