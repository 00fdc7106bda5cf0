/// A Goodreads export for a library that ``Scratch/library(_:books:sessions:)`` wrote, so one
/// import adds books, moves some and updates others in the same batch.
enum GoodreadsExport {
    /// The 24 columns of a Goodreads export (docs/import.md).
    static let header = "Book Id,Title,Author,Author l-f,Additional Authors,ISBN,ISBN13,My Rating,Average Rating,Publisher,"
        + "Binding,Number of Pages,Year Published,Original Publication Year,Date Read,Date Added,Bookshelves,"
        + "Bookshelves with positions,Exclusive Shelf,My Review,Spoiler,Private Notes,Read Count,Owned Copies"

    /// Rows for three books in four of the library's `existing` books, then `new` books.
    ///
    /// Of the existing books, `book-4k` is read (a move to `finished` with its date), `book-4k+1`
    /// gets a rating in the status it has (an update), and `book-4k+2` changes between `to-read`
    /// and `currently-reading` (a move, and for `reading` an update taking back the `started`
    /// date the move sets); `book-4k+3` is not in the export. New books go to all three.
    static func csv(existing: Int, new: Int) -> String {
        var rows = [header]
        for index in 1...existing where index % 4 != 3 {
            let reading = index % 3 == 0
            let current = reading ? "currently-reading" : "to-read"
            let shelf = switch index % 4 {
            case 0: "read"
            case 1: current
            default: reading ? "to-read" : "currently-reading"
            }
            // A book being read has a session on the library's day: read, it was finished that
            // day, not before it, which `shelf check` would report.
            let dateRead = shelf == "read" ? (reading ? "2024/03/15" : "2024/02/\(index % 28 + 1)") : ""
            rows.append(row(id: 1000 + index, title: "Book \(index)", author: "Author \(index % 7)", rating: index % 5,
                            pages: 300 + index, dateRead: dateRead, shelf: shelf))
        }
        for index in 1...new {
            let shelf = ["to-read", "currently-reading", "read"][index % 3]
            let dateRead = shelf == "read" ? "2023/11/\(index % 28 + 1)" : ""
            rows.append(row(id: 5000 + index, title: "Imported Book \(index)", author: "Writer \(index % 11)",
                            rating: shelf == "read" ? index % 5 + 1 : 0, pages: 100 + index, dateRead: dateRead, shelf: shelf))
        }
        return rows.joined(separator: "\n") + "\n"
    }

    private static func row(id: Int, title: String, author: String, rating: Int, pages: Int, dateRead: String,
                            shelf: String) -> String {
        let readCount = shelf == "read" ? 1 : 0
        return "\(id),\(title),\(author),,,,,\(rating),3.91,Crash Press,Paperback,\(pages),2001,2001,\(dateRead),2024/01/05,"
            + ",,\(shelf),,,,\(readCount),0"
    }
}
