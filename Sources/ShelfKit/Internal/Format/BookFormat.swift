/// How a ``Book`` is written in a file and read back, by the fields of ``BookSchema``.
enum BookFormat {
    private static let knownKeys = Set(BookSchema.keys)

    /// The key that holds the field `key` in `document`: its own, or an alternative key the
    /// file holds it under (``BookField/alternativeKeys``); `key` itself for a custom key.
    static func fileKey(for key: String, in document: FrontMatterDocument, notes: NoteLayout? = nil) -> String {
        guard let field = BookSchema.field(forKey: key) else { return key }
        if let notes { return NoteFormat.fileKey(for: field, in: document, conventions: notes.conventions) }
        return field.fileKey(in: document)
    }

    /// Whether `key` is one the book model owns, and so cannot be an extra key.
    static func isBookKey(_ key: String) -> Bool { knownKeys.contains(key) }

    // MARK: - Reading

    /// Reads a book from a parsed file; the first bad value throws.
    /// - Throws: ``ShelfError/invalidValue(path:key:value:reason:at:)``.
    static func book(from document: FrontMatterDocument, at location: BookLocation) throws(ShelfError) -> Book {
        try bookAndProblems(from: document, at: location).book
    }

    /// Reads a book that has a title, leaving out values of the wrong type and returning them
    /// as problems. A book whose `rating: ⭐⭐⭐⭐` is not a number is still a book the person
    /// wants to see; its other fields are fine, and since the value is left out of the book on
    /// both sides of an update, the line is never rewritten unless the person sets the key.
    /// - Throws: the problem of a required field (the title), since a book cannot be shown without one.
    static func bookAndProblems(from document: FrontMatterDocument,
                                at location: BookLocation) throws(ShelfError) -> (book: Book, problems: [ShelfError]) {
        if let notes = location.notes {
            guard NoteFormat.isBook(document, conventions: notes.conventions) else { throw .notABook(path: location.path) }
            return NoteFormat.read(document, at: location, conventions: notes.conventions)
        }
        let (book, errors) = read(document, at: location)
        for error in errors {
            if case .invalidValue(_, let key, _, _, _) = error, BookSchema.field(forKey: key)?.isRequired == true { throw error }
        }
        return (book, errors)
    }

    /// Reads a book, collecting every type error and a missing title.
    static func read(_ document: FrontMatterDocument, at location: BookLocation) -> (Book, [ShelfError]) {
        if let notes = location.notes { return NoteFormat.read(document, at: location, conventions: notes.conventions) }
        var reader = FieldReader(document)
        var book = Book(id: BookID(location.slug), status: location.status, folder: location.folder, path: location.path,
                        title: "")
        // The keys read besides the fields' own: `author` for `authors`. Kept apart rather than
        // added to a copy of `knownKeys`, which cost a copy of the set and a hash of every key
        // for each book read.
        var alternativesRead: [String] = []
        for field in BookSchema.fields {
            let key = field.fileKey(in: document)
            if key != field.key { alternativesRead.append(key) }
            field.set(&book, reader.value(of: field, at: key))
        }
        book.extra = reader.extra { !knownKeys.contains($0) && !alternativesRead.contains($0) }
        book.body = reader.body
        return (book, reader.errors)
    }

    /// Problems with values of the right type: a rating out of range, a bad ISBN check digit,
    /// negative pages (``BookValueRule``). They do not stop a book from being read, but `check`
    /// reports them.
    static func valueProblems(of book: Book, in document: FrontMatterDocument) -> [ShelfError] {
        let reader = FieldReader(document)
        return BookSchema.fields.compactMap { field in
            guard let rule = field.rule, let value = field.get(book), let reason = rule.problem(value) else { return nil }
            return reader.invalid(field.fileKey(in: document), reason: reason)
        }
    }

    // MARK: - Writing

    /// Throws when `book` cannot be written: no title, a bad rating, an extra key that is a book key.
    /// - Parameter keys: Check only these keys, the ones an update changes, so that a value the
    ///   file already holds (`rating: 0`, Goodreads' "unrated") does not block editing another
    ///   key; `check` reports it. `nil` checks every key, as for a new book.
    static func validate(_ book: Book, path: String, keys: Set<String>? = nil) throws(ShelfError) {
        func checks(_ key: String) -> Bool { keys?.contains(key) ?? true }
        func invalid(_ key: String, _ value: String, _ reason: String) -> ShelfError {
            .invalidValue(path: path, key: key, value: value, reason: reason, at: nil)
        }
        for field in BookSchema.fields where checks(field.key) {
            let value = field.get(book)
            if field.isRequired, value?.messageText.allSatisfy(\.isWhitespace) ?? true {
                throw invalid(field.key, value?.messageText ?? "", "is empty; every book needs a \(field.key)")
            }
            if let rule = field.rule, rule.refusesWrites, let value, let reason = rule.problem(value) {
                throw invalid(field.key, value.messageText, reason)
            }
        }
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
        BookSchema.fields.map { ($0.key, $0.value(book)) }
    }

    /// A new file for `book`: canonical key order, then extra keys, then the body.
    static func newFile(_ book: Book, path: String) throws(ShelfError) -> FrontMatterDocument {
        let entries = values(of: book).compactMap { pair in pair.value.map { YAMLValue.Entry(pair.key, $0) } } + book.extra
        return try DocumentWriting.newFile(entries: entries, body: book.body, path: path)
    }

    /// `document` edited from `current` to `new`, touching only the keys whose values differ;
    /// `nil` when nothing differs.
    static func edit(_ document: FrontMatterDocument, from current: Book, to new: Book,
                     notes: NoteLayout?) throws(ShelfError) -> FrontMatterDocument? {
        if let notes { return try NoteFormat.edit(document, from: current, to: new, conventions: notes.conventions) }
        let old = values(of: current), changed = values(of: new)
        var edits: [(key: String, value: YAMLValue?)] = []
        let fileKeys = BookSchema.fields.map { $0.fileKey(in: document) }
        for (field, fileKey) in zip(BookSchema.fields, fileKeys) where fileKey != field.key {
            if new.extra.contains(where: { $0.key == fileKey }) {
                throw .invalidValue(path: new.path, key: fileKey, value: "",
                                    reason: "holds this book's \(field.key) here; set \(field.key) instead", at: nil)
            }
        }
        for ((before, after), fileKey) in zip(zip(old, changed), fileKeys) where !same(before.value, after.value) {
            edits.append((fileKey, after.value))
        }
        return try DocumentWriting.edit(document, canonicalOrder: fileKeys, edits: edits, oldExtra: current.extra,
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
    package static func number(_ value: Double) -> YAMLValue {
        if value.rounded() == value, abs(value) < 1e15 { return .int(Int(value)) }
        return .double(value)
    }
}
