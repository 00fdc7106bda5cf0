/// A place in a file, as a person counts it: 1-based line and column (in characters).
public struct SourceLocation: Sendable, Hashable, CustomStringConvertible {
    /// The file's path, when the text came from a file.
    public var path: String?
    /// The line, starting at 1.
    public var line: Int
    /// The column in characters, starting at 1.
    public var column: Int

    /// Creates a location.
    public init(path: String? = nil, line: Int, column: Int) {
        self.path = path
        self.line = line
        self.column = column
    }

    /// `path:line:column`, or `line:column` when there is no path, as compilers print it.
    public var description: String {
        if let path { return "\(path):\(line):\(column)" }
        return "\(line):\(column)"
    }
}

/// A position in a file's bytes together with its line and column.
public struct SourcePosition: Sendable, Hashable {
    /// Offset in bytes from the start of the file.
    public var offset: Int
    /// 1-based line.
    public var line: Int
    /// 1-based column, in characters.
    public var column: Int

    /// Creates a position.
    public init(offset: Int, line: Int, column: Int) {
        self.offset = offset
        self.line = line
        self.column = column
    }
}

/// The bytes a node was written in: `start` is its first byte, `end` is one past its last.
public struct SourceSpan: Sendable, Hashable {
    /// The first byte of the node.
    public var start: SourcePosition
    /// One past the last byte of the node.
    public var end: SourcePosition

    /// Creates a span.
    public init(start: SourcePosition, end: SourcePosition) {
        self.start = start
        self.end = end
    }

    /// The byte range in the file.
    public var range: Range<Int> { start.offset..<end.offset }
}
