/// Queries in the query language and full-text search, evaluated in Swift over the files:
/// what ``InMemoryLibrary`` does, and ``FileLibrary`` without its index.
extension LibraryHost {
    func hostedBooks(matching query: Query, sortedBy order: [BookSort], limit: Int?) async throws(ShelfError) -> [Book] {
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
            for session in try await hostedSessions(since: nil) {
                byBook[BookLocation.bookPath(ofSession: session.path), default: []].append(session)
            }
            scanProblems = scan.problems
            for (path, sessions) in byBook {
                progress[path] = ReadingProgress(sessions)
                notes[path] = sessions.map(\.note)
            }
        }
        let matching = QueryEvaluator(query: query, progress: progress, notes: notes).filter(scan.books)
        let sorted = BookSort.sort(matching, by: order, statusOrder: core.configuration.order(of:), progress: progress)
        return sorted.limited(to: limit)
    }

    func hostedBooksWithProgress(matching query: Query, sortedBy order: [BookSort], limit: Int?) async throws(ShelfError)
        -> [(book: Book, progress: ReadingProgress)] {
        let books = try await hostedBooks(matching: query, sortedBy: order, limit: limit)
        let bookProblems = scanProblems
        var byBook: [String: [ReadingSession]] = [:]
        for session in try await hostedSessions(since: nil) {
            byBook[BookLocation.bookPath(ofSession: session.path), default: []].append(session)
        }
        scanProblems = Self.withSessionProblems(bookProblems, scanProblems, of: books)
        return books.map { ($0, ReadingProgress(byBook[$0.path] ?? [])) }
    }

    /// `problems` and those of `sessionProblems` in the session folders of `books`.
    static func withSessionProblems(_ problems: [Problem], _ sessionProblems: [Problem], of books: [Book]) -> [Problem] {
        let paths = Set(books.map(\.path))
        let theirs = sessionProblems.filter { paths.contains(BookLocation.bookPath(ofSession: $0.path)) }
        return Array(Set(problems + theirs)).sorted()
    }

    func hostedSearch(_ text: String, limit: Int?, highlight: SearchHighlight) async throws(ShelfError) -> [SearchHit] {
        let phrases = SearchRanking.phrases(text)
        guard !phrases.isEmpty else { return [] }
        let scan = try await hostedScan()
        let sessions = try await hostedSessions(since: nil)
        scanProblems = scan.problems
        let books = Dictionary(scan.books.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
        var documents = scan.books.map(SearchDocument.init(book:))
        for session in sessions {
            guard let book = books[BookLocation.bookPath(ofSession: session.path)] else { continue }
            documents.append(SearchDocument(session: session, of: book))
        }
        return hits(SearchRanking.rank(documents, phrases, limit: limit), phrases, highlight)
    }

    /// Hits for ranked documents, reading each file for its line and snippet.
    func hits(_ ranked: [(SearchDocument, Double)], _ phrases: [[String]], _ highlight: SearchHighlight) -> [SearchHit] {
        ranked.map { document, score in
            let text = (try? core.storage.read(document.path)).map { String(decoding: $0, as: UTF8.self) } ?? ""
            return SearchRanking.hit(document, score: score, fileText: text, phrases: phrases, highlight: highlight)
        }
    }
}
