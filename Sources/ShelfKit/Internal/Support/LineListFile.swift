/// A file of one entry per line that shelf adds a line to and otherwise leaves to the person:
/// `.shelf/.gitignore` (the trash's line) and the library's `.gitattributes` (the merge driver's).
package enum LineListFile {
    /// `existing` with `line` appended, in the file's own line breaks, or `nil` when one of its
    /// lines already says it.
    /// - Parameter says: Whether a line of the file, without spaces, tabs and carriage returns
    ///   at either end, already does what `line` would.
    package static func appending(_ line: String, to existing: [UInt8], unless says: (String) -> Bool) -> [UInt8]? {
        let newline = UInt8(ascii: "\n"), carriageReturn = UInt8(ascii: "\r")
        let isBlank: (UInt8) -> Bool = { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") || $0 == carriageReturn }
        for entry in existing.split(separator: newline) {
            let trimmed = entry.drop(while: isBlank).reversed().drop(while: isBlank).reversed()
            if says(String(decoding: trimmed, as: UTF8.self)) { return nil }
        }
        // The line break of the file's first line, so that a CRLF file stays CRLF.
        let crlf = existing.firstIndex(of: newline).map { $0 > 0 && existing[$0 - 1] == carriageReturn } ?? false
        let lineBreak: [UInt8] = crlf ? [carriageReturn, newline] : [newline]
        var bytes = existing
        if let last = bytes.last, last != newline { bytes += lineBreak }
        return bytes + Array(line.utf8) + lineBreak
    }
}
