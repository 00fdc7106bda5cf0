/// Typed reads of a document's keys that collect errors instead of stopping at the first, so
/// `check` can report every bad value in a file while a plain read throws the first.
struct FieldReader {
    let document: FrontMatterDocument
    private(set) var errors: [ShelfError] = []

    init(_ document: FrontMatterDocument) { self.document = document }

    var path: String { document.path ?? "" }

    /// The value `read` returns, or `nil` after recording its error.
    mutating func read<Value>(_ read: (FrontMatterDocument) throws(FrontMatterError) -> Value?) -> Value? {
        do throws(FrontMatterError) {
            return try read(document)
        } catch {
            errors.append(ShelfError.from(error, document: document))
            return nil
        }
    }

    /// A list of text (`authors`, `tags`), or `nil` after recording its error. An item holding
    /// the unit separator (U+001F, which only a `"\x1f"` escape can write) is refused: the index
    /// joins list items with it, and such an item would come back as two.
    mutating func list(_ key: String) -> [String]? {
        guard let items = read({ document throws(FrontMatterError) in try document.strings(key) }) else { return nil }
        guard !items.contains(where: { $0.unicodeScalars.contains("\u{1F}") }) else {
            reject(key, reason: "holds the control character U+001F; remove it")
            return nil
        }
        return items
    }

    /// Records a value that has the right type but is not acceptable.
    mutating func reject(_ key: String, reason: String) {
        errors.append(invalid(key, reason: reason))
    }

    /// An error located at `key`'s value, or at the front matter's start when it is absent.
    func invalid(_ key: String, reason: String) -> ShelfError {
        if let node = document[key] {
            let location = document.location(of: node)
            return .invalidValue(path: path, key: key, value: ShelfError.valueText(node), reason: reason,
                                 line: location.line, column: location.column)
        }
        let location = document.location(ofKey: key)
        return .invalidValue(path: path, key: key, value: "", reason: reason, line: location.line, column: location.column)
    }

    /// The keys not in `known`, with their values, in file order.
    func extra(excluding known: Set<String>) -> [YAMLValue.Entry] {
        document.fields.entries.filter { !known.contains($0.key) }.map { .init($0.key, $0.value.value) }
    }

    /// The body without the blank line that separates it from the front matter.
    var body: String {
        let bytes = document.bytes
        let range = document.bodyRange
        return String(decoding: bytes[range.lowerBound + Self.separatorLength(bytes, at: range.lowerBound)..<range.upperBound],
                      as: UTF8.self)
    }

    /// The length of the line break at `offset` in `bytes` — the blank line between the front
    /// matter and the body — or 0. Counted in bytes: a Swift `Character` holds `\r\n` as one,
    /// so string operations would drop the body's first character with it.
    static func separatorLength(_ bytes: [UInt8], at offset: Int) -> Int {
        guard offset < bytes.count else { return 0 }
        if bytes[offset] == UInt8(ascii: "\n") { return 1 }
        if bytes[offset] == UInt8(ascii: "\r"), offset + 1 < bytes.count, bytes[offset + 1] == UInt8(ascii: "\n") { return 2 }
        return 0
    }
}
