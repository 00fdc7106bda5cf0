/// How an export row changes a book the library already has.
///
/// What the person did — status, rating, dates, shelves, format, ownership — comes from the
/// export, which is newer. What describes the book — title, authors, ISBN, pages, publisher,
/// series — is only filled in where the library has nothing, since people tidy those by hand.
/// Tags are added to, never removed; a body is written only into a book that has none.
enum ImportMerge {
    /// Extra keys the export owns: set to the export's value, removed when it has none.
    static let ownedKeys: Set<String> = [
        "format", "owned", "read_count", "reads", "paused", "storygraph_rating", "moods", "pace",
        "goodreads_shelf", "storygraph_status",
    ]

    static func merge(_ imported: Book, into existing: Book, status: Status) -> Book {
        var book = existing
        book.status = status
        book.subtitle = existing.subtitle ?? imported.subtitle
        if book.authors.isEmpty { book.authors = imported.authors }
        book.isbn = existing.isbn ?? imported.isbn
        book.published = existing.published ?? imported.published
        book.pages = existing.pages ?? imported.pages
        book.publisher = existing.publisher ?? imported.publisher
        if existing.series == nil, imported.series != nil {
            (book.series, book.seriesIndex) = (imported.series, imported.seriesIndex)
        }
        for tag in imported.tags where !book.tags.contains(where: { $0.lowercased() == tag.lowercased() }) {
            book.tags.append(tag)
        }
        book.rating = imported.rating ?? existing.rating
        book.added = imported.added ?? existing.added
        book.started = imported.started ?? existing.started
        book.finished = imported.finished ?? existing.finished
        if book.body.trimmingSpaces().isEmpty { book.body = imported.body }

        var extra = existing.extra.filter { !ownedKeys.contains($0.key) || imported.extra(of: $0.key) != nil }
        for entry in imported.extra {
            if let index = extra.firstIndex(where: { $0.key == entry.key }) {
                if ownedKeys.contains(entry.key) { extra[index].value = entry.value }
            } else {
                extra.append(entry)
            }
        }
        book.extra = extra
        return book
    }
}

extension Book {
    /// The value of an extra key.
    fileprivate func extra(of key: String) -> YAMLValue? { extra(key) }
}
