/// The query fields a book has at most one value of, kept as columns of the `book_facts` table.
///
/// A book has one title, one status, one `pages`…; a table of (book, field, value) rows for
/// them held about 16 rows per book, which made up half of the index and a third of the
/// time of its first build. Only authors, tags and custom keys, which can have several
/// values, stay in `book_values`. Each column holds exactly what ``BookFacts/Value`` holds:
/// folded text for text fields, the number or day number for the others, and for
/// `published`, which may be a year, the first and last day it covers.
enum IndexColumns {
    /// Which part of a ``BookFacts/Value`` a column holds.
    enum Part: Sendable {
        case text
        /// The low end of an interval, which is the whole value when the interval is one point.
        case low
        case high
    }

    /// One column: the field it belongs to, that field's position in ``fields``, and its part.
    struct Slot: Sendable {
        let field: QueryField
        let fieldIndex: Int
        let column: String
        let part: Part
    }

    /// The fields stored as columns: every built-in query field a book has at most one value of.
    static let fields: [QueryField] = BookSchema.queryFields.map(\.field).filter { !$0.isList }

    /// The fields whose values come from the book's sessions, in the order
    /// ``sessionUpdateSQL`` sets them.
    static let sessionFields: [QueryField] = fields.filter(\.needsSessions)

    /// Every column, in the order of ``fields``.
    static let slots: [Slot] = fields.enumerated().flatMap { index, field -> [Slot] in
        let column = "q_" + field.storageName
        switch field.kind {
        case .text:
            return [Slot(field: field, fieldIndex: index, column: column, part: .text)]
        case .date where field.coversDays:
            return [Slot(field: field, fieldIndex: index, column: column + "_low", part: .low),
                    Slot(field: field, fieldIndex: index, column: column + "_high", part: .high)]
        case .number, .date, .custom:
            return [Slot(field: field, fieldIndex: index, column: column, part: .low)]
        }
    }

    /// The column definitions for `CREATE TABLE book_facts`.
    static var definitions: String {
        slots.map { "\($0.column) \($0.part == .text ? "TEXT" : "REAL")" }.joined(separator: ", ")
    }

    /// The column holding the number (or the day, as `yyyymmdd`, ``QueryDate/number(_:)``) of the
    /// field stored as `storageName`, for the fields whose value is one number or day.
    static func lowColumn(of storageName: String) -> String? {
        slots.first { $0.field.storageName == storageName && $0.part == .low }?.column
    }

    /// The column of `book_facts` that orders a sort by `field` as ``BookSort/Keys`` does, for
    /// the fields whose key is one number or day (a day as `yyyymmdd` orders as the day) and
    /// for the first author (`sort_author`, ``IndexRows/sortText(of:)``). `nil` for the others:
    /// the title has its own index (`sort_title`), a status sorts in the configured order,
    /// `published` sorts a bare year before its days, a path compares as Swift strings do.
    static func sortColumn(of field: BookSort.Field) -> String? {
        switch field {
        case .rating, .pages, .added, .started, .finished: lowColumn(of: field.rawValue)
        case .author: "sort_author"
        case .title, .status, .published, .path: nil
        }
    }

    /// The position in ``fields`` of each field stored as a column, by storage name.
    static let position: [String: Int] = Dictionary(uniqueKeysWithValues: fields.enumerated().map { ($1.storageName, $0) })

    /// The SQL expressions a predicate on `field` reads as text, low and high: columns of
    /// `book_facts AS b`, or `NULL` for a part the field never has. `nil` when the field's values
    /// are rows of `book_values`.
    static func expressions(of field: QueryField) -> (text: String, low: String, high: String)? {
        guard position[field.storageName] != nil else { return nil }
        var text = "NULL", low = "NULL", high = "NULL"
        for slot in slots where slot.field == field {
            switch slot.part {
            case .text: text = "b." + slot.column
            case .low:
                low = "b." + slot.column
                if high == "NULL" { high = low }
            case .high: high = "b." + slot.column
            }
        }
        return (text, low, high)
    }

    /// The value a slot stores from its field's value.
    static func bound(_ slot: Slot, _ value: BookFacts.Value?) -> (text: String?, number: Double?) {
        guard let value else { return (nil, nil) }
        switch slot.part {
        case .text: return (value.text, nil)
        case .low: return (nil, value.low)
        case .high: return (nil, value.high)
        }
    }

    /// Sets a book's session values; arguments are those of ``sessionFields`` (``sessionValues(pages:progress:)``),
    /// then those of ``IndexProgressColumns``, then the `id` of its row in `books`, which `book_facts` shares.
    static var sessionUpdateSQL: String {
        let assignments = (sessionFields.map { "q_\($0.storageName)" } + IndexProgressColumns.names).map { $0 + " = ?" }
            .joined(separator: ", ")
        return "UPDATE book_facts SET \(assignments) WHERE id = ?"
    }

    /// The values of ``sessionFields`` for ``sessionUpdateSQL``, of a book of `pages` pages.
    static func sessionValues(pages: Int?, progress: ReadingProgress) -> [Double?] {
        let book = Book(title: "", pages: pages)
        return sessionFields.map { field in
            BookSchema.queryFields.first { $0.field == field }?.values(book, progress).first?.low
        }
    }
}
