/// Writing front matter through ``FrontMatterDocument``'s edits, shared by books and sessions.
///
/// Every key goes through `setValue`, which checks that what it writes reads back as the value,
/// so quoting is always right; the body is spliced in after the closing line.
enum DocumentWriting {
    /// A new file: the entries in order, then a blank line and the body.
    static func newFile(entries: [YAMLValue.Entry], body: String, path: String) throws(ShelfError) -> FrontMatterDocument {
        do throws(FrontMatterError) {
            var document = try FrontMatterDocument(bytes: [], path: path)
            for entry in entries { try document.setValue(entry.value, forKey: entry.key) }
            return try FrontMatterDocument(bytes: document.bytes + bodyBytes(body), path: path)
        } catch {
            throw .invalidFrontMatter(error)
        }
    }

    /// The bytes after the closing line for a body: nothing, or a blank line, the text and a final
    /// line break, in `lineBreak`. The final line break is tested on bytes: a body ending `\r\n`
    /// ends in one `Character` that is not `"\n"`.
    static func bodyBytes(_ body: String, lineBreak: [UInt8] = [UInt8(ascii: "\n")]) -> [UInt8] {
        guard !body.isEmpty else { return [] }
        return lineBreak + Array(body.utf8) + (body.utf8.last == UInt8(ascii: "\n") ? [] : lineBreak)
    }

    /// The file's bytes with the body after its separating blank line replaced by `body`. The
    /// separator the file has stays as it is, and the text is written as given, with a final
    /// line break in the file's style when the old body ended with one and the new one does not.
    /// A file without a body gets one as a new file would, in the file's own line breaks.
    static func replacingBody(of document: FrontMatterDocument, with body: String) -> [UInt8] {
        let bytes = document.bytes
        let range = document.bodyRange
        let lineBreak = document.lineBreakBytes
        var result = Array(bytes[..<range.lowerBound])
        guard !body.isEmpty else { return result }
        if !range.isEmpty {
            result += bytes[range.lowerBound..<range.lowerBound + FieldReader.separatorLength(bytes, at: range.lowerBound)]
            result += Array(body.utf8)
            if body.utf8.last != UInt8(ascii: "\n"), bytes.last == UInt8(ascii: "\n") { result += lineBreak }
            return result
        }
        // A closing line at the very end of the file has no line break of its own yet.
        if result.last != UInt8(ascii: "\n") { result += lineBreak }
        return result + bodyBytes(body, lineBreak: lineBreak)
    }

    /// Applies key edits (`nil` removes), extra-key changes and a new body; `nil` when nothing changed.
    ///
    /// A key that is added goes after the nearest key before it in `canonicalOrder` that the file
    /// has, so `rating` lands after `tags` or `finished` rather than at the end.
    static func edit(_ original: FrontMatterDocument, canonicalOrder: [String], edits: [(key: String, value: YAMLValue?)],
                     oldExtra: [YAMLValue.Entry], newExtra: [YAMLValue.Entry], oldBody: String,
                     newBody: String) throws(ShelfError) -> FrontMatterDocument? {
        var document = original
        do throws(FrontMatterError) {
            for edit in edits {
                if let value = edit.value {
                    let index = canonicalOrder.firstIndex(of: edit.key) ?? canonicalOrder.count
                    let neighbour = canonicalOrder[..<index].last { document[$0] != nil }
                    try document.setValue(value, forKey: edit.key, after: neighbour)
                } else {
                    try document.removeValue(forKey: edit.key)
                }
            }
            let kept = Set(newExtra.map(\.key))
            for entry in oldExtra where !kept.contains(entry.key) {
                try document.removeValue(forKey: entry.key)
            }
            var previous: String?
            for entry in newExtra {
                let old = oldExtra.first { $0.key == entry.key }
                if old.map({ !$0.value.isSameValue(as: entry.value) }) ?? true {
                    try document.setValue(entry.value, forKey: entry.key, after: previous)
                }
                previous = entry.key
            }
            if oldBody != newBody {
                document = try FrontMatterDocument(bytes: replacingBody(of: document, with: newBody), path: document.path)
            }
        } catch {
            throw .invalidFrontMatter(error)
        }
        return document.bytes == original.bytes ? nil : document
    }
}
