/// A value books share, counted by `shelf tags`, `shelf authors` and `shelf folders`.
package enum BookFacet: String, Sendable, Hashable, CaseIterable {
    /// `tags`: each tag of a book.
    case tags
    /// `authors`: each author of a book.
    case authors
    /// The folder below the status (`sci-fi`, `fiction/classics`); a book directly under its
    /// status has none.
    case folders

    /// How ``BookFacet/counts(in:order:)`` orders the values.
    package enum Order: Sendable, Hashable {
        /// Most books first, then by name.
        case count
        /// By name, ignoring case.
        case name
    }

    /// The columns of the index's `books` that ``values(of:)`` reads; the folder every row has.
    var indexColumns: Set<String> {
        switch self {
        case .tags, .authors: Set([BookSchema.field(forKey: rawValue)?.indexColumn].compactMap { $0 })
        case .folders: []
        }
    }

    /// The values `book` has, each once.
    func values(of book: Book) -> [String] {
        switch self {
        case .tags: book.tags
        case .authors: book.authors
        case .folders: book.folder.isEmpty ? [] : [book.folder]
        }
    }

    /// Each value of `books` with the number of books that have it. Values that differ only in
    /// case are one (`Sci-Fi` and `sci-fi`), shown as most books write it (ties: the first in
    /// byte order); a book counts once per value.
    package func counts(in books: [Book], order: Order = .count) -> [NameCount] {
        counts(ofValues: books.map(values(of:)), order: order)
    }

    /// The counts of the facet's values of each book, `lists` holding each book's (``values(of:)``).
    func counts(ofValues lists: [[String]], order: Order) -> [NameCount] {
        var spellings: [String: [String: Int]] = [:]
        var counts: [String: Int] = [:]
        for list in lists {
            var seen = Set<String>()
            for value in list {
                let key = value.lowercased()
                spellings[key, default: [:]][value, default: 0] += 1
                if seen.insert(key).inserted { counts[key, default: 0] += 1 }
            }
        }
        let named = counts.map { key, count in
            let spelling = (spellings[key] ?? [:]).sorted { ($1.value, $0.key) < ($0.value, $1.key) }.first?.key ?? key
            return NameCount(name: spelling, books: count)
        }
        func byName(_ a: NameCount, _ b: NameCount) -> Bool { (a.name.lowercased(), a.name) < (b.name.lowercased(), b.name) }
        switch order {
        case .count: return named.sorted { $0.books != $1.books ? $0.books > $1.books : byName($0, $1) }
        case .name: return named.sorted(by: byName)
        }
    }
}

extension LibraryReading {
    /// The values of `facet` among the books `query` matches, each with its count of books
    /// (``BookFacet/counts(in:order:)``), read through the index when the library has one, and
    /// the problems of the files skipped. `shelf tags status:finished`.
    ///
    /// ```swift
    /// let tags = try await library.counts(of: .tags, matching: Query(parsing: "status:finished", today: .today()))
    /// ```
    package func counts(of facet: BookFacet, matching query: Query = .all, order: BookFacet.Order = .count)
        async throws(ShelfError) -> Listing<NameCount> {
        // Each book's values alone are kept as it is read, not the book: at 100,000 books, the
        // books held at once were 290 MB. A library of this package reads only the facet's column.
        let values: Listing<[String]>
        if let handle = self as? any EngineHandle {
            values = try await handle.facetValues(facet, matching: query)
        } else {
            values = try await mapBooks(matching: query, sortedBy: [], limit: nil, withProgress: false) { book, _ in
                facet.values(of: book)
            }
        }
        return Listing(facet.counts(ofValues: values.items, order: order), problems: values.problems)
    }
}
