/// A parsed query: terms combined with and, or and not.
///
/// ``QueryParser`` builds it from text; ``FileLibrary`` compiles it to SQL for its index and
/// every library can evaluate it in Swift, with the same answers.
package indirect enum QueryExpression: Sendable, Hashable {
    /// Matches every book: the empty query.
    case all
    /// One condition.
    case term(QueryTerm)
    /// Every expression matches.
    case and([QueryExpression])
    /// At least one expression matches.
    case or([QueryExpression])
    /// The expression does not match.
    case not(QueryExpression)

    /// Every term, in order, for validation and to know what a library must read.
    var terms: [QueryTerm] {
        switch self {
        case .all: []
        case .term(let term): [term]
        case .and(let items), .or(let items): items.flatMap(\.terms)
        case .not(let item): item.terms
        }
    }
}

/// One condition of a query, with the text it was parsed from for error messages.
package struct QueryTerm: Sendable, Hashable {
    /// What the condition tests.
    package enum Test: Sendable, Hashable {
        /// Bare words or a quoted phrase: full-text search, each word a word prefix.
        case text(words: [String])
        /// The field has a value.
        case has(QueryField)
        /// The field has no value.
        case missing(QueryField)
        /// Some value of the field satisfies the predicate (authors and tags have several).
        case compare(QueryField, QueryPredicate)
    }

    /// The condition.
    package var test: Test
    /// The term as typed, for messages.
    package var source: String

    /// Creates a term.
    package init(_ test: Test, source: String) {
        self.test = test
        self.source = source
    }
}

/// What a field's value must satisfy, with the operand already read for the field's kind.
///
/// Numbers and dates are intervals: a number `n` is `n…n`, a date prefix is the days it covers
/// as `YYYYMMDD` numbers, and a year written alone in `published` covers its whole year. So
/// `finished:2024` is ``within(low:high:)`` `20240101…20241231`, and `published:1965` matches
/// `published: 1965` and `published: 1965-08-01` alike.
package enum QueryPredicate: Sendable, Hashable {
    /// Folded text contains the operand: `author:marquez`.
    case contains(String)
    /// Folded text equals the operand: `tag=kindle`.
    case equals(String)
    /// Folded text before or after the operand, by Unicode scalar order: `title<m`.
    case textLess(String)
    case textLessOrEqual(String)
    case textGreater(String)
    case textGreaterOrEqual(String)
    /// The value lies within the interval; a `nil` side is open: `pages:100..300`, `finished:2024`.
    case within(low: Double?, high: Double?)
    /// The value lies wholly after `bound`: `pages>300`, `finished>2024` (2025 on).
    case after(Double)
    /// The value starts at or after `bound`: `finished>=2024-03` (March 2024 on).
    case notBefore(Double)
    /// The value lies wholly before `bound`: `finished<2024` (2023 and before).
    case before(Double)
    /// The value ends at or before `bound`: `finished<=2024` (up to the end of 2024).
    case notAfter(Double)
}
