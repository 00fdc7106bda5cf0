/// One sort key for listing books: a field and a direction.
///
/// Books without a value for the field sort last in either direction, and ties always fall
/// back to title then path, so a listing is stable from run to run.
public struct BookSort: Sendable, Hashable, Codable {
    /// What to sort by.
    public enum Field: String, Sendable, Hashable, Codable, CaseIterable {
        case title, author, status, rating, pages, published, added, started, finished, path
    }

    /// The key sorted by: a ``Field`` name, any query field (`series`, `progress`, `year`), or a
    /// custom front matter key (`format`).
    public var key: String
    /// Largest, latest or last first.
    public var descending: Bool

    /// The built-in field, when ``key`` names one.
    package var field: Field? { Field(rawValue: key) }

    /// Creates a sort key for a built-in field.
    public init(_ field: Field, descending: Bool = false) {
        self.key = field.rawValue
        self.descending = descending
    }

    /// Creates a sort key for any field or custom key; its first value decides (an author list
    /// sorts by its first author), numbers and dates in order, text ignoring case and accents.
    public init(key: String, descending: Bool = false) {
        self.key = key
        self.descending = descending
    }

    private enum CodingKeys: String, CodingKey {
        case key = "field"
        case descending
    }

    /// Sorts `books` by `order`, then title, then path. Status sorts in the configured order;
    /// keys computed from sessions are those of no sessions (a query listing sorts its rows by
    /// ``Keys`` made with each book's progress).
    static func sort(_ books: [Book], by order: [BookSort], statusOrder: (Status) -> Int) -> [Book] {
        let keys = books.map { Keys($0, order: order, statusOrder: statusOrder, progress: nil) }
        // Positions are sorted rather than the books themselves, which are large to move.
        return keys.indices.sorted { keys[$0].precedes(keys[$1], in: order) }.map { books[$0] }
    }

    /// What a book sorts by in an order, computed once per book, so that sorting neither folds
    /// text on every comparison nor needs the book: a listing keeps these and what it prints.
    struct Keys: Sendable {
        /// The book's key for each sort of the order; `nil` where it has no value.
        fileprivate let values: [SortKey?]
        /// The folded title, the first tie-breaker.
        fileprivate let title: String
        /// The path, the last.
        let path: String

        /// - Parameter progress: The book's progress, for keys computed from sessions.
        init(_ book: Book, order: [BookSort], statusOrder: (Status) -> Int, progress: ReadingProgress?) {
            values = order.map { $0.key(of: book, statusOrder: statusOrder, progress: progress) }
            title = TextFolding.fold(book.title)
            path = book.path
        }

        /// Whether a book with these keys sorts before one with `other` in `order`, the order
        /// both were made for: books without a value for a key sort last in either direction.
        func precedes(_ other: Keys, in order: [BookSort]) -> Bool {
            for (index, sort) in order.enumerated() {
                switch (values[index], other.values[index]) {
                case (nil, nil): continue
                case (nil, _): return false
                case (_, nil): return true
                case let (a?, b?):
                    if a == b { continue }
                    return sort.descending ? b < a : a < b
                }
            }
            if title != other.title { return title < other.title }
            return path < other.path
        }
    }

    /// Whether sorting needs the books' sessions.
    var needsSessions: Bool { field == nil && QueryField(name: key).needsSessions }

    private func key(of book: Book, statusOrder: (Status) -> Int, progress: ReadingProgress?) -> SortKey? {
        guard let field else {
            let name = QueryField(name: key).storageName
            let facts = BookFacts.values(of: book, progress: progress ?? ReadingProgress([]))
            guard let value = facts.first(where: { $0.field == name })?.value else { return nil }
            if let low = value.low { return .number(low) }
            return value.text.map(SortKey.text)
        }
        let result: SortKey? = switch field {
        case .title: .text(TextFolding.fold(book.title))
        case .author: book.authors.first.map { .text(TextFolding.fold($0)) }
        case .status: .number(Double(statusOrder(book.status)))
        case .rating: book.rating.map(SortKey.number)
        case .pages: book.pages.map { .number(Double($0)) }
        // A bare year sorts before every exact day of that year.
        case .published: book.published.map { .number(Double($0.year * 10_000 + ($0.day.map { $0.month * 100 + $0.day } ?? 0))) }
        case .added: book.added.map { .day($0) }
        case .started: book.started.map { .day($0) }
        case .finished: book.finished.map { .day($0) }
        case .path: .text(book.path)
        }
        return result
    }
}

/// A comparable value extracted once per book, so sorting does not fold text on every comparison.
private enum SortKey: Comparable, Sendable {
    case text(String)
    case number(Double)
    case day(Day)
}
