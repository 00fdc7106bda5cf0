/// Ranks search results and cuts their snippets, the same way with or without the index, so
/// `shelf search` answers alike either way: the index only narrows down the documents.
enum SearchRanking {
    /// How much a match in each column counts, in ``BookFacts/documentColumns(of:)`` order.
    static let weights: [Double] = [10, 4, 6, 4, 4, 1]

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
        let scored = documents.compactMap { document in score(document, phrases).map { (document, $0) } }
            .sorted { $0.1 != $1.1 ? $0.1 > $1.1 : $0.0.path < $1.0.path }
        return limit.map { Array(scored.prefix(max(0, $0))) } ?? scored
    }

    /// The hit for a ranked document: the first line of its file where a phrase matches, and
    /// that line with every match marked.
    static func hit(_ document: SearchDocument, score: Double, fileText: String, phrases: [[String]],
                    highlight: SearchHighlight) -> SearchHit {
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
        let bytes = Array(fileText.utf8)
        // Skip matches in the front matter's keys: prefer the first match in a value or the body.
        let first = matches.first?.lowerBound ?? 0
        let lineStart = bytes[..<first].lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0
        let lineEnd = bytes[first...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
        let line = bytes[..<lineStart].reduce(1) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
        var snippet = ""
        var cursor = lineStart
        for match in matches where match.lowerBound >= lineStart && match.upperBound <= lineEnd && match.lowerBound >= cursor {
            snippet += String(decoding: bytes[cursor..<match.lowerBound], as: UTF8.self)
            snippet += highlight.start + String(decoding: bytes[match], as: UTF8.self) + highlight.end
            cursor = match.upperBound
        }
        snippet += String(decoding: bytes[cursor..<lineEnd], as: UTF8.self)
        return SearchHit(kind: document.kind, bookID: document.book.id, title: document.book.title, path: document.path,
                         line: line, snippet: trimmed(snippet), score: score)
    }

    /// The snippet without surrounding blanks.
    private static func trimmed(_ text: String) -> String {
        String(text.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    }
}
