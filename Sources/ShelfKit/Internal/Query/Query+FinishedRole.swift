/// The `year` field counts a book as read in a year only while it is in the status that plays
/// the finished role (``LibraryConfiguration/finishedDay(of:)``), as the statistics do.
///
/// The field's stored value is the year of `finished` alone, which needs no configuration to
/// compute and so stays right in the index when the statuses are renamed; each term that tests
/// it is joined here with the finished status instead, before the index or the Swift evaluator
/// sees the query, so both answer alike.
extension Query {
    /// The query with every term on `year` made to hold only for books in `finished`.
    func countingFinished(in finished: Status) -> Query {
        Query(Self.countingFinished(expression, in: finished))
    }

    private static func countingFinished(_ expression: QueryExpression, in finished: Status) -> QueryExpression {
        switch expression {
        case .all: return .all
        case .and(let items): return .and(items.map { countingFinished($0, in: finished) })
        case .or(let items): return .or(items.map { countingFinished($0, in: finished) })
        case .not(let item): return .not(countingFinished(item, in: finished))
        case .term(let term):
            let inFinished = QueryExpression.term(QueryTerm(.compare(.status, .equals(TextFolding.fold(finished.name))),
                                                            source: term.source))
            switch term.test {
            case .has(let field) where field == .year, .compare(let field, _) where field == .year:
                return .and([expression, inFinished])
            case .missing(let field) where field == .year:
                return .or([expression, .not(inFinished)])
            default:
                return expression
            }
        }
    }
}

extension QueryField {
    /// `year`: the year a book was finished, counted only in the finished status.
    static let year = QueryField(name: "year")
}
