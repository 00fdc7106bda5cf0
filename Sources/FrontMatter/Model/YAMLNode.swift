/// One node of parsed front matter, with the bytes it was written in.
///
/// Nodes are read-only views of the text: edits go through ``FrontMatterDocument``, which
/// changes bytes and parses again, so a node's ``span`` always matches the text it came from.
public enum YAMLNode: Sendable, Hashable {
    case scalar(YAMLScalar)
    case sequence(YAMLSequence)
    case mapping(YAMLMapping)

    /// Where the node stands in the file.
    public var span: SourceSpan {
        switch self {
        case .scalar(let scalar): scalar.span
        case .sequence(let sequence): sequence.span
        case .mapping(let mapping): mapping.span
        }
    }

    /// The typed value, resolved by the YAML 1.2 core schema.
    public var value: YAMLValue {
        switch self {
        case .scalar(let scalar): scalar.value
        case .sequence(let sequence): .list(sequence.items.map(\.value))
        case .mapping(let mapping): .mapping(mapping.entries.map { .init($0.key, $0.value.value) })
        }
    }

    /// The scalar, when this node is one.
    public var scalar: YAMLScalar? {
        if case .scalar(let scalar) = self { return scalar }
        return nil
    }

    /// The text of a non-null scalar as written (after unquoting), whatever type it resolves to.
    ///
    /// `isbn: 0441172717` resolves to an integer but its text keeps the leading zero, so
    /// string fields read through this never lose digits.
    public var text: String? {
        guard let scalar, !scalar.isNull else { return nil }
        return scalar.text
    }

    /// The items as strings: a sequence of scalars, or a single scalar as a one-item list.
    /// Nested sequences are flattened, so the wiki links some editors write unquoted
    /// (`authors: [[Frank Herbert]]`) read as their text. Returns `nil` when an item is a
    /// mapping. Null items are skipped.
    public var strings: [String]? {
        switch self {
        case .scalar(let scalar):
            return scalar.isNull ? [] : [scalar.text]
        case .sequence(let sequence):
            var result: [String] = []
            result.reserveCapacity(sequence.items.count)
            for item in sequence.items {
                guard let strings = item.strings else { return nil }
                result += strings
            }
            return result
        case .mapping:
            return nil
        }
    }

    /// Whether this is a scalar that resolves to null (`~`, `null` or nothing).
    public var isNull: Bool { scalar?.isNull ?? false }
}

/// How a scalar was written.
public enum ScalarStyle: Sendable, Hashable {
    case plain
    case singleQuoted
    case doubleQuoted
    /// `|`: lines kept as written.
    case literal
    /// `>`: lines folded into spaces.
    case folded
}

/// A scalar: its text after unquoting, how it was written, and where.
public struct YAMLScalar: Sendable, Hashable {
    /// The text after YAML's unquoting and folding.
    public let text: String
    /// How it was written.
    public let style: ScalarStyle
    /// An explicit tag such as `!!str`, when one was written.
    public let tag: String?
    /// Where it stands in the file.
    public let span: SourceSpan

    /// The value by the YAML 1.2 core schema. Quoted and block scalars are always strings.
    public var value: YAMLValue {
        ScalarResolver.resolve(text, style: style, tag: tag)
    }

    /// Whether the scalar resolves to null: with the core schema's null tag, or plain and
    /// spelled as null (``ScalarResolver/isNull(_:)``), as ``value`` would say. Asked of every
    /// value a book is read with, before its type is; resolving the whole value here parsed
    /// each day and number twice.
    public var isNull: Bool {
        if let tag { return tag == ScalarResolver.nullTag }
        return style == .plain && ScalarResolver.isNull(text)
    }
}

/// A sequence, block (`- item` lines) or flow (`[a, b]`).
public struct YAMLSequence: Sendable, Hashable {
    /// The items in order.
    public let items: [YAMLNode]
    /// Whether it was written in flow style, `[a, b]`.
    public let isFlow: Bool
    /// Where it stands: for block sequences, from the first `-` to the end of the last item.
    public let span: SourceSpan
}

/// A mapping with its keys in the order they were written.
public struct YAMLMapping: Sendable, Hashable {
    /// One `key: value` pair and where its key stands.
    public struct Entry: Sendable, Hashable {
        /// The key's text.
        public let key: String
        /// Where the key stands.
        public let keySpan: SourceSpan
        /// The value.
        public let value: YAMLNode
    }

    /// The entries in the order they were written.
    public let entries: [Entry]
    /// Whether it was written in flow style, `{a: 1}`.
    public let isFlow: Bool
    /// Where it stands.
    public let span: SourceSpan

    /// An empty mapping at a position, for files without front matter.
    static func empty(at position: SourcePosition) -> YAMLMapping {
        YAMLMapping(entries: [], isFlow: false, span: SourceSpan(start: position, end: position))
    }

    /// The keys in order.
    public var keys: [String] { entries.map(\.key) }

    /// The entry for a key, if present.
    public func entry(_ key: String) -> Entry? {
        index(of: key).map { entries[$0] }
    }

    /// The value for a key, if present.
    public subscript(key: String) -> YAMLNode? {
        index(of: key).map { entries[$0].value }
    }

    /// The position of a key's entry. By index rather than `first(where:)`, whose iterator
    /// copies every entry it passes, spans and value, on a path that reads every book.
    private func index(of key: String) -> Int? {
        entries.indices.first { entries[$0].key == key }
    }
}
