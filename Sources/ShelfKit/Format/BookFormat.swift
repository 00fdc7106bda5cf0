/// How a ``Book`` is written in a file and read back: the keys, their order and their types.
enum BookFormat {
    /// The keys the book model owns, in canonical order: the order of new files, and where an
    /// update places a key it adds. The one list of what a book's file holds.
    static let fields: [BookField] = [
        BookField("title", \.title) { .string($0) },
        BookField("subtitle", \.subtitle) { $0.map(YAMLValue.string) },
        BookField("authors", \.authors) { $0.isEmpty ? nil : .list($0.map(YAMLValue.string)) },
        BookField("isbn", \.isbn) { $0.map(YAMLValue.string) },
        BookField("published", \.published) { $0?.yamlValue },
        BookField("pages", \.pages) { $0.map(YAMLValue.int) },
        BookField("publisher", \.publisher) { $0.map(YAMLValue.string) },
        BookField("language", \.language) { $0.map(YAMLValue.string) },
        BookField("series", \.series) { $0.map(YAMLValue.string) },
        BookField("series_index", \.seriesIndex) { $0.map(YAMLValue.number) },
        BookField("tags", \.tags) { $0.isEmpty ? nil : .list($0.map(YAMLValue.string)) },
        BookField("rating", \.rating) { $0.map(YAMLValue.number) },
        BookField("added", \.added) { $0.map(YAMLValue.day) },
        BookField("started", \.started) { $0.map(YAMLValue.day) },
        BookField("finished", \.finished) { $0.map(YAMLValue.day) },
        BookField("cover", \.cover) { $0.map(YAMLValue.string) },
    ]
    /// The names of ``fields``, in order.
    static let keys = fields.map(\.key)
    private static let knownKeys = Set(keys)

    /// `author`, which Obsidian's book plugins and many hand-made notes use, read as `authors`
    /// when a file has no `authors`; edits of the authors then go to the key the file has.
    static let singularAuthorKey = "author"

    /// The key that holds the authors in `document`: `author` when it has a value and `authors`
    /// has none (absent, or empty as in vaults made from Goodreads exports: `authors:`).
    static func authorsKey(in document: FrontMatterDocument) -> String {
        func holdsValue(_ key: String) -> Bool {
            guard let node = document[key] else { return false }
            switch node.value {
            case .null: return false
            case .string(let text): return !text.isEmpty
            case .list(let items): return !items.isEmpty
            default: return true
            }
        }
        return !holdsValue("authors") && holdsValue(singularAuthorKey) ? singularAuthorKey : "authors"
    }

    /// Whether `key` is one the book model owns, and so cannot be an extra key.
    static func isBookKey(_ key: String) -> Bool { knownKeys.contains(key) }

    // MARK: - Reading

    /// Reads a book from a parsed file; the first bad value throws.
    /// - Throws: ``ShelfError/invalidValue(path:key:value:reason:line:column:)``.
    static func book(from document: FrontMatterDocument, at location: BookLocation) throws(ShelfError) -> Book {
        try bookAndProblems(from: document, at: location).book
    }

    /// Reads a book that has a title, leaving out values of the wrong type and returning them
    /// as problems. A book whose `rating: ⭐⭐⭐⭐` is not a number is still a book the person
    /// wants to see; its other fields are fine, and since the value is left out of the book on
    /// both sides of an update, the line is never rewritten unless the person sets the key.
    /// - Throws: the title's problem, since a book cannot be shown without one.
    static func bookAndProblems(from document: FrontMatterDocument,
                                at location: BookLocation) throws(ShelfError) -> (book: Book, problems: [ShelfError]) {
        let (book, errors) = read(document, at: location)
        for error in errors {
            if case .invalidValue(_, "title", _, _, _, _) = error { throw error }
        }
        return (book, errors)
    }

    /// Reads a book, collecting every type error and a missing title.
    static func read(_ document: FrontMatterDocument, at location: BookLocation) -> (Book, [ShelfError]) {
        var reader = FieldReader(document)
        let authorsKey = authorsKey(in: document)
        let title = reader.read { document throws(FrontMatterError) in try document.string("title") } ?? ""
        if title.allSatisfy(\.isWhitespace), reader.errors.isEmpty {
            reader.reject("title", reason: document["title"] == nil ? "is missing; every book needs a title" : "is empty; every book needs a title")
        }
        var book = Book(
            id: BookID(location.slug), status: location.status, folder: location.folder, path: location.path,
            title: title,
            subtitle: reader.read { document throws(FrontMatterError) in try document.string("subtitle") },
            authors: reader.list(authorsKey) ?? [],
            isbn: reader.read { document throws(FrontMatterError) in try document.string("isbn") },
            pages: reader.read { document throws(FrontMatterError) in try document.int("pages") },
            publisher: reader.read { document throws(FrontMatterError) in try document.string("publisher") },
            language: reader.read { document throws(FrontMatterError) in try document.string("language") },
            series: reader.read { document throws(FrontMatterError) in try document.string("series") },
            seriesIndex: reader.read { document throws(FrontMatterError) in try document.double("series_index") },
            tags: reader.list("tags") ?? [],
            rating: reader.read { document throws(FrontMatterError) in try document.double("rating") },
            added: reader.read { document throws(FrontMatterError) in try document.day("added") },
            started: reader.read { document throws(FrontMatterError) in try document.day("started") },
            finished: reader.read { document throws(FrontMatterError) in try document.day("finished") },
            cover: reader.read { document throws(FrontMatterError) in try document.string("cover") },
            extra: reader.extra(excluding: authorsKey == "authors" ? knownKeys : knownKeys.union([authorsKey])),
            body: reader.body
        )
        book.published = publication(&reader)
        return (book, reader.errors)
    }

