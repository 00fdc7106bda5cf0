/// Authors and tags, kept as columns of `book_facts` too, though a book can have several of each.
///
/// Each list field has three columns: its folded values joined and wrapped by the unit
/// separator (`␟frank herbert␟brian herbert␟`, NULL for none), and its smallest and largest
/// value in byte order. Every predicate a query can put on a text list is a test on these:
/// some value contains `x` when the joined text does (no value contains the separator:
/// `FieldReader.list(_:)` refuses one that does), some value equals `x` when the joined text contains `␟x␟`, and some
/// value is below `x` when the smallest one is. They replaced about three rows of
/// `book_values` per book, a tenth of the first build.
enum IndexListColumns {
    static let separator = "\u{1F}"

    /// The list fields kept as columns. Custom keys stay in `book_values`.
    static let fields: [QueryField] = BookSchema.queryFields.map(\.field).filter(\.isList)

    /// The position in ``fields`` of each list field, by storage name.
    static let position: [String: Int] = Dictionary(uniqueKeysWithValues: fields.enumerated().map { ($1.storageName, $0) })

    /// The three column names of a field.
    static func columns(of field: QueryField) -> (joined: String, smallest: String, largest: String) {
        let name = "q_" + field.storageName
        return (name, name + "_min", name + "_max")
    }

    /// The column definitions for `CREATE TABLE book_facts`.
    static var definitions: String {
        fields.map { field in
            let (joined, smallest, largest) = columns(of: field)
            return "\(joined) TEXT, \(smallest) TEXT, \(largest) TEXT"
        }.joined(separator: ", ")
    }

    /// An index of the joined columns. A query that tests only authors and tags, the most
    /// common kind, scans it instead of `book_facts`, a tenth of the pages: the scan was half
    /// of a watched `list author:herbert` at 100,000 books (27 against 10 ms in `sqlite3`).
    static var indexSQL: String {
        "CREATE INDEX book_facts_by_lists ON book_facts(\(fields.map { columns(of: $0).joined }.joined(separator: ", ")));"
    }

    /// Every column name, in the order ``values(of:)`` gives their values.
    static var names: [String] {
        fields.flatMap { field -> [String] in
            let (joined, smallest, largest) = columns(of: field)
            return [joined, smallest, largest]
        }
    }

    /// The columns' values for one field's folded values: all NULL when there are none.
    static func values(of folded: [String]) -> (joined: String?, smallest: String?, largest: String?) {
        guard let first = folded.first else { return (nil, nil, nil) }
        var smallest = first, largest = first
        for value in folded.dropFirst() {
            // Byte order, as SQLite's BINARY collation compares.
            if value.utf8.lexicographicallyPrecedes(smallest.utf8) { smallest = value }
            if largest.utf8.lexicographicallyPrecedes(value.utf8) { largest = value }
        }
        return (separator + folded.joined(separator: separator) + separator, smallest, largest)
    }
}
