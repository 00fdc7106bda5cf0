/// Which books to list: every criterion set must match, and the defaults match everything.
///
/// A typed way to build a ``Query``: ``query`` turns the criteria into the terms a person would
/// type, so every library answers it as it answers a query, from its index when it has one.
///
/// ```swift
/// let query = BookQuery(statuses: [.finished], folder: "sci-fi", rating: 4...5)
/// let favourites = try await library.books(matching: query, sortedBy: [.init(.rating, descending: true)])
/// ```
package struct BookQuery: Sendable, Hashable {
    /// Books in one of these statuses.
    package var statuses: Set<Status>?
    /// Books in this folder or a folder below it; `"fiction"` matches `fiction/classics`.
    package var folder: String?
    /// A fragment of an author's name, ignoring case and accents.
    package var author: String?
    /// A tag, ignoring case.
    package var tag: String?
    /// A fragment of the title, subtitle, authors, series, tags or body, ignoring case and accents.
    package var text: String?
    /// Books rated in this range; unrated books never match.
    package var rating: ClosedRange<Double>?
    /// Books finished in this range of days.
    package var finished: ClosedRange<Day>?
    /// Books started in this range of days.
    package var started: ClosedRange<Day>?
    /// Books added in this range of days.
    package var added: ClosedRange<Day>?
    /// Books with a page count in this range.
    package var pages: ClosedRange<Int>?

    /// Creates a query; leave a criterion `nil` to not filter on it.
    package init(
        statuses: Set<Status>? = nil, folder: String? = nil, author: String? = nil, tag: String? = nil,
        text: String? = nil, rating: ClosedRange<Double>? = nil, finished: ClosedRange<Day>? = nil,
        started: ClosedRange<Day>? = nil, added: ClosedRange<Day>? = nil, pages: ClosedRange<Int>? = nil
    ) {
        self.statuses = statuses
        self.folder = folder
        self.author = author
        self.tag = tag
        self.text = text
        self.rating = rating
        self.finished = finished
        self.started = started
        self.added = added
        self.pages = pages
    }

    /// Throws for a status the library does not have, which would match nothing in silence.
    /// - Parameter statuses: The library's statuses (``LibraryConfiguration/statuses``).
    /// - Throws: ``ShelfError/unknownStatus(name:known:)`` naming the first unknown status.
    func validate(statuses known: [Status]) throws(ShelfError) {
        guard let statuses else { return }
        for status in statuses.sorted(by: { $0.name < $1.name }) where !known.contains(status) {
            throw .unknownStatus(name: status.name, known: known.map(\.name))
        }
    }

    /// The query these criteria make: a conjunction of the terms a person would type
    /// (`status:finished folder:sci-fi rating:4..5`), so that a ``BookQuery`` and a ``Query``
    /// are answered by one evaluator, in Swift and in the index's SQL alike.
    ///
    /// `text` is full text, as bare words in a query: each word matches the start of a word of
    /// the title, subtitle, authors, series, tags or notes.
    package var query: Query {
        var terms: [QueryExpression] = []
        func term(_ test: QueryTerm.Test, _ source: String) -> QueryExpression { .term(QueryTerm(test, source: source)) }
        if let statuses {
            let names = statuses.map(\.name).sorted()
            let each = names.map { term(.compare(.status, .equals(TextFolding.fold($0))), "status=" + Self.quotedIfNeeded($0)) }
            terms.append(each.count == 1 ? each[0] : .or(each))
        }
        if let folder, !folder.isEmpty {
            // The folder itself or one below it: `fiction` and `fiction/classics`, never `non-fiction`.
            let folded = TextFolding.fold(folder)
            let field = QueryField(name: "folder")
            terms.append(.or([term(.compare(field, .equals(folded)), "folder=\(folder)"),
                              .and([term(.compare(field, .textGreaterOrEqual(folded + "/")), "folder>=\(folder)/"),
                                    term(.compare(field, .textLess(folded + "0")), "folder<\(folder)0")])]))
        }
        if let author {
            terms.append(term(.compare(QueryField(name: "author"), .contains(TextFolding.fold(author))), "author:" + Self.quotedIfNeeded(author)))
        }
        if let tag { terms.append(term(.compare(QueryField(name: "tag"), .equals(TextFolding.fold(tag))), "tag=" + Self.quotedIfNeeded(tag))) }
        if let text, !FullText.words(text).isEmpty {
            terms.append(term(.text(words: FullText.words(text).map(FullText.encode)), text))
        }
        if let rating { terms.append(term(.compare(QueryField(name: "rating"), .within(low: rating.lowerBound, high: rating.upperBound)), "rating")) }
        if let pages {
            terms.append(term(.compare(QueryField(name: "pages"), .within(low: Double(pages.lowerBound), high: Double(pages.upperBound))), "pages"))
        }
        for (name, range) in [("finished", finished), ("started", started), ("added", added)] {
            guard let range else { continue }
            terms.append(term(.compare(QueryField(name: name), .within(low: QueryDate.number(range.lowerBound),
                                                                       high: QueryDate.number(range.upperBound))), name))
        }
        switch terms.count {
        case 0: return Query(.all)
        case 1: return Query(terms[0])
        default: return Query(.and(terms))
        }
    }

    /// A value as a term shows it in a message: bare when it is one word, else quoted.
    private static func quotedIfNeeded(_ value: String) -> String {
        let plain = !value.isEmpty && value.unicodeScalars.allSatisfy {
            $0.properties.isAlphabetic || ("0"..."9").contains($0) || "-_.".unicodeScalars.contains($0)
        }
        return plain ? value : "\"" + String(value.filter { $0 != "\"" }) + "\""
    }
}
