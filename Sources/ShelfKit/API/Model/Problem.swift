/// Something wrong in a library's files, found by ``LibraryReading/check()`` or a scan.
///
/// Problems are reported, not thrown, so one broken file never hides the others.
public struct Problem: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    /// The file or folder, relative to the library root.
    public var path: String
    /// 1-based line, or 0 when the problem is about the file or folder as a whole.
    public var line: Int
    /// 1-based column, or 0 with line 0.
    public var column: Int
    /// What is wrong, and where possible what to do.
    public var message: String
    /// For a key a merge left in conflict, our side's value, for a program to offer keeping it.
    package var keptSide: KeptSide?

    /// Our side of a key a merge left as `key: {ours: …, theirs: …}`, and whose key it is: for a
    /// key a program can set (a book's, a session's own), whose side is not a removal.
    package struct KeptSide: Sendable, Hashable {
        /// Whose key it is.
        package enum Place: Sendable, Hashable {
            /// A book's.
            case book(slug: String)
            /// A session's own key, the session named by its file name without `.md`.
            case session(slug: String, name: String)
        }

        package var place: Place
        package var key: String
        /// Each side's value as the message shows it (`removed` for a key a side deleted).
        package var ours: String
        package var theirs: String
        /// Our side's value as it would be typed.
        package var value: String

        /// The message of a conflicted key, with `keeping`, a way to keep our side, when one is known.
        package static func message(key: String, ours: String, theirs: String, keeping: String?) -> String {
            "merge conflict: \(key) is \(ours) on our side and \(theirs) on theirs; keep one \(keeping.map { "with \($0) or " } ?? "")by editing the line"
        }
    }

    private enum CodingKeys: String, CodingKey { case path, line, column, message }

    /// Creates a problem.
    package init(path: String, line: Int, column: Int, message: String) {
        self.path = path
        self.line = line
        self.column = column
        self.message = message
    }

    /// `path:line:column: message`, or `path: message` for a whole file or folder.
    public var description: String {
        line == 0 ? "\(path): \(message)" : "\(path):\(line):\(column): \(message)"
    }

    public static func < (lhs: Problem, rhs: Problem) -> Bool {
        (lhs.path, lhs.line, lhs.column, lhs.message) < (rhs.path, rhs.line, rhs.column, rhs.message)
    }

    /// The problem an error describes, located where the error points.
    init(_ error: ShelfError, path: String) {
        switch error {
        case .invalidFrontMatter(let error):
            self.init(path: error.location.path ?? path, line: error.location.line, column: error.location.column,
                      message: error.message)
        case .invalidValue(let path, let key, let value, let reason, let location):
            let found = value.isEmpty ? "" : ", found \"\(value)\""
            self.init(path: path, line: location?.line ?? 0, column: location?.column ?? 0, message: "\(key) \(reason)\(found)")
        default:
            self.init(path: path, line: 0, column: 0, message: error.description)
        }
    }
}