    /// `published`: a year or a day, plain or quoted.
    private static func publication(_ reader: inout FieldReader) -> Publication? {
        guard let node = reader.document["published"], !node.isNull else { return nil }
        switch node.value {
        case .int(let year): return .year(year)
        case .day(let day): return .day(day)
        case .string(let text):
            if let year = Int(text) { return .year(year) }
            if let day = FrontMatterDocument.day(fromDateOrTimestamp: text) { return .day(day) }
            // `2021-05`: a month is as exact as most people know a publication; keep its year.
            let parts = text.split(separator: "-")
            if parts.count == 2, parts[0].count == 4, parts[1].count == 2, let year = Int(parts[0]),
               let month = Int(parts[1]), (1...12).contains(month) {
                return .year(year)
            }
        default: break
        }
        reader.reject("published", reason: "should be a year or a date (YYYY-MM-DD)")
        return nil
    }

    /// Problems with values of the right type: a rating out of range, a bad ISBN check digit.
    /// They do not stop a book from being read, but `check` reports them.
    static func valueProblems(of book: Book, in document: FrontMatterDocument) -> [ShelfError] {
        let reader = FieldReader(document)
        var problems: [ShelfError] = []
        if let rating = book.rating, let reason = Book.ratingProblem(rating) {
            problems.append(reader.invalid("rating", reason: reason))
        }
        if let isbn = book.isbn, let message = ISBN.problem(with: isbn) {
            problems.append(reader.invalid("isbn", reason: message))
        }
        return problems
    }

    // MARK: - Writing

    /// Throws when `book` cannot be written: no title, a bad rating, an extra key that is a book key.
    /// - Parameter keys: Check only these keys, the ones an update changes, so that a value the
    ///   file already holds (`rating: 0`, Goodreads' "unrated") does not block editing another
    ///   key; `check` reports it. `nil` checks every key, as for a new book.
    static func validate(_ book: Book, path: String, keys: Set<String>? = nil) throws(ShelfError) {
        func checks(_ key: String) -> Bool { keys?.contains(key) ?? true }
        func invalid(_ key: String, _ value: String, _ reason: String) -> ShelfError {
            .invalidValue(path: path, key: key, value: value, reason: reason, line: 0, column: 0)
        }
        if checks("title"), book.title.allSatisfy(\.isWhitespace) { throw invalid("title", book.title, "is empty; every book needs a title") }
        if checks("rating"), let rating = book.rating, let reason = Book.ratingProblem(rating) {
            throw invalid("rating", YAMLValue.number(rating).description, reason)
        }
        if checks("pages"), let pages = book.pages, pages < 0 { throw invalid("pages", String(pages), "should not be negative") }
        var seen: Set<String> = []
        for entry in book.extra {
            let checked = checks(entry.key)
            if checked, isBookKey(entry.key) { throw invalid(entry.key, "", "is a book field; set it on the book, not in extra") }
            if checked, entry.key.isEmpty { throw invalid("extra", "", "has an empty key") }
            if !seen.insert(entry.key).inserted, checked { throw invalid(entry.key, "", "appears twice in extra") }
        }
    }

    /// The value each book key has, `nil` for keys the file should not have.
    static func values(of book: Book) -> [(key: String, value: YAMLValue?)] {
        fields.map { ($0.key, $0.value(book)) }
    }

    /// A new file for `book`: canonical key order, then extra keys, then the body.
    static func newFile(_ book: Book, path: String) throws(ShelfError) -> FrontMatterDocument {
        let entries = values(of: book).compactMap { pair in pair.value.map { YAMLValue.Entry(pair.key, $0) } } + book.extra
        return try DocumentWriting.newFile(entries: entries, body: book.body, path: path)
    }

    /// `document` edited from `current` to `new`, touching only the keys whose values differ;
    /// `nil` when nothing differs.
    static func edit(_ document: FrontMatterDocument, from current: Book, to new: Book) throws(ShelfError) -> FrontMatterDocument? {
        let old = values(of: current), changed = values(of: new)
        var edits: [(key: String, value: YAMLValue?)] = []
        let authorsKey = authorsKey(in: document)
        if authorsKey != "authors", new.extra.contains(where: { $0.key == authorsKey }) {
            throw .invalidValue(path: new.path, key: authorsKey, value: "",
                                reason: "holds this book's authors here; set authors instead", line: 0, column: 0)
        }
        for (before, after) in zip(old, changed) where !same(before.value, after.value) {
            edits.append(after.key == "authors" ? (authorsKey, after.value) : after)
        }
        let order = keys.map { $0 == "authors" ? authorsKey : $0 }
        return try DocumentWriting.edit(document, canonicalOrder: order, edits: edits, oldExtra: current.extra,
                                        newExtra: new.extra, oldBody: current.body, newBody: new.body)
    }

    static func same(_ a: YAMLValue?, _ b: YAMLValue?) -> Bool {
        switch (a, b) {
        case (nil, nil): true
        case let (a?, b?): a.isSameValue(as: b)
        default: false
        }
    }
}

extension YAMLValue {
    /// A whole number as `.int`, so `rating: 5` is not written `5.0`.
    static func number(_ value: Double) -> YAMLValue {
        if value.rounded() == value, abs(value) < 1e15 { return .int(Int(value)) }
        return .double(value)
    }
}
