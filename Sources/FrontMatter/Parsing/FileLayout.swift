/// Where the front matter and the body are in a file's bytes.
///
/// ```
/// ---            ← opening line (after an optional UTF-8 BOM)
/// title: Dune    ← yaml
/// ---            ← closing line (`---` or `...`)
/// Notes…         ← body, kept byte for byte
/// ```
struct FileLayout: Sendable, Hashable {
    /// Length of a leading UTF-8 byte order mark, 0 or 3.
    var bomLength: Int
    /// Whether the file starts with a front matter block at all.
    var hasFrontMatter: Bool
    /// The YAML between the delimiter lines.
    var yaml: Range<Int>
    /// The 1-based line of the first YAML line.
    var yamlFirstLine: Int
    /// The first byte of the body.
    var bodyStart: Int
    /// The line break the file uses, for lines an edit adds.
    var lineBreak: [UInt8]
    /// Whether the whole file is YAML, with no delimiter lines.
    var isWholeFile = false

    static let bom: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// A file that is all YAML, such as a configuration file.
    static func wholeFile(_ bytes: [UInt8]) -> FileLayout {
        let bomLength = bytes.starts(with: bom) ? 3 : 0
        return FileLayout(bomLength: bomLength, hasFrontMatter: true, yaml: bomLength..<bytes.count,
                          yamlFirstLine: 1, bodyStart: bytes.count, lineBreak: detectLineBreak(bytes),
                          isWholeFile: true)
    }

    /// Finds the front matter block in `bytes`.
    static func split(_ bytes: [UInt8]) throws(FrontMatterError) -> FileLayout {
        let bomLength = bytes.starts(with: bom) ? 3 : 0
        let lineBreak = detectLineBreak(bytes)
        guard let openingEnd = delimiterLineEnd(bytes, at: bomLength, marks: [UInt8(ascii: "-")]) else {
            return FileLayout(bomLength: bomLength, hasFrontMatter: false, yaml: bomLength..<bomLength,
                              yamlFirstLine: 1, bodyStart: bomLength, lineBreak: lineBreak)
        }
        var lineStart = openingEnd
        var line = 2
        while lineStart < bytes.count {
            if let closingEnd = delimiterLineEnd(bytes, at: lineStart, marks: [UInt8(ascii: "-"), UInt8(ascii: ".")]) {
                return FileLayout(bomLength: bomLength, hasFrontMatter: true, yaml: openingEnd..<lineStart,
                                  yamlFirstLine: 2, bodyStart: closingEnd, lineBreak: lineBreak)
            }
            guard let newline = bytes[lineStart...].firstIndex(of: UInt8(ascii: "\n")) else { break }
            lineStart = newline + 1
            line += 1
        }
        throw .unclosed(SourceLocation(line: 1, column: 1))
    }

    /// If a line of exactly three `mark` characters (then optional spaces or tabs) starts at
    /// `start`, the index just past its line break; otherwise `nil`. An opening line must end
    /// with a line break; a closing line may end the file.
    private static func delimiterLineEnd(_ bytes: [UInt8], at start: Int, marks: [UInt8]) -> Int? {
        guard start + 3 <= bytes.count else { return nil }
        let mark = bytes[start]
        guard marks.contains(mark), bytes[start + 1] == mark, bytes[start + 2] == mark else { return nil }
        var index = start + 3
        while index < bytes.count, bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\t") {
            index += 1
        }
        if index == bytes.count { return marks.count > 1 ? index : nil }
        if bytes[index] == UInt8(ascii: "\n") { return index + 1 }
        if bytes[index] == UInt8(ascii: "\r"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "\n") {
            return index + 2
        }
        return nil
    }

    private static func detectLineBreak(_ bytes: [UInt8]) -> [UInt8] {
        guard let newline = bytes.firstIndex(of: UInt8(ascii: "\n")) else { return [UInt8(ascii: "\n")] }
        return newline > 0 && bytes[newline - 1] == UInt8(ascii: "\r") ? [UInt8(ascii: "\r"), UInt8(ascii: "\n")] : [UInt8(ascii: "\n")]
    }
}
