/// The query language and full-text search, evaluated in Swift.
extension InMemoryLibrary {
    public func books(matching query: Query, sortedBy order: [BookSort], limit: Int?) async throws(ShelfError) -> Listing<Book> {
        try await hostedBooks(matching: query, sortedBy: order, limit: limit)
    }

    public func books(matching text: String, sortedBy order: [BookSort], limit: Int?) async throws(ShelfError) -> Listing<Book> {
        try await hostedBooks(matching: try parsedQuery(text), sortedBy: order, limit: limit)
    }

    public func booksWithProgress(matching query: Query, sortedBy order: [BookSort], limit: Int?) async throws(ShelfError)
        -> Listing<(book: Book, progress: ReadingProgress)> {
        try await hostedBooksWithProgress(matching: query, sortedBy: order, limit: limit)
    }

    public func search(_ text: String, limit: Int?, highlight: SearchHighlight) async throws(ShelfError) -> Listing<SearchHit> {
        try await hostedSearch(text, limit: limit, highlight: highlight)
    }
}

extension LibraryHost {
    /// `text` parsed with relative dates counted from the library's today.
    func parsedQuery(_ text: String) throws(ShelfError) -> Query {
        do throws(QueryError) {
            return try Query(parsing: text, today: core.today())
        } catch {
            throw .invalidQuery(error)
        }
    }
}
