/// Turns query text into a `QueryExpression`: lexing into words and parentheses, then
/// `or` below the implicit `and`, below `not`.
///
/// ```
/// query   = or
/// or      = and ("or" and)*
/// and     = unary (["and"] unary)*
/// unary   = ("-" | "not") unary | "(" or ")" | term
/// ```
struct QueryParser {
    private var lexemes: [String] = []
    private var position = 0
    /// How many `(` the lexeme at `position` is inside.
    private var depth = 0
    private let today: Day

    init(text: String, today: Day) throws(QueryError) {
        self.today = today
        self.lexemes = try Self.lex(text)
    }

    /// Words, quoted parts kept whole, and `(` `)` as lexemes of their own.
    static func lex(_ text: String) throws(QueryError) -> [String] {
        var lexemes: [String] = []
        var current = ""
        var quoted = false
        func flush() {
            if !current.isEmpty { lexemes.append(current) }
            current = ""
        }
        for character in text {
            if character == "\"" {
                quoted.toggle()
                current.append(character)
            } else if quoted {
                current.append(character)
            } else if character.isWhitespace {
                flush()
            } else if character == "(" || character == ")" {
                // `-(` negates a group: keep the dash as its own lexeme.
                flush()
                lexemes.append(String(character))
            } else {
                current.append(character)
            }
        }
        if quoted { throw QueryError(.unclosedQuote, term: current) }
        flush()
        return lexemes
    }

    mutating func parse() throws(QueryError) -> QueryExpression {
        guard !lexemes.isEmpty else { return .all }
        let expression = try parseOr()
        if position < lexemes.count { throw QueryError(.unexpectedParenthesis, term: lexemes[position]) }
        return expression
    }

    private var next: String? { position < lexemes.count ? lexemes[position] : nil }

    private static func isKeyword(_ lexeme: String?, _ keyword: String) -> Bool {
        lexeme?.lowercased() == keyword && lexeme?.first != "\""
    }

    private mutating func parseOr() throws(QueryError) -> QueryExpression {
        var items = [try parseAnd(after: nil)]
        while Self.isKeyword(next, "or") {
            position += 1
            items.append(try parseAnd(after: "or"))
        }
        return items.count == 1 ? items[0] : .or(items)
    }

    private mutating func parseAnd(after keyword: String?) throws(QueryError) -> QueryExpression {
        var items: [QueryExpression] = []
        while let lexeme = next, lexeme != ")", !Self.isKeyword(lexeme, "or") {
            if Self.isKeyword(lexeme, "and") {
                guard !items.isEmpty else { throw QueryError(.missingTerm(operator: "and"), term: lexeme) }
                position += 1
                guard let following = next, following != ")", !Self.isKeyword(following, "or"),
                      !Self.isKeyword(following, "and") else {
                    throw QueryError(.missingTerm(operator: "and"), term: lexeme)
                }
                continue
            }
            items.append(try parseUnary())
        }
        if items.isEmpty {
            let operatorName = keyword ?? (Self.isKeyword(next, "or") ? "or" : nil)
            if let operatorName { throw QueryError(.missingTerm(operator: operatorName), term: operatorName) }
            // Inside parentheses, the query ended (`(`) or they hold nothing (`()`).
            if depth > 0 {
                if next == nil { throw QueryError(.unclosedParenthesis, term: "(") }
                throw QueryError(.missingTerm(operator: "("), term: "(")
            }
            throw QueryError(.unexpectedParenthesis, term: next ?? "")
        }
        return items.count == 1 ? items[0] : .and(items)
    }

    private mutating func parseUnary() throws(QueryError) -> QueryExpression {
        guard let lexeme = next else { throw QueryError(.missingTerm(operator: "not"), term: "not") }
        if Self.isKeyword(lexeme, "not") || lexeme == "-" {
            position += 1
            guard let following = next, following != ")", !Self.isKeyword(following, "or") else {
                throw QueryError(.missingTerm(operator: lexeme), term: lexeme)
            }
            return .not(try parseUnary())
        }
        if lexeme == "(" {
            position += 1
            depth += 1
            let inner = try parseOr()
            guard next == ")" else { throw QueryError(.unclosedParenthesis, term: "(") }
            position += 1
            depth -= 1
            return inner
        }
        if lexeme.hasPrefix("-"), lexeme.count > 1 {
            // `-term` negates what follows the dash, which may itself start with one.
            lexemes[position] = String(lexeme.dropFirst())
            return .not(try parseUnary())
        }
        position += 1
        return .term(try term(lexeme, source: lexeme))
    }

    // MARK: - Terms

    private func term(_ text: String, source: String) throws(QueryError) -> QueryTerm {
        if text.hasPrefix("\"") {
            return QueryTerm(.text(words: FullText.words(Self.unquote(text)).map(FullText.encode)), source: source)
        }
        guard let split = Self.fieldSplit(text) else {
            return QueryTerm(.text(words: FullText.words(text).map(FullText.encode)), source: source)
        }
        let name = String(text[..<split.nameEnd])
        let value = Self.unquote(String(text[split.valueStart...]))
        let comparison = split.comparison
        let lowered = name.lowercased()
        if lowered == "has" || lowered == "missing", comparison == ":" {
            guard !value.isEmpty else { throw QueryError(.missingValue, term: source) }
            let field = QueryField(name: value)
            return QueryTerm(lowered == "has" ? .has(field) : .missing(field), source: source)
        }
        guard !value.isEmpty else { throw QueryError(.missingValue, term: source) }
        let field = QueryField(name: name)
        return QueryTerm(.compare(field, try predicate(field, comparison, value, source: source)), source: source)
    }

