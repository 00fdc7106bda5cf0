internal import GRDB

/// A query compiled to a condition on `book_facts AS b`, with every value a bound parameter.
///
/// A field stored as a column (``IndexColumns``) becomes a test of that column. Under a `NOT`
/// it is wrapped in `COALESCE(…, 0)`, so that a missing value is false rather than NULL and
/// `NOT` stays its complement; elsewhere it is left bare, where NULL is as false as 0 (`AND`
/// and `OR` of false and NULL are never true) and SQLite can use the indexes of `book_facts`. Authors, tags and custom keys become set tests on the book's path,
/// `b.path IN (SELECT path FROM book_values WHERE field = ? AND …)`, and words the same over
/// the FTS5 table. The predicates are the ones ``QueryPredicate/matches(_:)`` evaluates in
/// Swift: text compares by UTF-8 bytes (`instr`, `=`, BINARY order), numbers and dates by their
/// intervals.
struct QuerySQL {
    private(set) var sql = ""
    private(set) var arguments: [(any DatabaseValueConvertible)?] = []
    /// How many `NOT`s the test being written is under.
    private var negations = 0
    /// Whether some test is a set of paths, `b.path IN (SELECT …)`: words, or a custom key.
    private(set) var looksUpPaths = false

    init(_ expression: QueryExpression) {
        append(expression)
    }

    /// `query` as the filter of a read of `book_facts AS b`: ` WHERE …` and its arguments,
    /// nothing for every book.
    static func filter(_ query: Query?) -> (sql: String, arguments: StatementArguments) {
        guard let query, query.expression != .all else { return ("", StatementArguments()) }
        let compiled = QuerySQL(query.expression)
        return (" WHERE " + compiled.sql, compiled.statementArguments)
    }

    /// Whether the query reads the full-text table, which must be filled first.
    static func usesFullText(_ expression: QueryExpression) -> Bool {
        expression.terms.contains { term in
            if case .text(let words) = term.test { return !words.isEmpty }
            return false
        }
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
            negations += 1
            append(item)
            negations -= 1
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
            looksUpPaths = true
            arguments.append(FullText.matchExpression(words))
        case .has(let field) where IndexListColumns.position[field.storageName] != nil:
            sql += "b.\(IndexListColumns.columns(of: field).joined) IS NOT NULL"
        case .missing(let field) where IndexListColumns.position[field.storageName] != nil:
            sql += "b.\(IndexListColumns.columns(of: field).joined) IS NULL"
        case .compare(let field, let predicate) where IndexListColumns.position[field.storageName] != nil:
            falseWhenMissing { $0.appendList(predicate, IndexListColumns.columns(of: field)) }
        case .has(let field):
            if let column = IndexColumns.expressions(of: field) {
                sql += "(\(column.text) IS NOT NULL OR \(column.low) IS NOT NULL)"
            } else {
                sql += "b.path IN (SELECT path FROM book_values WHERE field = ?)"
                looksUpPaths = true
                arguments.append(field.storageName)
            }
        case .missing(let field):
            if let column = IndexColumns.expressions(of: field) {
                sql += "(\(column.text) IS NULL AND \(column.low) IS NULL)"
            } else {
                sql += "b.path NOT IN (SELECT path FROM book_values WHERE field = ?)"
                arguments.append(field.storageName)
            }
        case .compare(let field, let predicate):
            if let column = IndexColumns.expressions(of: field) {
                falseWhenMissing { $0.append(predicate, text: column.text, low: column.low, high: column.high) }
            } else {
                sql += "b.path IN (SELECT path FROM book_values WHERE field = ? AND "
                looksUpPaths = true
                arguments.append(field.storageName)
                append(predicate, text: "text", low: "low", high: "high")
                sql += ")"
            }
        }
    }

    /// The test `write` appends, false rather than NULL for a missing value where a `NOT`
    /// would tell them apart.
    private mutating func falseWhenMissing(_ write: (inout QuerySQL) -> Void) {
        guard negations > 0 else { return write(&self) }
        sql += "COALESCE("
        write(&self)
        sql += ", 0)"
    }

    /// A predicate on some value of a list field, as a test of its ``IndexListColumns``.
    private mutating func appendList(_ predicate: QueryPredicate, _ columns: (joined: String, smallest: String, largest: String)) {
        let separator = IndexListColumns.separator
        let joined = "b." + columns.joined
        switch predicate {
        case .contains(let needle):
            if needle.isEmpty {
                sql += "\(joined) IS NOT NULL"
            } else if needle.contains(separator) {
                sql += "0"
            } else {
                compare("instr(\(joined), ?) > 0", needle)
            }
        case .equals(let operand):
            if operand.contains(separator) { sql += "0" } else { compare("instr(\(joined), ?) > 0", separator + operand + separator) }
        case .textLess(let operand): compare("b.\(columns.smallest) < ?", operand)
        case .textLessOrEqual(let operand): compare("b.\(columns.smallest) <= ?", operand)
        case .textGreater(let operand): compare("b.\(columns.largest) > ?", operand)
        case .textGreaterOrEqual(let operand): compare("b.\(columns.largest) >= ?", operand)
        case .within, .after, .notBefore, .before, .notAfter:
            // Authors and tags are text: no value is a number or a date.
            sql += "0"
        }
    }

    /// The predicate on the given expressions for a value's text, low and high ends (column
    /// names from ``IndexColumns``, never from the query).
    private mutating func append(_ predicate: QueryPredicate, text: String, low: String, high: String) {
        switch predicate {
        case .contains(let needle):
            compare("instr(\(text), ?) > 0", needle)
        case .equals(let operand): compare("\(text) = ?", operand)
        case .textLess(let operand): compare("\(text) < ?", operand)
        case .textLessOrEqual(let operand): compare("\(text) <= ?", operand)
        case .textGreater(let operand): compare("\(text) > ?", operand)
        case .textGreaterOrEqual(let operand): compare("\(text) >= ?", operand)
        case .within(let lowBound, let highBound):
            sql += "(\(low) IS NOT NULL"
            if let lowBound { compare(" AND \(low) >= ?", lowBound) }
            if let highBound { compare(" AND \(high) <= ?", highBound) }
            sql += ")"
        case .after(let bound): compare("\(low) > ?", bound)
        case .notBefore(let bound): compare("\(low) >= ?", bound)
        case .before(let bound): compare("\(high) < ?", bound)
        case .notAfter(let bound): compare("\(high) <= ?", bound)
        }
    }

    private mutating func compare(_ fragment: String, _ value: some DatabaseValueConvertible) {
        sql += fragment
        arguments.append(value)
    }
}
