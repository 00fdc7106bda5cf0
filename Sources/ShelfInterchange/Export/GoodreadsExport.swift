internal import CSV
internal import Foundation
public import ShelfKit

/// Books as a Goodreads "Export Library" CSV, the 24-column form Goodreads writes today, so
/// other tools that read Goodreads exports read shelf's too.
///
/// Importing the file again with ``LibraryImporter`` into an empty library gives the same book
/// files, with the same slugs: the series goes back into the title as `Title (Series, #1)`
/// (with `series_range` and `other_series`: `Title (Series, #1-3)`, `Mort (Discworld, #4; Death, #1)`),
/// ISBNs are written `="…"` (``identifierColumns(_:)``), the body's review goes to `My Review`
/// as the HTML Goodreads shows (``ReviewText/html(fromMarkdown:)``) and the private notes to
/// `Private Notes`, and the rows are in slug order (``inImportOrder(_:)``). Ratings are whole
/// stars on Goodreads, so a half star is rounded up.
public enum GoodreadsExport {
    /// The exact header of Goodreads' export.
    public static let header = [
        "Book Id", "Title", "Author", "Author l-f", "Additional Authors", "ISBN", "ISBN13", "My Rating",
        "Average Rating", "Publisher", "Binding", "Number of Pages", "Year Published", "Original Publication Year",
        "Date Read", "Date Added", "Bookshelves", "Bookshelves with positions", "Exclusive Shelf", "My Review",
        "Spoiler", "Private Notes", "Read Count", "Owned Copies",
    ]

    /// The CSV text for `books`, header first, lines ending in `\n`.
    ///
    /// Rows are in slug order, `dune` before `dune-2` before `dune-10`: the import gives a title's
    /// slug to the first row that has it, so importing the file gives every book its slug again.
    /// - Parameter configuration: The statuses, to name the first one `to-read`.
    /// - Throws: ``ShelfError/io(path:operation:message:)`` if the CSV cannot be written to memory.
    public static func csv(_ books: [Book], configuration: LibraryConfiguration) throws(ShelfError) -> String {
        do {
            let writer = try CSVWriter(stream: .toMemory())
            try writer.write(row: header)
            for book in inImportOrder(books) { try writer.write(row: row(for: book, configuration: configuration)) }
            writer.stream.close()
            guard let data = writer.stream.property(forKey: .dataWrittenToMemoryStreamKey) as? Data else { return "" }
            return String(decoding: data, as: UTF8.self) + "\n"
        } catch {
            throw .io(path: "<memory>", operation: "write CSV", message: "\(error)")
        }
    }

    /// One book's fields in ``header`` order.
    static func row(for book: Book, configuration: LibraryConfiguration) -> [String] {
        let (review, notes) = ImportBody.sections(of: book.body)
        let (isbn10, isbn13) = identifierColumns(book)
        let first = book.authors.first ?? ""
        let shelf = exclusiveShelf(book, configuration: configuration)
        let expectedReads = configuration.role(of: book.status) == .finished ? 1 : 0
        let readCount = book.extra("read_count").flatMap(\.intValue) ?? expectedReads
        let owned = book.extra("owned") == .bool(true)
        let edition = book.extra("edition_published").flatMap(\.intValue) ?? book.published?.year
        return [
            book.extra("goodreads_id")?.plainText() ?? "",
            SeriesTitle.goodreads(title: book.title, series: book.series, index: book.seriesIndex,
                                  range: book.extra("series_range")?.plainText(),
                                  others: otherSeries(book)),
            first,
            lastFirst(first),
            book.authors.dropFirst().joined(separator: ", "),
            "=\"\(isbn10)\"",
            "=\"\(isbn13)\"",
            book.rating.map { String(Int($0.rounded(.up))) } ?? "0",
            "",
            book.publisher ?? "",
            book.extra("format")?.plainText() ?? "",
            book.pages.map(String.init) ?? "",
            edition.map(String.init) ?? "",
            book.published.map { String($0.year) } ?? "",
            book.finished.map(ImportDate.slashed) ?? "",
            book.added.map(ImportDate.slashed) ?? "",
            (book.tags + (GoodreadsRow.standardShelves.contains(shelf) ? [] : [shelf])).joined(separator: ", "),
            "",
            shelf,
            review.map(ReviewText.html(fromMarkdown:)) ?? "",
            "",
            notes ?? "",
            String(readCount),
            owned ? "1" : "0",
        ]
    }

