import ShelfKit

/// One row of a Goodreads "Export Library" CSV, read into a book.
///
/// Columns are found by header name, so the current 24-column export and the older 31-column
/// one (which adds purchase and condition columns) read the same. docs/import.md lists what
/// each column becomes.
struct GoodreadsRow {
    /// Columns a file must have to be read as a Goodreads export.
    static let requiredColumns = ["Title", "Author", "Exclusive Shelf"]
    /// Shelves Goodreads gives every account; they are statuses, never tags.
    static let standardShelves: Set<String> = ["read", "currently-reading", "to-read"]

    let fields: CSVRowReader
    let mapping: ImportStatusMapping

    /// The book the row describes.
    /// - Throws: ``ImportRowError`` naming the first column whose value cannot be read.
    func read() throws(ImportRowError) -> ImportedBook {
        guard let fullTitle = fields.text("Title") else {
            throw ImportRowError(column: "Title", value: "", reason: "is empty; every book needs a title")
        }
        let parsed = SeriesTitle(parsing: fullTitle)
        let shelf = fields.text("Exclusive Shelf") ?? "to-read"
        let (status, statusKeys) = mapping.status(for: shelf)

        var authors: [String] = []
        if let author = fields.text("Author") { authors.append(Self.name(author)) }
        for other in fields.list("Additional Authors") where !authors.contains(Self.name(other)) {
            authors.append(Self.name(other))
        }

        let rating = try fields.integer("My Rating") ?? 0
        guard (0...5).contains(rating) else {
            throw ImportRowError(column: "My Rating", value: fields.text("My Rating") ?? "", reason: "should be 0 to 5")
        }
        // 0 is how Goodreads says it does not know, as a rating of 0 is no rating.
        let pages = try fields.integer("Number of Pages").flatMap { $0 == 0 ? nil : $0 }
        if let pages, pages < 0 {
            throw ImportRowError(column: "Number of Pages", value: String(pages), reason: "should not be negative")
        }
        let original = try fields.integer("Original Publication Year")
        let edition = try fields.integer("Year Published")
        let readCount = try fields.integer("Read Count")
        let ownedCopies = try fields.integer("Owned Copies")

        let excluded = Self.standardShelves.union([shelf.lowercased()])
        var tags: [String] = []
        for tag in fields.list("Bookshelves") where !excluded.contains(tag.lowercased()) && !tags.contains(tag) {
            tags.append(tag)
        }

        // ISBN-13 first, else the ISBN-10; ASINs and malformed numbers go to keys of their own.
        var identifiers = ImportedIdentifiers()
        identifiers.readISBN(fields.text("ISBN13"), column: "ISBN13")
        identifiers.readISBN(fields.text("ISBN"), column: "ISBN")

        var extra: [YAMLValue.Entry] = []
        if let range = parsed.range { extra.append(.init("series_range", .string(range))) }
        if !parsed.others.isEmpty { extra.append(.init("other_series", .list(parsed.others.map(YAMLValue.string)))) }
        extra += identifiers.extra
        if let id = fields.text("Book Id") { extra.append(.init("goodreads_id", Int(id).map(YAMLValue.int) ?? .string(id))) }
        if let binding = fields.text("Binding") { extra.append(.init("format", .string(binding))) }
        if let original, let edition, original != edition { extra.append(.init("edition_published", .int(edition))) }
        if let ownedCopies, ownedCopies > 0 { extra.append(.init("owned", .bool(true))) }
        let expectedReads = mapping.configuration.role(of: status) == .finished ? 1 : 0
        if let readCount, readCount != expectedReads { extra.append(.init("read_count", .int(readCount))) }
        extra += statusKeys

        let book = Book(
            status: status, title: parsed.title, authors: authors, isbn: identifiers.isbn,
            published: (original ?? edition).map(Publication.year), pages: pages, publisher: fields.text("Publisher"),
            series: parsed.series, seriesIndex: parsed.index, tags: tags, rating: rating == 0 ? nil : Double(rating),
            added: try fields.day("Date Added"), finished: try fields.day("Date Read"), extra: extra,
            body: ImportBody.text(review: fields.rawText("My Review").map(ReviewText.markdown(fromHTML:)),
                                  notes: fields.rawText("Private Notes").map(ReviewText.tidy))
        )
        var imported = ImportedBook(book: book, status: status, line: fields.row.line)
        imported.warnings += identifiers.warnings
        return imported
    }

    /// A name with Goodreads' doubled spaces (`Ursula K.  Le Guin`) made single.
    static func name(_ text: String) -> String {
        text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}
