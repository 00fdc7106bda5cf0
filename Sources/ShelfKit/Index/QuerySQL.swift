internal import GRDB

/// A query compiled to a condition on `books AS b`, with every value a bound parameter.
///
/// Each term becomes a set test on the book's path: `b.path IN (SELECT path FROM book_values
/// WHERE field = ? AND …)` for fields, and the same over the FTS5 table for words. The
/// predicates are the ones ``QueryPredicate/matches(_:)`` evaluates in Swift: text compares by
/// UTF-8 bytes (`instr`, `=`, BINARY order), numbers and dates by their intervals.
struct QuerySQL {
    private(set) var sql = ""
    private(set) var arguments: [(any DatabaseValueConvertible)?] = []

    init(_ expression: QueryExpression) {
        append(expression)
    }

    var statementArguments: StatementArguments { StatementArguments(arguments) }

    private mutating func append(_ expression: QueryExpression) {
        switch expression {
        case .all:
            sql += "1"
        case .and(let items), .or(let items):
            let joiner: String
            if case .and = expression { joiner = " AND " } else { joiner = " OR " }
            sql += "("
            for (index, item) in items.enumerated() {
                if index > 0 { sql += joiner }
                append(item)
            }
            sql += ")"
        case .not(let item):
            sql += "NOT "
            append(item)
        case .term(let term):
            append(term.test)
        }
    }

    private mutating func append(_ test: QueryTerm.Test) {
        switch test {
        case .text(let words):
            guard !words.isEmpty else {
                sql += "1"
                return
            }
            sql += "b.path IN (SELECT book_path FROM documents WHERE documents MATCH ?)"
            arguments.append(FullText.matchExpression(words))
        case .has(let field):
            sql += "b.path IN (SELECT path FROM book_values WHERE field = ?)"
            arguments.append(field.storageName)
        case .missing(let field):
            sql += "b.path NOT IN (SELECT path FROM book_values WHERE field = ?)"
            arguments.append(field.storageName)
        case .compare(let field, let predicate):
            sql += "b.path IN (SELECT path FROM book_values WHERE field = ? AND "
            arguments.append(field.storageName)
            append(predicate)
            sql += ")"
        }
    }

    private mutating func append(_ predicate: QueryPredicate) {
        switch predicate {
        case .contains(let needle):
            sql += "instr(text, ?) > 0"
            arguments.append(needle)
        case .equals(let text): compare("text = ?", text)
        case .textLess(let text): compare("text < ?", text)
        case .textLessOrEqual(let text): compare("text <= ?", text)
        case .textGreater(let text): compare("text > ?", text)
        case .textGreaterOrEqual(let text): compare("text >= ?", text)
        case .within(let low, let high):
            sql += "low IS NOT NULL"
            if let low { compare(" AND low >= ?", low) }
            if let high { compare(" AND high <= ?", high) }
        case .after(let bound): compare("low > ?", bound)
        case .notBefore(let bound): compare("low >= ?", bound)
        case .before(let bound): compare("high < ?", bound)
        case .notAfter(let bound): compare("high <= ?", bound)
        }
    }

    private mutating func compare(_ fragment: String, _ value: some DatabaseValueConvertible) {
        sql += fragment
        arguments.append(value)
    }
}
