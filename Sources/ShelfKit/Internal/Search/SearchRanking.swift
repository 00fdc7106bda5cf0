/// Ranks search results and cuts their snippets, the same way with or without the index, so
/// `shelf search` answers alike either way: the index only narrows down the documents.
enum SearchRanking {
    /// How much a match in each column counts, in ``BookFacts/documentColumns(of:)`` order.
    /// A field's is its ``BookField/searchWeight``; the body's is 1.
    static let weights: [Double] = BookSchema.searchedFields.compactMap(\.searchWeight) + [1]

    /// The words and quoted phrases of a search, each encoded for ``FullText``.
    static func phrases(_ text: String) -> [[String]] {
        var phrases: [[String]] = []
        for (index, part) in text.split(separator: "\"", omittingEmptySubsequences: false).enumerated() {
            if index % 2 == 1 {
                phrases.append(FullText.words(String(part)).map(FullText.encode))
            } else {
                phrases += FullText.words(String(part)).map { [FullText.encode($0)] }
            }
        }
        return phrases.filter { !$0.isEmpty }
    }

    /// The score of a document that contains every phrase, or `nil`.
    static func score(_ document: SearchDocument, _ phrases: [[String]]) -> Double? {
        guard !phrases.isEmpty else { return nil }
        let columns = document.columns.map { FullText.words($0).map(FullText.encode) }
        var total = 0.0
        for phrase in phrases {
            var found = 0.0
            for (index, words) in columns.enumerated() {
                found += Double(occurrences(phrase, in: words)) * weights[index]
            }
            guard found > 0 else { return nil }
            total += found
        }
        return total
    }

    private static func occurrences(_ phrase: [String], in words: [String]) -> Int {
        guard let last = phrase.last, words.count >= phrase.count else { return 0 }
        var count = 0
        for start in 0...(words.count - phrase.count) where words[start + phrase.count - 1].hasPrefix(last) {
            if (0..<(phrase.count - 1)).allSatisfy({ words[start + $0] == phrase[$0] }) { count += 1 }
        }
        return count
    }

    /// Scores, sorts (best first, then by path) and cuts to `limit`.
    static func rank(_ documents: [SearchDocument], _ phrases: [[String]], limit: Int?) -> [(SearchDocument, Double)] {
        best(documents.compactMap { document in score(document, phrases).map { (document, $0) } }, path: \.path, limit: limit)
    }

    /// The order of search hits, whether scored from files or from the index: best first, then
    /// by path, cut to `limit`.
    static func best<Candidate>(_ scored: [(Candidate, Double)], path: (Candidate) -> String,
                                limit: Int?) -> [(Candidate, Double)] {
        scored.sorted { $0.1 != $1.1 ? $0.1 > $1.1 : path($0.0) < path($1.0) }.limited(to: limit)
    }

    /// The hit for a ranked document: the first line of its body where a phrase matches, and
    /// that line with every match marked. A document whose words are only in its front matter
    /// (a title, an author) shows the first line of its body instead, since the hit already
    /// names the book: a YAML line says nothing the title does not.
    static func hit(_ document: SearchDocument, score: Double, fileBytes: [UInt8], bodyStart: Int, phrases: [[String]],
                    highlight: SearchHighlight) -> SearchHit {
        hit(kind: document.kind, bookID: document.book.id, title: document.book.title, path: document.path, score: score,
            fileBytes: fileBytes, bodyStart: bodyStart, phrases: phrases, highlight: highlight)
    }

    /// ``hit(_:score:fileBytes:bodyStart:phrases:highlight:)`` for a document known by its
    /// parts, as the index gives them without reading the whole book.
    static func hit(kind: SearchHit.Kind, bookID: BookID, title: String, path: String, score: Double, fileBytes bytes: [UInt8],
                    bodyStart: Int, phrases: [[String]], highlight: SearchHighlight) -> SearchHit {
        let fileText = String(decoding: bytes, as: UTF8.self)
        let words = FullText.wordsWithOffsets(fileText)
        let encoded = words.map { FullText.encode($0.text) }
        var matches: [Range<Int>] = []
        for phrase in phrases {
            guard let last = phrase.last, encoded.count >= phrase.count else { continue }
            for start in 0...(encoded.count - phrase.count) where encoded[start + phrase.count - 1].hasPrefix(last) {
                if (0..<(phrase.count - 1)).allSatisfy({ encoded[start + $0] == phrase[$0] }) {
                    matches.append(words[start].start..<words[start + phrase.count - 1].end)
                }
            }
        }
        matches.sort { $0.lowerBound < $1.lowerBound }
        let newline = UInt8(ascii: "\n")
        func lineNumber(at offset: Int) -> Int { bytes[..<offset].reduce(1) { $0 + ($1 == newline ? 1 : 0) } }
        let shownStart: Int
        var shortened = false
        if let first = matches.first(where: { $0.lowerBound >= bodyStart })?.lowerBound {
            shownStart = bytes[..<first].lastIndex(of: newline).map { $0 + 1 } ?? 0
        } else if let firstText = Self.firstTextLine(bytes, from: bodyStart) {
            shownStart = firstText
            shortened = true
        } else {
            return SearchHit(kind: kind, bookID: bookID, title: title, path: path,
                             line: matches.first.map { lineNumber(at: $0.lowerBound) } ?? 1, snippet: "", score: score)
        }
        let lineEnd = bytes[shownStart...].firstIndex(of: newline) ?? bytes.count
        var snippet = ""
        var cursor = shownStart
        for match in matches where match.lowerBound >= shownStart && match.upperBound <= lineEnd && match.lowerBound >= cursor {
            snippet += String(decoding: bytes[cursor..<match.lowerBound], as: UTF8.self)
            snippet += highlight.start + String(decoding: bytes[match], as: UTF8.self) + highlight.end
            cursor = match.upperBound
        }
        snippet += String(decoding: bytes[cursor..<lineEnd], as: UTF8.self)
        snippet = trimmed(snippet)
        if shortened { snippet = Self.shortened(snippet) }
        return SearchHit(kind: kind, bookID: bookID, title: title, path: path, line: lineNumber(at: shownStart),
                         snippet: snippet, score: score)
    }

    /// The start of the first line at or after `offset` (a line start) with text that is not a
    /// Markdown heading (`## Review` says little of the book).
    private static func firstTextLine(_ bytes: [UInt8], from offset: Int) -> Int? {
        var start = min(offset, bytes.count)
        while start < bytes.count {
            let end = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
            if let first = bytes[start..<end].first(where: { !isBlank($0) }), first != UInt8(ascii: "#") { return start }
            start = end + 1
        }
        return nil
    }

    /// Spaces, tabs and line breaks.
    private static func isBlank(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")
    }

    /// The most characters of a body's first line a hit shows when no word matched in it.
    static let snippetLength = 100

    /// `text` cut after its last whole word within ``snippetLength`` characters, with `…`.
    private static func shortened(_ text: String) -> String {
        guard text.count > snippetLength else { return text }
        let head = text.prefix(snippetLength)
        let cut = head.lastIndex(of: " ").map { head[..<$0] } ?? head
        return String(cut) + "…"
    }

    /// The snippet without surrounding blanks.
    private static func trimmed(_ text: String) -> String {
        String(text.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    }
}
