internal import Foundation
internal import GRDB

/// Books and sessions as rows of the index, and back.
///
/// Lists are stored joined by the unit separator (U+001F), which no front matter value
/// contains in practice, and read back by splitting; unknown keys are JSON in key order
/// (``IndexedYAMLValue``).
enum IndexRows {
    static let separator = "\u{1F}"

    static let bookColumns = """
        path, slug, status, folder, title, subtitle, authors, isbn, published, pages, publisher, language, series, \
        series_index, tags, rating, added, started, finished, cover, extra, body
        """

    static let insertBookSQL = "INSERT INTO books (\(bookColumns)) VALUES (\(Array(repeating: "?", count: 22).joined(separator: ", ")))"

    static let insertFactsSQL: String = {
        let names = ["id", "path"] + IndexColumns.slots.map(\.column) + IndexListColumns.names
        return "INSERT INTO book_facts (\(names.joined(separator: ", "))) VALUES (\(Array(repeating: "?", count: names.count).joined(separator: ", ")))"
    }()

    /// Binds a book's row for ``insertBookSQL``.
    static func bind(_ book: Book, extra: String?, to row: inout IndexInsert) {
        row.bind(book.path)
        row.bind(book.id.rawValue)
        row.bind(book.status.name)
        row.bind(book.folder)
        row.bind(book.title)
        row.bind(book.subtitle)
        row.bind(book.authors.joined(separator: separator))
        row.bind(book.isbn)
        row.bind(book.published?.description)
        row.bind(book.pages.map(Int64.init))
        row.bind(book.publisher)
        row.bind(book.language)
        row.bind(book.series)
        row.bind(book.seriesIndex)
        row.bind(book.tags.joined(separator: separator))
        row.bind(book.rating)
        row.bind(book.added?.description)
        row.bind(book.started?.description)
        row.bind(book.finished?.description)
        row.bind(book.cover)
        row.bind(extra)
        row.bind(book.body)
    }

    /// Binds the row of ``insertFactsSQL`` of the book at `path`, whose row in `books` is
    /// `id`: its ``IndexColumns`` values (`columns`, in the order of ``IndexColumns/fields``)
    /// and the folded values of its ``IndexListColumns`` (`lists`, in the order of
    /// ``IndexListColumns/fields``).
    static func bindFacts(id: Int64, path: String, columns: [BookFacts.Value?], lists: [[String]], to row: inout IndexInsert) {
        row.bind(id)
        row.bind(path)
        for slot in IndexColumns.slots {
            let (text, number) = IndexColumns.bound(slot, slot.fieldIndex < columns.count ? columns[slot.fieldIndex] : nil)
            if slot.part == .text { row.bind(text) } else { row.bind(number) }
        }
        for position in IndexListColumns.fields.indices {
            let (joined, smallest, largest) = IndexListColumns.values(of: position < lists.count ? lists[position] : [])
            row.bind(joined)
            row.bind(smallest)
            row.bind(largest)
        }
    }

    static func book(_ row: Row) -> Book {
        let published: Publication? = (row["published"] as String?).flatMap { text in
            Int(text).map(Publication.year) ?? Day(text).map(Publication.day)
        }
        return Book(
            id: BookID(row["slug"] as String), status: Status(row["status"] as String), folder: row["folder"],
            path: row["path"], title: row["title"], subtitle: row["subtitle"], authors: list(row["authors"]),
            isbn: row["isbn"], published: published, pages: row["pages"], publisher: row["publisher"],
            language: row["language"], series: row["series"], seriesIndex: row["series_index"], tags: list(row["tags"]),
            rating: row["rating"], added: day(row["added"]), started: day(row["started"]), finished: day(row["finished"]),
            cover: row["cover"], extra: extra(row["extra"]), body: row["body"])
    }

    static let insertSessionSQL = """
        INSERT INTO sessions (path, book_path, book_id, day, sequence, "from", "to", pages, minutes, extra, note)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        """

    /// Binds a session's row for ``insertSessionSQL``.
    static func bind(_ session: ReadingSession, bookPath: String, extra: String?, to row: inout IndexInsert) {
        row.bind(session.path)
        row.bind(bookPath)
        row.bind(session.bookID.rawValue)
        row.bind(session.day.description)
        row.bind(Int64(session.sequence))
        row.bind(session.from.map(Int64.init))
        row.bind(session.to.map(Int64.init))
        row.bind(session.pages.map(Int64.init))
        row.bind(session.minutes.map(Int64.init))
        row.bind(extra)
        row.bind(session.note)
    }

    static func session(_ row: Row) -> ReadingSession? {
        guard let day = day(row["day"]) else { return nil }
        return ReadingSession(
            bookID: BookID(row["book_id"] as String), day: day, sequence: row["sequence"], from: row["from"], to: row["to"],
            pages: row["pages"], minutes: row["minutes"], extra: extra(row["extra"]), note: row["note"], path: row["path"])
    }

    private static func list(_ text: String) -> [String] {
        text.isEmpty ? [] : text.components(separatedBy: separator)
    }

    private static func day(_ text: String?) -> Day? {
        text.flatMap { Day($0) }
    }

    /// Unknown keys as stored, computed while parsing, on all cores, rather than in the write.
    static func extraJSON(_ extra: [YAMLValue.Entry]) -> String? {
        guard !extra.isEmpty else { return nil }
        return IndexedYAMLValue(.mapping(extra)).json
    }

    private static func extra(_ json: String?) -> [YAMLValue.Entry] {
        guard let json else { return [] }
        guard let decoded = try? JSONDecoder().decode(IndexedYAMLValue.self, from: Data(json.utf8)),
              case .mapping(let entries) = decoded.value else { return [] }
        return entries
    }
}
