/// A Markdown file with YAML front matter: its exact bytes, the parsed fields, and the body.
///
/// Parsing keeps the file's bytes; edits splice new bytes into them and parse the result
/// again, so whatever is not edited — comments, blank lines, key order, quoting, the body —
/// stays byte for byte, and an edit that would not read back as intended is refused rather
/// than written.
///
/// ```swift
/// var document = try FrontMatterDocument(text: "---\ntitle: Dune\n---\nA classic.\n")
/// document.fields["title"]?.text            // "Dune"
/// try document.setValue(.int(4), forKey: "rating")
/// document.text                              // "---\ntitle: Dune\nrating: 4\n---\nA classic.\n"
/// ```
public struct FrontMatterDocument: Sendable, Hashable {
    /// The largest front matter block read; larger ones are refused as hostile or broken.
    public static let maximumFrontMatterBytes = 1 << 20
    /// The deepest nesting of lists and mappings read.
    public static let maximumDepth = 64

    /// The path of the file, used in error messages.
    public let path: String?
    /// The whole file.
    public private(set) var bytes: [UInt8]
    /// The front matter's top-level mapping; empty when the file has none.
    public private(set) var fields: YAMLMapping
    var layout: FileLayout

    /// Parses a file's bytes.
    /// - Parameters:
    ///   - bytes: The whole file.
    ///   - path: Where the file is, for error messages.
    /// - Throws: ``FrontMatterError`` with the line and column of the problem.
    public init(bytes: [UInt8], path: String? = nil) throws(FrontMatterError) {
        try self.init(bytes: bytes, path: path, wholeFileIsYAML: false)
    }

    /// Parses a file that is all YAML with no `---` lines, such as `.shelf/config.yaml`.
    /// Edits work the same way as on front matter.
    public init(yamlBytes bytes: [UInt8], path: String? = nil) throws(FrontMatterError) {
        try self.init(bytes: bytes, path: path, wholeFileIsYAML: true)
    }

    /// Parses a file that may write a key twice, as notes people keep by hand sometimes do: each
    /// such key keeps its last value, as most YAML readers read it, and is listed in
    /// ``duplicateKeys``. Edits of any other key work as usual; an edit of a key written twice
    /// is refused, since it could not say which of the two it changes.
    public init(lenientBytes bytes: [UInt8], path: String? = nil) throws(FrontMatterError) {
        try self.init(bytes: bytes, path: path, wholeFileIsYAML: false, keepsLastDuplicate: true)
    }

    /// The keys written twice in a document read with ``init(lenientBytes:path:)``, each as the
    /// error a strict read would have thrown.
    public private(set) var duplicateKeys: [FrontMatterError] = []

    /// Whether the document was read with ``init(lenientBytes:path:)``; edits read it back the same way.
    var keepsLastDuplicate: Bool { !duplicateKeys.isEmpty }

    private init(bytes: [UInt8], path: String?, wholeFileIsYAML: Bool, keepsLastDuplicate: Bool = false) throws(FrontMatterError) {
        do throws(FrontMatterError) {
            if let invalid = UTF8Validator.firstInvalidByte(in: bytes, range: 0..<bytes.count) {
                let position = UTF8Validator.lineAndColumn(of: invalid, in: bytes)
                throw FrontMatterError.invalidUTF8(SourceLocation(line: position.line, column: position.column))
            }
            let layout = wholeFileIsYAML ? FileLayout.wholeFile(bytes) : try FileLayout.split(bytes)
            if layout.yaml.count > Self.maximumFrontMatterBytes {
                throw FrontMatterError.tooLarge(bytes: layout.yaml.count, limit: Self.maximumFrontMatterBytes,
                                                SourceLocation(line: layout.yamlFirstLine, column: 1))
            }
            if let plain = PlainFrontMatterParser(bytes: bytes, yaml: layout.yaml, firstLine: layout.yamlFirstLine).parse() {
                self.fields = plain
            } else {
                var parser = YAMLTreeParser(bytes: bytes, layout: layout, maximumDepth: Self.maximumDepth)
                parser.keepsLastDuplicate = keepsLastDuplicate
                self.fields = try parser.parse()
                self.duplicateKeys = parser.duplicates.found.map { $0.at(path: path) }
            }
            self.layout = layout
            self.bytes = bytes
            self.path = path
        } catch {
            throw error.at(path: path)
        }
    }

    /// The front matter of `bytes` as each of the two readers reads it: the plain reader
    /// (`nil` when it declines) and libyaml's, strict. `nil` when the file is not valid UTF-8
    /// or its block is not closed. For tests: where the plain reader answers, the two must
    /// give the same tree.
    package static func bothReadings(of bytes: [UInt8]) -> (plain: YAMLMapping?, libyaml: Result<YAMLMapping, FrontMatterError>)? {
        guard UTF8Validator.firstInvalidByte(in: bytes, range: 0..<bytes.count) == nil,
              let layout = try? FileLayout.split(bytes) else { return nil }
        let plain = PlainFrontMatterParser(bytes: bytes, yaml: layout.yaml, firstLine: layout.yamlFirstLine).parse()
        let libyaml = Result { () throws(FrontMatterError) in
            try YAMLTreeParser(bytes: bytes, layout: layout, maximumDepth: maximumDepth).parse()
        }
        return (plain, libyaml)
    }

    /// Parses a file's text.
    public init(text: String, path: String? = nil) throws(FrontMatterError) {
        try self.init(bytes: Array(text.utf8), path: path)
    }

    /// The whole file as text.
    public var text: String { String(decoding: bytes, as: UTF8.self) }

    /// Whether the file starts with a front matter block.
    public var hasFrontMatter: Bool { layout.hasFrontMatter }

    /// The bytes of the YAML between the delimiter lines.
    public var frontMatterRange: Range<Int> { layout.yaml }

    /// The bytes of the body: everything after the closing line.
    public var bodyRange: Range<Int> { layout.bodyStart..<bytes.count }

    /// The line break the file uses (`\n` or `\r\n`, from its first line), for lines an edit adds.
    public var lineBreakBytes: [UInt8] { layout.lineBreak }

    /// The body: everything after the closing line, byte for byte.
    public var body: String { String(decoding: bytes[layout.bodyStart...], as: UTF8.self) }

    /// The 1-based line on which the body starts.
    public var bodyFirstLine: Int {
        1 + bytes[..<layout.bodyStart].reduce(0) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
    }

    /// The node for a top-level key.
    public subscript(key: String) -> YAMLNode? { fields[key] }

    /// The location of a node, with this file's path.
    public func location(of node: YAMLNode) -> SourceLocation {
        SourceLocation(path: path, line: node.span.start.line, column: node.span.start.column)
    }

    /// The location of a key, or of the front matter's start when the key is absent.
    public func location(ofKey key: String) -> SourceLocation {
        if let entry = fields.entry(key) {
            return SourceLocation(path: path, line: entry.keySpan.start.line, column: entry.keySpan.start.column)
        }
        return SourceLocation(path: path, line: 1, column: 1)
    }
}
