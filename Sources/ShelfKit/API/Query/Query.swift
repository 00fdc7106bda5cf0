/// A query in the shelf query language, parsed into a `QueryExpression`.
///
/// Terms separated by spaces must all match; `or` between terms, `-term` or `not term`,
/// parentheses; `field:value`, `field=value`, `field>value` and ranges `field:a..b`; bare words
/// and `"quoted phrases"` search the text. `docs/query.md` describes it all.
///
/// ```swift
/// let query = try Query(parsing: "author:herbert finished:2024 -tag:reread", today: .today())
/// let books = try await library.books(matching: query, sortedBy: [BookSort(key: "rating", descending: true)], limit: 10)
/// ```
public struct Query: Sendable, Hashable {
    /// The parsed query.
    package var expression: QueryExpression

    /// Wraps an expression built in code.
    package init(_ expression: QueryExpression = .all) {
        self.expression = expression
    }

    /// Parses `text`.
    /// - Parameters:
    ///   - text: The query, e.g. `author:herbert finished:2024`.
    ///   - today: The day relative dates (`this-year`, `30d`) count from.
    /// - Throws: ``QueryError`` naming the term at fault. Custom keys are checked against the
    ///   library when the query runs.
    public init(parsing text: String, today: Day) throws(QueryError) {
        var parser = try QueryParser(text: text, today: today)
        self.expression = try parser.parse()
    }

    /// Parses a query given as several command-line arguments, as if joined by spaces.
    package init(parsing arguments: [String], today: Day) throws(QueryError) {
        try self.init(parsing: arguments.joined(separator: " "), today: today)
    }

    /// The query that matches every book.
    public static let all = Query()

    /// Whether evaluating the query needs the books' sessions: computed fields or full text.
    var needsSessions: Bool { needsSessionValues || QuerySQL.usesFullText(expression) }

    /// Whether the query tests a value computed from the sessions (`progress`, `read`, ...):
    /// its words are in the sessions' notes, but these need every session itself.
    var needsSessionValues: Bool {
        expression.terms.contains { term in
            switch term.test {
            case .text: false
            case .has(let field), .missing(let field), .compare(let field, _): field.needsSessions
            }
        }
    }

    /// Throws for a custom key that no book in the library has, or a status the library does
    /// not have (`status:finishd`), suggesting close names: either is a typo that would
    /// otherwise match nothing in silence.
    /// - Parameters:
    ///   - customKeys: The custom keys some book of the library has.
    ///   - statuses: The library's statuses, in order (``LibraryConfiguration/statuses``).
    func validate(customKeys: Set<String>, statuses: [Status]) throws(QueryError) {
        for term in expression.terms {
            let field: QueryField
            switch term.test {
            case .text: continue
            case .compare(.status, .equals(let name)):
                let names = statuses.map(\.name)
                guard !names.contains(where: { TextFolding.fold($0) == name }) else { continue }
                let suggestions = Suggestions.closeMatches(to: name, among: names)
                throw QueryError(.unknownStatus(name: name, suggestions: suggestions, statuses: names), term: term.source)
            case .has(let named), .missing(let named), .compare(let named, _): field = named
            }
            guard let key = field.customKey, !customKeys.contains(key) else { continue }
            let suggestions = Suggestions.closeMatches(to: key, among: QueryField.builtInNames + customKeys.sorted())
            throw QueryError(.unknownField(name: key, suggestions: suggestions), term: term.source)
        }
    }
}
