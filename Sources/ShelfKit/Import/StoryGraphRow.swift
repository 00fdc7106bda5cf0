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
        let identifier = (fields.text("ISBN/UID") ?? fields.text("ISBN")).flatMap(ISBN.exported)
        var isbn: String?
        if let identifier {
            if ISBN.isASIN(identifier) {
                extra.append(.init("asin", .string(identifier.uppercased())))
            } else if ISBN.problem(with: identifier) == nil || identifier.allSatisfy(\.isNumber) {
                isbn = identifier
            } else {
                extra.append(.init("storygraph_uid", .string(identifier)))
            }
        }
        if let format = fields.text("Format") { extra.append(.init("format", .string(format))) }
        let contributors = fields.list("Contributors")
        if !contributors.isEmpty { extra.append(.init("contributors", .list(contributors.map(YAMLValue.string)))) }
        let moods = fields.list("Moods")
        if !moods.isEmpty { extra.append(.init("moods", .list(moods.map(YAMLValue.string)))) }
        if let pace = fields.text("Pace") { extra.append(.init("pace", .string(pace))) }
        if let stars, let rating, stars != rating { extra.append(.init("storygraph_rating", .number(stars))) }
        if fields.text("Owned?")?.lowercased() == "yes" { extra.append(.init("owned", .bool(true))) }
        if let count = try fields.integer("Read Count"), count != (status == .finished ? 1 : 0) {
            extra.append(.init("read_count", .int(count)))
        }
        if !reads.isEmpty { extra.append(.init("reads", .list(reads.map(\.yamlValue)))) }
        extra += statusKeys

        var tags: [String] = []
        for tag in fields.list("Tags") where !tags.contains(tag) { tags.append(tag) }
        let book = Book(
            status: status, title: title, authors: fields.list("Authors").map(GoodreadsRow.name), isbn: isbn,
            tags: tags, rating: rating, added: try fields.day("Date Added"), started: started, finished: finished,
            extra: extra,
            body: ImportBody.text(review: fields.rawText("Review").map(ReviewText.markdown(fromHTML:)), notes: nil)
        )
        return ImportedBook(book: book, status: status, line: fields.row.line)
    }

    /// `Dates Read`: reads separated by `;`, each a day or a range `start-end` (`start-` while
    /// reading), oldest first.
    private func readRanges() throws(ImportRowError) -> [ReadRange] {
        guard let text = fields.text("Dates Read") else { return [] }
        var ranges: [ReadRange] = []
        for part in text.split(separator: ";") {
            let item = part.trimmingSpaces()
            guard !item.isEmpty else { continue }
            let ends = item.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false).map { $0.trimmingSpaces() }
            let first = ends[0].isEmpty ? nil : ImportDate.day(ends[0], order: fields.dayOrder)
            let second = ends.count > 1 ? (ends[1].isEmpty ? nil : ImportDate.day(ends[1], order: fields.dayOrder)) : first
            let isRange = ends.count > 1
            let valid = (ends[0].isEmpty || first != nil) && (!isRange || ends[1].isEmpty || second != nil)
            guard valid, first != nil || second != nil else {
                throw ImportRowError(column: "Dates Read", value: text, reason: "should be dates YYYY/MM/DD or ranges YYYY/MM/DD-YYYY/MM/DD separated by ;")
            }
            ranges.append(ReadRange(started: isRange ? first : nil, finished: second))
        }
        return ranges.sorted { ($0.finished ?? $0.started ?? Day.distantPast) < ($1.finished ?? $1.started ?? Day.distantPast) }
    }
}
