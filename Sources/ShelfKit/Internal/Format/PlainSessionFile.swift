/// A session file in the shape shelf writes it, read without YAML.
///
/// Session files are most of a library's files, and nearly all of them are written by shelf:
/// a `---` line, one line each for some of `from`, `to`, `minutes` and `pages`, a `---` line,
/// then the note. Reading them as YAML — libyaml's events, the node tree with its spans, the
/// typed reads, freeing it all — was half the work of reading a library's sessions (about
/// 150 ms of CPU for 17,000 files), which the first search or statistics on a new index pay.
///
/// This reader accepts that shape only, byte by byte: the four keys, each once, a space after
/// the colon, a whole number or a position whose YAML reading is its own text, lines ending in
/// `\n`. Anything else — another key, a quote, a comment, `\r\n`, a byte order mark, a key
/// written twice, a value that does not read, `to` below `from` — gives `nil`, and the file is
/// read as YAML by ``SessionFormat/read(_:bookID:name:)``, which also says what is wrong. So
/// every file it reads gives the session the YAML reading gives, with no problems
/// (`PlainSessionFileTests` compares the two on generated files and near misses).
enum PlainSessionFile {
    /// The session in `bytes`, or `nil` when the file is not in the plain shape.
    static func read(_ bytes: [UInt8], path: String, name: SessionFileName, bookID: BookID) -> ReadingSession? {
        guard bytes.count >= 4, bytes[0] == dash, bytes[1] == dash, bytes[2] == dash, bytes[3] == newline else { return nil }
        var values = Values()
        var line = 4
        while line < bytes.count {
            if bytes[line] == dash {
                return session(bytes, closingAt: line, values, path: path, name: name, bookID: bookID)
            }
            guard let end = bytes[line...].firstIndex(of: newline), values.read(bytes[line..<end]) else { return nil }
            line = end + 1
        }
        return nil
    }

    /// The session once the closing line starts at `line`; `nil` when that line is not `---`
    /// alone or the values do not make a session without problems.
    private static func session(_ bytes: [UInt8], closingAt line: Int, _ values: Values, path: String, name: SessionFileName,
                                bookID: BookID) -> ReadingSession? {
        guard line + 3 <= bytes.count, bytes[line + 1] == dash, bytes[line + 2] == dash, values.seen != 0 else { return nil }
        var bodyStart = line + 3
        if bodyStart < bytes.count {
            guard bytes[bodyStart] == newline else { return nil }
            bodyStart += 1
        }
        if let from = values.from, let to = values.to, SessionFormat.isBackwards(from: from, to: to) { return nil }
        let noteStart = bodyStart + FieldReader.separatorLength(bytes, at: bodyStart)
        return SessionFormat.session(bookID: bookID, name: name, from: values.from, to: values.to, pages: values.pages,
                                     minutes: values.minutes, extra: [], note: String(decoding: bytes[noteStart...], as: UTF8.self),
                                     path: path)
    }

    /// The values read so far, and which keys gave them.
    private struct Values {
        var from: ReadingPosition?
        var to: ReadingPosition?
        var pages: Int?
        var minutes: Int?
        /// A bit per key read, by ``Key/bit``.
        var seen: UInt8 = 0

        enum Key: String {
            case from, to, pages, minutes

            var bit: UInt8 {
                switch self {
                case .from: 1
                case .to: 2
                case .pages: 4
                case .minutes: 8
                }
            }
        }

        /// Reads one `key: value` line, without its line break; `false` when it is not one of
        /// the plain shape or its key was seen.
        mutating func read(_ line: ArraySlice<UInt8>) -> Bool {
            guard let colon = line.firstIndex(of: UInt8(ascii: ":")), colon + 1 < line.endIndex,
                  line[colon + 1] == UInt8(ascii: " "),
                  let key = Key(rawValue: String(decoding: line[..<colon], as: UTF8.self)),
                  seen & key.bit == 0 else { return false }
            seen |= key.bit
            let value = line[(colon + 2)...]
            switch key {
            case .pages:
                pages = PlainSessionFile.wholeNumber(value)
                return pages != nil
            case .minutes:
                minutes = PlainSessionFile.wholeNumber(value)
                return minutes != nil
            case .from:
                from = PlainSessionFile.position(value)
                return from != nil
            case .to:
                to = PlainSessionFile.position(value)
                return to != nil
            }
        }
    }

    /// A whole number as shelf writes one: one to nine digits, no leading zero. Narrower than
    /// what YAML reads as a whole number (`+5`, `0x1F`, `0o17`, `"412"`), which goes to YAML.
    private static func wholeNumber(_ value: ArraySlice<UInt8>) -> Int? {
        guard !value.isEmpty, value.count <= 9, value.allSatisfy(isDigit),
              value.count == 1 || value.first != UInt8(ascii: "0") else { return nil }
        return value.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
    }

    /// A position in a plain scalar that YAML reads as this very text: digits (as
    /// ``wholeNumber(_:)``), lowercase letters, `%` and single spaces inside, starting with a
    /// digit or a letter. `true`, `null` and the like are no position, so they never get here.
    private static func position(_ value: ArraySlice<UInt8>) -> ReadingPosition? {
        guard let first = value.first, let last = value.last, isDigit(first) || isLowercase(first),
              last != UInt8(ascii: " ") else { return nil }
        var previous: UInt8 = 0
        for byte in value {
            guard isDigit(byte) || isLowercase(byte) || byte == UInt8(ascii: "%")
                    || (byte == UInt8(ascii: " ") && previous != UInt8(ascii: " ")) else { return nil }
            previous = byte
        }
        if value.allSatisfy(isDigit), wholeNumber(value) == nil { return nil }
        return ReadingPosition(String(decoding: value, as: UTF8.self))
    }

    private static func isDigit(_ byte: UInt8) -> Bool { (48...57).contains(byte) }
    private static func isLowercase(_ byte: UInt8) -> Bool { (97...122).contains(byte) }
    private static let dash = UInt8(ascii: "-")
    private static let newline = UInt8(ascii: "\n")
}
