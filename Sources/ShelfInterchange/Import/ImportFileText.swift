public import ShelfKit

/// An export file's bytes as text, in the encodings a spreadsheet may save a "CSV" in.
///
/// Goodreads and StoryGraph write UTF-8. A file re-saved by a spreadsheet may be UTF-8 with a
/// byte order mark (Excel's "CSV UTF-8"), UTF-16 (Excel's "Unicode Text"), or the computer's
/// legacy code page such as Windows-1252 (Excel's plain "CSV"). UTF-8 and UTF-16 are decoded;
/// anything else is refused with the place of the first byte that is not UTF-8, since guessing
/// a code page would put wrong letters in names and titles without a word.
public enum ImportFileText {
    /// The text of `bytes`: UTF-8 (a byte order mark is kept for the CSV reader to drop), or
    /// UTF-16 with a byte order mark, or UTF-16 without one when its zero bytes show it.
    /// - Throws: ``ShelfError/invalidValue(path:key:value:reason:at:)`` at the first
    ///   byte that is not UTF-8.
    public static func decode(_ bytes: [UInt8], path: String) throws(ShelfError) -> String {
        if bytes.starts(with: [0xFF, 0xFE]) { return utf16(bytes.dropFirst(2), littleEndian: true) }
        if bytes.starts(with: [0xFE, 0xFF]) { return utf16(bytes.dropFirst(2), littleEndian: false) }
        if let littleEndian = utf16WithoutMark(bytes) { return utf16(bytes[...], littleEndian: littleEndian) }
        if let text = String(validating: bytes, as: UTF8.self) { return text }
        throw notUTF8(bytes, path: path)
    }

    private static func utf16(_ bytes: ArraySlice<UInt8>, littleEndian: Bool) -> String {
        var units: [UInt16] = []
        units.reserveCapacity(bytes.count / 2)
        var index = bytes.startIndex
        while index + 1 < bytes.endIndex {
            let (low, high) = littleEndian ? (bytes[index], bytes[index + 1]) : (bytes[index + 1], bytes[index])
            units.append(UInt16(high) << 8 | UInt16(low))
            index += 2
        }
        return String(decoding: units, as: UTF16.self)
    }

    /// Whether text without a byte order mark is UTF-16: a CSV's first characters are ASCII, so
    /// every other byte of them is zero. `nil` when it is not; else whether it is little-endian.
    private static func utf16WithoutMark(_ bytes: [UInt8]) -> Bool? {
        let start = bytes.prefix(64)
        guard start.count >= 4 else { return nil }
        let even = stride(from: 0, to: start.count, by: 2).map { start[$0] }
        let odd = stride(from: 1, to: start.count, by: 2).map { start[$0] }
        if odd.allSatisfy({ $0 == 0 }), even.allSatisfy({ $0 != 0 }) { return true }
        if even.allSatisfy({ $0 == 0 }), odd.allSatisfy({ $0 != 0 }) { return false }
        return nil
    }

    /// The error for the first byte that is not UTF-8, with its line and column.
    private static func notUTF8(_ bytes: [UInt8], path: String) -> ShelfError {
        let offset = UTF8Validator.firstInvalidByte(in: bytes, range: 0..<bytes.count) ?? bytes.count
        let (line, column) = UTF8Validator.lineAndColumn(of: offset, in: bytes)
        let byte = offset < bytes.count ? String(bytes[offset], radix: 16, uppercase: true) : "?"
        return .invalidValue(
            path: path, key: "file", value: "",
            reason: "is not UTF-8 text: byte 0x\(byte.count == 1 ? "0" + byte : byte) is not UTF-8. It may be in a "
                + "legacy code page such as Windows-1252, as Excel's plain \"CSV\" saves; save it as \"CSV UTF-8\", "
                + "or convert it: iconv -f WINDOWS-1252 -t UTF-8 FILE > FILE-utf8.csv",
            at: SourceLocation(line: line, column: column))
    }
}
