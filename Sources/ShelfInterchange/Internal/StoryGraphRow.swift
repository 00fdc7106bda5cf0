import ShelfKit

/// One row of a StoryGraph export CSV, read into a book.
///
/// Older exports call the `ISBN/UID` column `ISBN`; both are read. docs/import.md lists what
/// each column becomes.
struct StoryGraphRow {
    /// Columns a file must have to be read as a StoryGraph export.
    static let requiredColumns = ["Title", "Authors", "Read Status"]

    let fields: CSVRowReader
    let mapping: ImportStatusMapping

    /// The book the row describes.
    /// - Throws: ``ImportRowError`` naming the first column whose value cannot be read.
    func read() throws(ImportRowError) -> ImportedBook {
        guard let title = fields.text("Title") else {
            throw ImportRowError(column: "Title", value: "", reason: "is empty; every book needs a title")
        }
        let readStatus = fields.text("Read Status") ?? "to-read"
        let (status, statusKeys) = mapping.status(for: readStatus)
        let isRead = readStatus.lowercased() == "read"

        let stars = try fields.number("Star Rating")
        if let stars, !(0...5).contains(stars) {
            throw ImportRowError(column: "Star Rating", value: fields.text("Star Rating") ?? "", reason: "should be 0 to 5")
        }
        let rating = stars.flatMap { $0 > 0 ? max(0.5, ($0 * 2).rounded(.toNearestOrAwayFromZero) / 2) : nil }

        var reads = try readRanges()
        if reads.isEmpty, let last = try fields.day("Last Date Read") { reads = [ReadRange(started: nil, finished: last)] }
        var started: Day?
        var finished: Day?
        if let latest = reads.last {
            if isRead, latest.finished != nil {
                (started, finished) = (latest.started, latest.finished)
                reads.removeLast()
            } else if latest.finished == nil {
                started = latest.started
                reads.removeLast()
            }
        }

        var extra: [YAMLValue.Entry] = []
        var identifiers = ImportedIdentifiers()
        let idColumn = fields.columns["ISBN/UID"] != nil ? "ISBN/UID" : "ISBN"
        identifiers.readStoryGraphID(fields.text(idColumn), column: idColumn)
        extra += identifiers.extra
        if let format = fields.text("Format") { extra.append(.init("format", .string(format))) }
        let contributors = fields.list("Contributors")
        if !contributors.isEmpty { extra.append(.init("contributors", .list(contributors.map(YAMLValue.string)))) }
        let moods = fields.list("Moods")
        if !moods.isEmpty { extra.append(.init("moods", .list(moods.map(YAMLValue.string)))) }
        if let pace = fields.text("Pace") { extra.append(.init("pace", .string(pace))) }
        if let stars, let rating, stars != rating { extra.append(.init("storygraph_rating", .number(stars))) }
        if fields.text("Owned?")?.lowercased() == "yes" { extra.append(.init("owned", .bool(true))) }
        if let count = try fields.integer("Read Count"), count != (mapping.configuration.role(of: status) == .finished ? 1 : 0) {
            extra.append(.init("read_count", .int(count)))
        }
        if !reads.isEmpty { extra.append(.init("reads", .list(reads.map(\.yamlValue)))) }
        extra += statusKeys

        var tags: [String] = []
        for tag in fields.list("Tags") where !tags.contains(tag) { tags.append(tag) }
        // StoryGraph sometimes names an author twice (`Mark D. Rego, Mark D. Rego`).
        var authors: [String] = []
        for author in fields.list("Authors").map(GoodreadsRow.name) where !authors.contains(author) { authors.append(author) }
        let book = Book(
            status: status, title: title, authors: authors, isbn: identifiers.isbn,
            tags: tags, rating: rating, added: try fields.day("Date Added"), started: started, finished: finished,
            extra: extra,
            body: ImportBody.text(review: fields.rawText("Review").map(ReviewText.markdown(fromHTML:)), notes: nil)
        )
        var imported = ImportedBook(book: book, status: status, line: fields.row.line)
        imported.warnings += identifiers.warnings
        return imported
    }

    /// `Dates Read`: reads separated by `;` or `,` (`2023/01/18-2023/01/19, 2020/05/01`), each a
    /// day or a range `start-end` (`start-` while reading, `-end` when the start is unknown),
    /// oldest first.
    private func readRanges() throws(ImportRowError) -> [ReadRange] {
        guard let text = fields.text("Dates Read") else { return [] }
        var ranges: [ReadRange] = []
        for part in text.split(whereSeparator: { $0 == ";" || $0 == "," }) {
            let item = part.trimmingSpaces()
            guard !item.isEmpty else { continue }
            guard let range = Self.readRange(item, order: fields.dayOrder) else {
                throw ImportRowError(column: "Dates Read", value: text,
                                     reason: "should be dates YYYY/MM/DD or ranges YYYY/MM/DD-YYYY/MM/DD separated by semicolons or commas")
            }
            ranges.append(range)
        }
        return ranges.sorted { ($0.finished ?? $0.started ?? Day.distantPast) < ($1.finished ?? $1.started ?? Day.distantPast) }
    }

    /// `2023/01/18` (a read of one day), `2023/01/18-2023/01/19`, `2023/01/18-` or `-2023/01/19`.
    /// Each `-` is tried as the range's separator, so days written `2023-01-18` read too.
    private static func readRange(_ item: String, order: ImportDayOrder) -> ReadRange? {
        // `ImportDate.day` would read `2023/01/18-` as the day, losing that the read goes on.
        if !item.hasPrefix("-"), !item.hasSuffix("-"), let day = ImportDate.day(item, order: order) {
            return ReadRange(started: nil, finished: day)
        }
        for dash in item.indices where item[dash] == "-" {
            let start = item[..<dash].trimmingSpaces()
            let end = item[item.index(after: dash)...].trimmingSpaces()
            guard !(start.isEmpty && end.isEmpty) else { continue }
            let started = start.isEmpty ? nil : ImportDate.day(start, order: order)
            let finished = end.isEmpty ? nil : ImportDate.day(end, order: order)
            if (start.isEmpty || started != nil) && (end.isEmpty || finished != nil) {
                return ReadRange(started: started, finished: finished)
            }
        }
        return nil
    }
}