    /// Where a `field:value` term splits, when the text is one: the first `:`, `=`, `<` or `>`
    /// outside quotes, after a non-empty name.
    private static func fieldSplit(_ text: String) -> (nameEnd: String.Index, comparison: String, valueStart: String.Index)? {
        guard let index = text.firstIndex(where: { ":=<>".contains($0) || $0 == "\"" }),
              index != text.startIndex, text[index] != "\"" else { return nil }
        var end = text.index(after: index)
        var comparison = String(text[index])
        if comparison == ":" {
            for candidate in [">=", "<=", ">", "<", "="] where text[end...].hasPrefix(candidate) {
                comparison = candidate
                end = text.index(end, offsetBy: candidate.count)
                break
            }
        } else if comparison != "=", end < text.endIndex, text[end] == "=" {
            comparison += "="
            end = text.index(after: end)
        }
        return (index, comparison, end)
    }

    private static func unquote(_ text: String) -> String {
        guard text.count >= 2, text.hasPrefix("\""), text.hasSuffix("\"") else {
            return text.hasPrefix("\"") ? String(text.dropFirst()) : text
        }
        return String(text.dropFirst().dropLast())
    }

    private func predicate(_ field: QueryField, _ comparison: String, _ value: String,
                           source: String) throws(QueryError) -> QueryPredicate {
        if comparison == ":", let range = Self.rangeSplit(value) {
            let (lowText, highText) = range
            guard !lowText.isEmpty || !highText.isEmpty else { throw QueryError(.missingValue, term: source) }
            if field.kind == .text { throw QueryError(.rangeOnText(field: field.name), term: source) }
            let low = try lowText.isEmpty ? nil : interval(field, lowText, source: source, strict: true)
            let high = try highText.isEmpty ? nil : interval(field, highText, source: source, strict: true)
            return .within(low: low?.low, high: high?.high)
        }
        switch field.kind {
        case .text:
            // A status is a name, not text to search: `status:read` is not `reading`.
            return textPredicate(field == .status && comparison == ":" ? "=" : comparison, TextFolding.fold(value))
        case .number, .date:
            guard let bounds = try interval(field, value, source: source, strict: true) else {
                throw QueryError(.missingValue, term: source)
            }
            return intervalPredicate(comparison, bounds)
        case .custom:
            if comparison != ":", comparison != "=", let bounds = try interval(field, value, source: source, strict: false) {
                return intervalPredicate(comparison, bounds)
            }
            return textPredicate(comparison, TextFolding.fold(value))
        }
    }

    /// `a..b`, `a..` or `..b` split at the first `..`.
    private static func rangeSplit(_ value: String) -> (String, String)? {
        let characters = Array(value)
        guard characters.count >= 2 else { return nil }
        for index in 0..<(characters.count - 1) where characters[index] == "." && characters[index + 1] == "." {
            return (String(characters[..<index]), String(characters[(index + 2)...]))
        }
        return nil
    }

    private func textPredicate(_ comparison: String, _ folded: String) -> QueryPredicate {
        switch comparison {
        case "=": .equals(folded)
        case "<": .textLess(folded)
        case "<=": .textLessOrEqual(folded)
        case ">": .textGreater(folded)
        case ">=": .textGreaterOrEqual(folded)
        default: .contains(folded)
        }
    }

    private func intervalPredicate(_ comparison: String, _ bounds: (low: Double, high: Double)) -> QueryPredicate {
        switch comparison {
        case "<": .before(bounds.low)
        case "<=": .notAfter(bounds.high)
        case ">": .after(bounds.high)
        case ">=": .notBefore(bounds.low)
        default: .within(low: bounds.low, high: bounds.high)
        }
    }

    /// A number as `n…n`, or a date as the `YYYYMMDD` numbers of the days it covers. With
    /// `strict`, a value that is neither throws; otherwise it is `nil`.
    private func interval(_ field: QueryField, _ value: String, source: String,
                          strict: Bool) throws(QueryError) -> (low: Double, high: Double)? {
        switch field.kind {
        case .number:
            guard let number = Double(value), number.isFinite else {
                throw QueryError(.invalidValue(field: field.name, value: value, expected: "a number"), term: source)
            }
            return (number, number)
        case .date:
            guard let days = QueryDate.interval(value, today: today) else {
                throw QueryError(.invalidValue(field: field.name, value: value, expected: QueryDate.expected), term: source)
            }
            return days
        case .custom:
            if let number = Double(value), number.isFinite, !value.contains("-") || value.hasPrefix("-") { return (number, number) }
            if let days = QueryDate.interval(value, today: today) { return days }
            if strict {
                throw QueryError(.invalidValue(field: field.name, value: value, expected: "a number or a date"), term: source)
            }
            return nil
        case .text:
            return nil
        }
    }
}