    /// The `ISBN` and `ISBN13` cells, so that the import puts every identifier back where it
    /// was: an ISBN-13 in `ISBN13` with its ISBN-10 beside it, an ISBN-10 alone in `ISBN` (the
    /// import would otherwise keep the ISBN-13 made from it), and in the cells left over the
    /// values an import set aside (`isbn_invalid`) and the ASIN, which Goodreads itself writes
    /// in `ISBN13` for Kindle editions.
    static func identifierColumns(_ book: Book) -> (isbn10: String, isbn13: String) {
        var isbn13: String?
        var isbn10: String?
        if let isbn = book.isbn.flatMap(ISBN.exported) {
            if isbn.count == 13 { isbn13 = isbn } else { isbn10 = isbn }
        }
        var others: [String] = []
        switch book.extra("isbn_invalid") {
        case .string(let value)?: others.append(value)
        case .list(let values)?: others += values.compactMap { if case .string(let value) = $0 { value } else { nil } }
        default: break
        }
        if case .string(let asin)? = book.extra("asin") { others.append(asin) }
        // The import reads ISBN13 first, so the first value set aside goes there.
        for value in others {
            if isbn13 == nil { isbn13 = value } else if isbn10 == nil { isbn10 = value }
        }
        if isbn10 == nil, let isbn = book.isbn, isbn13 == ISBN.exported(isbn) { isbn10 = ISBN.ten(isbn) }
        return (isbn10 ?? "", isbn13 ?? "")
    }

    /// `books` in the order that gives each its slug again when the export is imported into an
    /// empty library: the import gives a book the slug of its title, or `slug-2`, `slug-3`…
    /// when that is taken, in row order. Sorting by slug, with a `-N` ending compared as a
    /// number after the part before it, puts `dune` before `dune-2` before `dune-10`, and a
    /// `foo-2` that is a title's own slug before the `foo-2-2` it pushed along.
    static func inImportOrder(_ books: [Book]) -> [Book] {
        struct Key {
            var stem: String
            var number: Int
            var path: String
        }
        func key(_ book: Book) -> Key {
            let slug = book.id.rawValue
            if let dash = slug.lastIndex(of: "-"), dash > slug.startIndex {
                let digits = slug[slug.index(after: dash)...]
                if !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }), let number = Int(digits), number >= 2 {
                    return Key(stem: String(slug[..<dash]), number: number, path: book.path)
                }
            }
            return Key(stem: slug, number: 1, path: book.path)
        }
        func precedes(_ left: Key, _ right: Key) -> Bool {
            if left.stem != right.stem { return ByteOrder.precedes(left.stem, right.stem) }
            if left.number != right.number { return left.number < right.number }
            return ByteOrder.precedes(left.path, right.path)
        }
        return books.map { (key: key($0), book: $0) }.sorted { precedes($0.key, $1.key) }.map(\.book)
    }

    /// `read`, `currently-reading`, `to-read`, `did-not-finish` by the role the book's status
    /// plays, else the status name.
    static func exclusiveShelf(_ book: Book, configuration: LibraryConfiguration) -> String {
        if case .string(let shelf)? = book.extra("goodreads_shelf") { return shelf }
        switch configuration.role(of: book.status) {
        case .finished?: return "read"
        case .reading?: return "currently-reading"
        case .abandoned?: return "did-not-finish"
        case .toRead?: return "to-read"
        case nil: return book.status.name
        }
    }

    /// The book's `other_series` entries: a list, or one entry written as a string.
    static func otherSeries(_ book: Book) -> [String] {
        switch book.extra("other_series") {
        case .list(let items)?: items.map { $0.plainText() }.filter { !$0.isEmpty }
        case let value?: [value.plainText()].filter { !$0.isEmpty }
        case nil: []
        }
    }

    /// `Le Guin, Ursula K.` for `Ursula K. Le Guin`: the surname first, as Goodreads sorts. The
    /// surname is the last word with the particles before it (`Le Guin`, `van der Berg`, `de la
    /// Cruz`) and a suffix after it (`King Jr., Martin Luther`); a name of one word stays as it is.
    static func lastFirst(_ name: String) -> String {
        var words = name.split(separator: " ").map(String.init)
        guard words.count > 1 else { return name }
        var suffix: [String] = []
        if words.count > 2, let last = words.last, nameSuffixes.contains(last.lowercased().trimmingCharacters(in: [","])) {
            suffix = [last.trimmingCharacters(in: [","])]
            words.removeLast()
            if words[words.count - 1].hasSuffix(",") { words[words.count - 1].removeLast() }
        }
        var start = words.count - 1
        while start > 1, surnameParticles.contains(words[start - 1].lowercased()) { start -= 1 }
        let surname = (words[start...] + suffix).joined(separator: " ")
        return "\(surname), \(words[..<start].joined(separator: " "))"
    }

    /// Words that begin a surname: `Le Guin`, `van Gogh`, `de la Cruz`, `bin Laden`.
    static let surnameParticles: Set<String> = [
        "le", "la", "de", "du", "des", "del", "della", "der", "den", "di", "da", "dos", "das", "do", "van", "von", "ter",
        "ten", "st.", "bin", "ibn", "al", "el",
    ]

    /// Words that end a name after the surname: `King Jr.`.
    static let nameSuffixes: Set<String> = ["jr.", "jr", "sr.", "sr", "ii", "iii", "iv"]
}
