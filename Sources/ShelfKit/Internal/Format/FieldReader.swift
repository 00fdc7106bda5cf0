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

    /// The value of `field`, held under `key`, typed by ``BookValueType/typed(_:)``; `nil` when
    /// absent or after recording its problem. A required field without a value is a problem too.
    mutating func value(of field: BookField, at key: String) -> BookValue? {
        let node = document[key]
        var value: BookValue?
        if let node {
            switch field.valueType.typed(node) {
            case .success(let typed): value = typed
            case .failure(let problem):
                reject(key, reason: problem.reason)
                return nil
            }
        }
        if field.isRequired, value?.messageText.allSatisfy(\.isWhitespace) ?? true {
            reject(key, reason: node == nil ? "is missing; every book needs a \(key)" : "is empty; every book needs a \(key)")
        }
        return value
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
                                 at: SourceLocation(line: location.line, column: location.column))
        }
        let location = document.location(ofKey: key)
        return .invalidValue(path: path, key: key, value: "", reason: reason, at: SourceLocation(line: location.line, column: location.column))
    }

    /// The keys not in `known`, with their values, in file order.
    func extra(excluding known: Set<String>) -> [YAMLValue.Entry] {
        extra { !known.contains($0) }
    }

    /// The keys `isExtra` accepts, with their values, in file order.
    func extra(where isExtra: (String) -> Bool) -> [YAMLValue.Entry] {
        document.fields.entries.filter { isExtra($0.key) }.map { .init($0.key, $0.value.value) }
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
