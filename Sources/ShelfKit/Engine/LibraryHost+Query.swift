/// Queries in the query language and full-text search, evaluated in Swift over the files:
/// what ``InMemoryLibrary`` does, and ``FileLibrary`` without its index.
extension LibraryHost {
    func hostedBooks(matching query: Query, sortedBy order: [BookSort], limit: Int?) async throws(ShelfError) -> Listing<Book> {
        let scan = try await hostedScan()
        do throws(QueryError) {
            try query.validate(customKeys: QueryEvaluator.customKeys(of: scan.books))
        } catch {
            throw .invalidQuery(error)
        }
        var progress: [String: ReadingProgress] = [:]
        var notes: [String: [String]] = [:]
        if query.needsSessions || order.contains(where: \.needsSessions) {
            var byBook: [String: [ReadingSession]] = [:]
            for session in try await hostedSessions(since: nil).items {
                byBook[BookLocation.bookPath(ofSession: session.path), default: []].append(session)
            }
            for (path, sessions) in byBook {
                progress[path] = ReadingProgress(sessions)
                notes[path] = sessions.map(\.note)
            }
        }
        let matching = QueryEvaluator(query: query, progress: progress, notes: notes).filter(scan.books)
        let sorted = BookSort.sort(matching, by: order, statusOrder: core.configuration.order(of:), progress: progress)
        return Listing(sorted.limited(to: limit), problems: scan.problems)
    }

    func hostedBooksWithProgress(matching query: Query, sortedBy order: [BookSort], limit: Int?) async throws(ShelfError)
        -> Listing<(book: Book, progress: ReadingProgress)> {
        let books = try await hostedBooks(matching: query, sortedBy: order, limit: limit)
        let sessions = try await hostedSessions(since: nil)
        var byBook: [String: [ReadingSession]] = [:]
        for session in sessions.items {
            byBook[BookLocation.bookPath(ofSession: session.path), default: []].append(session)
        }
        return Listing(books.items.map { ($0, ReadingProgress(byBook[$0.path] ?? [])) },
                       problems: Self.withSessionProblems(books.problems, sessions.problems, of: books.items))
    }

    /// `problems` and those of `sessionProblems` in the session folders of `books`.
    static func withSessionProblems(_ problems: [Problem], _ sessionProblems: [Problem], of books: [Book]) -> [Problem] {
        let paths = Set(books.map(\.path))
        let theirs = sessionProblems.filter { paths.contains(BookLocation.bookPath(ofSession: $0.path)) }
        return Array(Set(problems + theirs)).sorted()
    }

    func hostedSearch(_ text: String, limit: Int?, highlight: SearchHighlight) async throws(ShelfError) -> Listing<SearchHit> {
        let phrases = SearchRanking.phrases(text)
        guard !phrases.isEmpty else { return Listing([]) }
        let scan = try await hostedScan()
        let sessions = try await hostedSessions(since: nil).items
        let books = Dictionary(scan.books.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
        var documents = scan.books.map(SearchDocument.init(book:))
        for session in sessions {
            guard let book = books[BookLocation.bookPath(ofSession: session.path)] else { continue }
            documents.append(SearchDocument(session: session, of: book))
        }
        return Listing(hits(SearchRanking.rank(documents, phrases, limit: limit), phrases, highlight), problems: scan.problems)
    }

    /// Hits for ranked documents, reading each file for its line and snippet.
    func hits(_ ranked: [(SearchDocument, Double)], _ phrases: [[String]], _ highlight: SearchHighlight) -> [SearchHit] {
        ranked.map { document, score in
            let text = (try? core.storage.read(document.path)).map { String(decoding: $0, as: UTF8.self) } ?? ""
            return SearchRanking.hit(document, score: score, fileText: text, phrases: phrases, highlight: highlight)
        }
    }
}
