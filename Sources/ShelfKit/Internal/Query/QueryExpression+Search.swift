/// The full-text words of a query, as `search` shows them in its hits.
extension QueryExpression {
    /// The phrases a search finds its hits with. `required` are the text terms every book must
    /// have (those of the top level, joined by and): a hit is a file holding all of them, as a
    /// plain search always was. `optional` are the others not under a `not` (inside `or`): with
    /// no required phrase, a hit is a file holding any one of them. Which books can have hits is
    /// the whole query's answer, so a phrase under `or` never brings in a book the query leaves out.
    var searchPhrases: (required: [[String]], optional: [[String]]) {
        switch self {
        case .term:
            return (positivePhrases, [])
        case .and(let items):
            var required: [[String]] = [], optional: [[String]] = []
            for item in items {
                if case .term = item { required += item.positivePhrases } else { optional += item.positivePhrases }
            }
            return (required, optional)
        case .all, .or, .not:
            return ([], positivePhrases)
        }
    }

    /// Whether the expression is words alone: one text term, or an `and` of them. A book
    /// then matches when its files hold every word, so a file holding them all is of a book
    /// it matches.
    var isWordsAlone: Bool {
        switch self {
        case .term(let term): if case .text(let words) = term.test { !words.isEmpty } else { false }
        case .and(let items): !items.isEmpty && items.allSatisfy(\.isWordsAlone)
        case .all, .or, .not: false
        }
    }

    /// The words of every text term that is not under a `not`.
    private var positivePhrases: [[String]] {
        switch self {
        case .all, .not: []
        case .term(let term): if case .text(let words) = term.test, !words.isEmpty { [words] } else { [] }
        case .and(let items), .or(let items): items.flatMap(\.positivePhrases)
        }
    }
}
