/// Why a file's front matter could not be read or edited, and where.
///
/// Every case carries a ``SourceLocation``; ``description`` renders it like a compiler,
/// `finished/dune.md:4:1: duplicate key "title" (first on line 2)`, so a person can jump there.
public enum FrontMatterError: Error, Sendable, Hashable, CustomStringConvertible {
    /// An opening `---` line with no closing `---` or `...` line.
    case unclosed(SourceLocation)
    /// libyaml could not parse the YAML; `problem` is its explanation.
    case syntax(problem: String, SourceLocation)
    /// A tab where YAML needs spaces for indentation.
    case tabIndentation(SourceLocation)
    /// The same key twice in one mapping.
    case duplicateKey(String, firstLine: Int, SourceLocation)
    /// The front matter is a list or a bare value rather than `key: value` lines.
    case notAMapping(found: String, SourceLocation)
    /// A key that is a list or mapping rather than text.
    case complexKey(SourceLocation)
    /// Bytes that are not UTF-8.
    case invalidUTF8(SourceLocation)
    /// An anchor (`&name`) or alias (`*name`): refused, so no file can expand into gigabytes.
    case anchorOrAlias(SourceLocation)
    /// Front matter larger than ``FrontMatterDocument/maximumFrontMatterBytes``.
    case tooLarge(bytes: Int, limit: Int, SourceLocation)
    /// Lists or mappings nested deeper than ``FrontMatterDocument/maximumDepth``.
    case tooDeep(limit: Int, SourceLocation)
    /// A value is not of the type a caller asked for.
    case typeMismatch(key: String, expected: String, found: String, SourceLocation)
    /// An edit that cannot be made without rewriting text the edit does not own.
    case unsupportedEdit(key: String, reason: String, SourceLocation)

    /// Where the problem is.
    public var location: SourceLocation {
        switch self {
        case .unclosed(let location), .syntax(_, let location), .tabIndentation(let location),
             .duplicateKey(_, _, let location), .notAMapping(_, let location), .complexKey(let location),
             .invalidUTF8(let location), .anchorOrAlias(let location), .tooLarge(_, _, let location),
             .tooDeep(_, let location), .typeMismatch(_, _, _, let location), .unsupportedEdit(_, _, let location):
            location
        }
    }

    /// The message without the location.
    public var message: String {
        switch self {
        case .unclosed:
            "front matter is not closed: the opening --- has no closing --- line"
        case .syntax(let problem, _):
            "invalid YAML: \(problem)"
        case .tabIndentation:
            "tab used for indentation; YAML indents with spaces only"
        case .duplicateKey(let key, let firstLine, _):
            "duplicate key \"\(key)\" (first on line \(firstLine))"
        case .notAMapping(let found, _):
            "front matter must be a mapping of `key: value` lines, found \(found)"
        case .complexKey:
            "a key must be plain text, not a list or mapping"
        case .invalidUTF8:
            "invalid UTF-8: the file must be saved as UTF-8 text"
        case .anchorOrAlias:
            "YAML anchors and aliases (&name, *name) are not allowed in front matter"
        case .tooLarge(let bytes, let limit, _):
            "front matter is \(bytes) bytes, more than the limit of \(limit)"
        case .tooDeep(let limit, _):
            "lists and mappings are nested more than \(limit) levels deep"
        case .typeMismatch(let key, let expected, let found, _):
            "\(key) should be \(expected), found \(found)"
        case .unsupportedEdit(let key, let reason, _):
            "cannot change \(key): \(reason)"
        }
    }

    /// The same error with a file path attached, for errors found before the path was known.
    public func at(path: String?) -> FrontMatterError {
        guard let path else { return self }
        var location = self.location
        location.path = path
        switch self {
        case .unclosed: return .unclosed(location)
        case .syntax(let problem, _): return .syntax(problem: problem, location)
        case .tabIndentation: return .tabIndentation(location)
        case .duplicateKey(let key, let firstLine, _): return .duplicateKey(key, firstLine: firstLine, location)
        case .notAMapping(let found, _): return .notAMapping(found: found, location)
        case .complexKey: return .complexKey(location)
        case .invalidUTF8: return .invalidUTF8(location)
        case .anchorOrAlias: return .anchorOrAlias(location)
        case .tooLarge(let bytes, let limit, _): return .tooLarge(bytes: bytes, limit: limit, location)
        case .tooDeep(let limit, _): return .tooDeep(limit: limit, location)
        case .typeMismatch(let key, let expected, let found, _):
            return .typeMismatch(key: key, expected: expected, found: found, location)
        case .unsupportedEdit(let key, let reason, _): return .unsupportedEdit(key: key, reason: reason, location)
        }
    }

    /// `path:line:column: message`.
    public var description: String {
        "\(location): \(message)"
    }
}
