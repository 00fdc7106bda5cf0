/// Words for full-text search, cut and compared the same way by the index and by Swift.
///
/// A word is a run of letters and digits, folded to lowercase without accents, so `Márquez`
/// is `marquez`. SQLite's own tokenizers fold and split by older Unicode tables than Swift's,
/// which would make the index and the in-memory library disagree on rare characters; so the
/// index never sees raw text: each word goes to FTS5 in ``encode(_:)``'s plain ASCII form, which
/// keeps prefixes, and FTS5 only matches whole encoded tokens or their prefixes.
enum FullText {
    /// A word and where its run starts and ends in the text (UTF-8 offsets), for snippets.
    struct Word: Sendable, Hashable {
        var text: String
        var start: Int
        var end: Int
    }

    /// The folded words of `text`, in order.
    static func words(_ text: String) -> [String] {
        wordsWithOffsets(text).map(\.text)
    }

    /// The folded words of `text` with their byte ranges.
    static func wordsWithOffsets(_ text: String) -> [Word] {
        var result: [Word] = []
        let bytes = Array(text.utf8)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte < 0x80 {
                if isASCIIWordByte(byte) {
                    let start = index
                    var ascii = true
                    while index < bytes.count, bytes[index] >= 0x80 || isASCIIWordByte(bytes[index]) {
                        if bytes[index] >= 0x80 { ascii = false }
                        index += 1
                    }
                    appendRun(bytes, start, &index, ascii, into: &result)
                } else {
                    index += 1
                }
            } else {
                let start = index
                while index < bytes.count, bytes[index] >= 0x80 || isASCIIWordByte(bytes[index]) { index += 1 }
                appendRun(bytes, start, &index, false, into: &result)
            }
        }
        return result
    }

    private static func isASCIIWordByte(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
    }

    /// Splits a run of ASCII word bytes and non-ASCII characters into words: non-ASCII
    /// characters that are not letters or digits (dashes, quotes, emoji) separate words too.
    private static func appendRun(_ bytes: [UInt8], _ start: Int, _ end: inout Int, _ ascii: Bool, into result: inout [Word]) {
        if ascii {
            result.append(Word(text: String(decoding: bytes[start..<end], as: UTF8.self).lowercased(), start: start, end: end))
            return
        }
        let run = String(decoding: bytes[start..<end], as: UTF8.self)
        var offset = start
        var wordStart = start
        var current = ""
        func flush(_ at: Int) {
            guard !current.isEmpty else { return }
            for piece in split(TextFolding.fold(current)) {
                result.append(Word(text: piece, start: wordStart, end: at))
            }
            current = ""
        }
        for character in run {
            let length = character.utf8.count
            if character.isLetter || character.isNumber {
                if current.isEmpty { wordStart = offset }
                current.append(character)
            } else {
                flush(offset)
            }
            offset += length
        }
        flush(offset)
    }

    /// Folding can turn one letter into several characters; keep only letters and digits.
    private static func split(_ folded: String) -> [String] {
        var pieces: [String] = []
        var current = ""
        for character in folded {
            if character.isLetter || character.isNumber {
                current.append(character)
            } else if !current.isEmpty {
                pieces.append(current)
                current = ""
            }
        }
        if !current.isEmpty { pieces.append(current) }
        return pieces
    }

    /// A folded word as FTS5 sees it: ASCII letters and digits as they are, `q` as `qq`, any
    /// other scalar as `q` and six hex digits. No code is a prefix of another, so a word starts
    /// with another exactly when its encoding starts with the other's.
    static func encode(_ word: String) -> String {
        var result = ""
        result.reserveCapacity(word.utf8.count)
        for scalar in word.unicodeScalars {
            switch scalar {
            case "q": result += "qq"
            case "a"..."z", "0"..."9": result.unicodeScalars.append(scalar)
            default:
                let hex = String(scalar.value, radix: 16)
                result += "q" + String(repeating: "0", count: max(0, 6 - hex.count)) + hex
            }
        }
        return result
    }

    /// The text FTS5 indexes for a field: its encoded words separated by spaces, exactly
    /// `words(text).map(encode).joined(separator: " ")`.
    ///
    /// Every book's body goes through here during a build, and building a `String` per word,
    /// lowercasing and encoding it and then joining cost more than parsing the file. ASCII runs,
    /// nearly all words, are lowercased and encoded byte by byte into one buffer; runs with
    /// other characters take the general path of ``wordsWithOffsets(_:)``.
    static func indexText(_ text: String) -> String {
        let bytes = Array(text.utf8)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var others: [Word] = []
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte < 0x80, !isASCIIWordByte(byte) {
                index += 1
                continue
            }
            // The same runs as wordsWithOffsets(_:) cuts.
            let start = index
            var ascii = true
            while index < bytes.count, bytes[index] >= 0x80 || isASCIIWordByte(bytes[index]) {
                if bytes[index] >= 0x80 { ascii = false }
                index += 1
            }
            if ascii {
                if !output.isEmpty { output.append(0x20) }
                for byte in bytes[start..<index] {
                    // Uppercase ASCII letters to lowercase, then `q` doubled, as encode(_:) does.
                    let lower = (0x41...0x5A).contains(byte) ? byte | 0x20 : byte
                    output.append(lower)
                    if lower == 0x71 { output.append(lower) }
                }
            } else {
                others.removeAll(keepingCapacity: true)
                var end = index
                appendRun(bytes, start, &end, false, into: &others)
                for word in others {
                    if !output.isEmpty { output.append(0x20) }
                    output.append(contentsOf: encode(word.text).utf8)
                }
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// Whether `words` (encoded) contain `phrase` (encoded) as consecutive words, the last
    /// one as a prefix: the match FTS5 makes for `"a b"*`.
    static func contains(_ words: [String], phrase: [String]) -> Bool {
        guard let last = phrase.last else { return true }
        let count = phrase.count
        guard words.count >= count else { return false }
        for start in 0...(words.count - count) where words[start + count - 1].hasPrefix(last) {
            var matches = true
            for offset in 0..<(count - 1) where words[start + offset] != phrase[offset] {
                matches = false
                break
            }
            if matches { return true }
        }
        return false
    }

    /// The FTS5 query for a phrase of encoded words, matched as consecutive words with the
    /// last one as a prefix.
    static func matchExpression(_ phrase: [String]) -> String {
        "\"" + phrase.joined(separator: " ") + "\"*"
    }
}
