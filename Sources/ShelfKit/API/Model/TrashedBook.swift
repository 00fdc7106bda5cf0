import FrontMatter

/// A deleted book in `.shelf/trash/`, as ``LibraryReading/trashedBooks()`` lists it.
///
/// Deleting moves a book to `.shelf/trash/<day>/<original path>` (`<day>-2`, … for a second
/// deletion of that book the same day), so the folder says when it was deleted and the rest of
/// the path where it goes back to.
package struct TrashedBook: Sendable, Hashable {
    /// The book's slug.
    package var id: BookID
    /// The day it was deleted.
    package var deleted: Day
    /// The trash folder it is in, under `.shelf/trash/`: `2026-11-24`, or `2026-11-24-2`.
    package var folder: String
    /// The book file in the trash, relative to the library: `.shelf/trash/2026-11-24/to-read/circe.md`.
    package var path: String
    /// Where the book was, and where restoring puts it: `to-read/circe.md`.
    package var originalPath: String
    /// Its title, or nil when the file cannot be read as a book.
    package var title: String?
}
