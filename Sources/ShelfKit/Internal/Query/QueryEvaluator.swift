/// Evaluates a query in Swift, for ``InMemoryLibrary`` and for a ``FileLibrary`` opened
/// without its index; the index compiles the same query to SQL with the same answers.
struct QueryEvaluator: Sendable {
    let query: Query
    /// Whether the query has full-text terms, which read the books' words and notes: decided
    /// once, not for every book evaluated.
    private let needsText: Bool

    init(query: Query) {
        self.query = query
        self.needsText = query.expression.terms.contains { if case .text = $0.test { return true } else { return false } }
    }

    /// Whether `book` matches, given its reading progress (`nil` when its sessions were not
    /// read, as for none) and its sessions' notes, for full-text terms.
    func matches(_ book: Book, progress: ReadingProgress?, notes: [String]) -> Bool {
        if case .all = query.expression { return true }
        let facts = BookFacts.values(of: book, progress: progress ?? ReadingProgress([]))
        var values: [String: [BookFacts.Value]] = [:]
        for (field, value) in facts { values[field, default: []].append(value) }
        var documents: [[[String]]] = []
        if needsText {
            documents.append(BookFacts.documentColumns(of: book).map { FullText.words($0).map(FullText.encode) })
            for note in notes {
                documents.append(["", "", "", "", "", note].map { FullText.words($0).map(FullText.encode) })
            }
        }
        return evaluate(query.expression, values, documents)
    }

    private func evaluate(_ expression: QueryExpression, _ values: [String: [BookFacts.Value]],
                          _ documents: [[[String]]]) -> Bool {
        switch expression {
        case .all: return true
        case .and(let items): return items.allSatisfy { evaluate($0, values, documents) }
        case .or(let items): return items.contains { evaluate($0, values, documents) }
        case .not(let item): return !evaluate(item, values, documents)
        case .term(let term):
            switch term.test {
            case .text(let words):
                guard !words.isEmpty else { return true }
                return documents.contains { columns in columns.contains { FullText.contains($0, phrase: words) } }
            case .has(let field): return values[field.storageName] != nil
            case .missing(let field): return values[field.storageName] == nil
            case .compare(let field, let predicate):
                return values[field.storageName]?.contains(where: predicate.matches) ?? false
            }
        }
    }

    /// The custom keys a book has, to tell a custom field from a typo.
    static func customKeys(of book: Book) -> [String] {
        book.extra.filter { !BookFacts.customValues($0.value).isEmpty }.map(\.key)
    }
}
