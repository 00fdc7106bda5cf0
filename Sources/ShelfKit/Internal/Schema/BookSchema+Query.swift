/// The fields queries can name, built in: a book's fields, with where its file is and the values
/// computed from it and its sessions, declared in one place. The index keeps a column of
/// `book_facts` for each (``IndexColumns``, ``IndexListColumns``), and Swift evaluation computes
/// the same values (``BookFacts``).
extension BookSchema {
    /// One built-in query field: the names a query may use and how a book's values are computed.
    struct QueryFieldDefinition: Sendable {
        let field: QueryField
        /// Every name, in lower case, the first the field's own.
        let names: [String]
        /// The book's values; `progress` is `nil` when the sessions were not read, and only
        /// then, for fields that ``QueryField/needsSessions``, the values are unknown.
        let values: @Sendable (Book, ReadingProgress?) -> [BookFacts.Value]
    }

    /// Every built-in query field: the book's fields in canonical order, then where the file
    /// is, then the computed ones. The fields from sessions are in the order
    /// ``IndexColumns/sessionUpdateSQL`` sets them.
    static let queryFields: [QueryFieldDefinition] = fields.map(queryField) + [
        // Where the file is.
        computed("status", .text) { book, _ in [.text(book.status.name)] },
        computed("folder", .text) { book, _ in book.folder.isEmpty ? [] : [.text(book.folder)] },
        // The year the book was finished.
        computed("year", .number) { book, _ in book.finished.map { [.number(Double($0.year))] } ?? [] },
        // How many reads ended with the last page: the earlier ones in `reads` and this one
        // when it has `finished` (`reads>1`: books read more than once).
        computed("reads", .number) { book, _ in
            [.number(Double(book.earlierReads.count { $0.finished != nil } + (book.finished == nil ? 0 : 1)))]
        },
        // How many readable sessions the book has.
        computed("sessions", .number, needsSessions: true) { _, progress in
            progress.map { [.number(Double($0.sessions))] } ?? []
        },
        // Pages logged over all sessions.
        computed("read", .number, needsSessions: true) { _, progress in
            progress.map { [.number(Double($0.pagesRead))] } ?? []
        },
        // Minutes logged over all sessions.
        computed("minutes", .number, needsSessions: true) { _, progress in
            progress.map { [.number(Double($0.minutes))] } ?? []
        },
        // Percent of `pages` reached, from the sessions (see ``ReadingProgress/percent(of:)``).
        computed("progress", .number, needsSessions: true) { book, progress in
            progress?.percent(of: book.pages).map { [.number(Double($0))] } ?? []
        },
    ]

    private static func queryField(_ field: BookField) -> QueryFieldDefinition {
        QueryFieldDefinition(
            field: QueryField(name: field.queryName, kind: field.valueType.queryKind, isList: field.valueType == .textList,
                              coversDays: field.valueType == .publication),
            names: field.queryNames.map { $0.lowercased() },
            values: { book, _ in field.get(book)?.facts ?? [] })
    }

    private static func computed(_ name: String, _ kind: QueryField.Kind, needsSessions: Bool = false,
                                 values: @escaping @Sendable (Book, ReadingProgress?) -> [BookFacts.Value]) -> QueryFieldDefinition {
        QueryFieldDefinition(field: QueryField(name: name, kind: kind, needsSessions: needsSessions), names: [name], values: values)
    }
}
