/// A query that cannot be understood, pointing at the term at fault.
///
/// ```
/// unknown field "autor" in "autor:herbert" (did you mean author?)
/// unknown status "finishd" in "status:finishd" (did you mean finished?)
/// ```
public struct QueryError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong.
    public enum Reason: Sendable, Hashable {
        /// No built-in field and no custom key in the library has this name.
        case unknownField(name: String, suggestions: [String])
        /// `status:` or `status=` names no status of the library; `suggestions` are the close
        /// ones, `statuses` all of them.
        case unknownStatus(name: String, suggestions: [String], statuses: [String])
        /// The value does not read as what the field holds; `expected` names it.
        case invalidValue(field: String, value: String, expected: String)
        /// `field:` with nothing after it.
        case missingValue
        /// A `"` without its closing `"`.
        case unclosedQuote
        /// A `)` without its `(`.
        case unexpectedParenthesis
        /// A `(` without its `)`.
        case unclosedParenthesis
        /// `or`, `and`, `not` or `-` without a term where one is needed.
        case missingTerm(operator: String)
        /// A range on a field that holds text.
        case rangeOnText(field: String)
    }

    /// What is wrong.
    public var reason: Reason
    /// The term at fault, as typed.
    public var term: String

    /// Creates an error.
    package init(_ reason: Reason, term: String) {
        self.reason = reason
        self.term = term
    }

    public var description: String {
        let location = "in \"\(term)\""
        switch reason {
        case .unknownField(let name, let suggestions):
            let hint = suggestions.isEmpty ? "" : " (did you mean \(Suggestions.alternatives(suggestions))?)"
            return "unknown field \"\(name)\" \(location)\(hint)"
        case .unknownStatus(let name, let suggestions, let statuses):
            let hint = suggestions.isEmpty
                ? "; the statuses are \(statuses.joined(separator: ", "))"
                : " (did you mean \(Suggestions.alternatives(suggestions))?)"
            return "unknown status \"\(name)\" \(location)\(hint)"
        case .invalidValue(let field, let value, let expected):
            return "\(field) expects \(expected), found \"\(value)\" \(location)"
        case .missingValue:
            return "missing a value after the field \(location)"
        case .unclosedQuote:
            return "missing closing quote \(location)"
        case .unexpectedParenthesis:
            return "\")\" without a matching \"(\" \(location)"
        case .unclosedParenthesis:
            return "\"(\" without a matching \")\" \(location)"
        case .missingTerm(let name):
            return "\"\(name)\" needs a term \(name == "or" || name == "and" ? "on each side" : "after it") \(location)"
        case .rangeOnText(let field):
            return "\(field) holds text, so it takes no range \(location); ranges are for numbers and dates"
        }
    }

}
