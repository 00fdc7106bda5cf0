import ShelfKit

/// Reads the Markdown of a review into a ``ReviewBlock`` list: the part of Markdown that
/// Goodreads' HTML can show.
///
/// Blank lines separate paragraphs; lines starting with `>` are quotes; `**…**`/`__…__` are
/// bold and `*…*`/`_…_` italics (CommonMark's rules for pairing them); `[text](url)` is a link;
/// `\` at a line's end (or two spaces) is a line break, and so is the end of a line before a
/// list item or heading (``ReviewLine``); a backslash before punctuation makes it text; any other
/// newline is a soft break. Everything else, lists and headings included, is text.
enum ReviewMarkdownReader {
    /// A character's place in the lines given to ``paragraph(_:)``.
    struct Position: Hashable {
        var line: Int
        var column: Int
    }

    static func blocks(_ markdown: String) -> [ReviewBlock] {
        let lines = ReviewText.withUnixLineEnds(markdown)
            .split(separator: "\n", omittingEmptySubsequences: false)
        var blocks: [ReviewBlock] = []
        var run: [Substring] = []
        var runIsQuote = false

        func endRun() {
            defer { run = [] }
            guard !run.isEmpty else { return }
            if runIsQuote {
                let inner = run.map { line -> Substring in
                    let rest = line.drop { $0 == " " }.dropFirst()
                    return rest.first == " " ? rest.dropFirst() : rest
                }
                let quoted = Self.blocks(inner.joined(separator: "\n"))
                if !quoted.isEmpty { blocks.append(.quote(quoted)) }
            } else {
                let inlines = paragraph(run).inlines
                if !inlines.isEmpty { blocks.append(.paragraph(inlines)) }
            }
        }

        for line in lines {
            if line.allSatisfy({ $0 == " " || $0 == "\t" }) {
                endRun()
                continue
            }
            let isQuote = line.drop { $0 == " " }.first == ">" && line.prefix { $0 == " " }.count < 4
            if isQuote != runIsQuote { endRun() }
            runIsQuote = isQuote
            run.append(line)
        }
        endRun()
        return blocks
    }

    /// The characters of a paragraph that were read as markup, for ``ReviewMarkdownWriter`` to
    /// check that it wrote what it meant.
    struct Markup {
        /// Every `*` and `_` that went to emphasis.
        var emphasis: Set<Position> = []
        /// Every `*` and `_` of a run of which some went to emphasis.
        var pairedRuns: Set<Position> = []
        /// Every `[` that opened a link.
        var linkOpenings: Set<Position> = []
    }

    /// One paragraph's lines: what they hold, and which characters were read as markup.
    static func paragraph(_ lines: [Substring]) -> (inlines: [ReviewInline], markup: Markup) {
        var units: [ReviewInlineParser.Unit] = []
        for (index, line) in lines.enumerated() {
            var characters = Array(line.enumerated())
            while let first = characters.first, first.element == " " || first.element == "\t" { characters.removeFirst() }
            var trailingSpaces = 0
            while let last = characters.last, last.element == " " || last.element == "\t" {
                characters.removeLast()
                trailingSpaces += 1
            }
            guard index + 1 < lines.count else {
                units += characters.map { .init(character: $0.element, position: Position(line: index, column: $0.offset)) }
                break
            }
            let next = lines[index + 1]
            let backslashes = characters.reversed().prefix { $0.element == "\\" }.count
            var lineBreak = false
            if backslashes % 2 == 1,
               !ReviewLine.breaksByItself(after: String(characters.dropLast().map(\.element)), before: next) {
                characters.removeLast()
                while let last = characters.last, last.element == " " || last.element == "\t" { characters.removeLast() }
                lineBreak = true
            } else if trailingSpaces >= 2 || ReviewLine.breaksByItself(after: String(characters.map(\.element)), before: next) {
                lineBreak = true
            }
            units += characters.map { .init(character: $0.element, position: Position(line: index, column: $0.offset)) }
            // A line with nothing left (a lone `\`) adds no break of its own.
            if !characters.isEmpty { units.append(.init(character: lineBreak ? nil : "\n", position: nil)) }
        }
        // Breaks at the paragraph's ends show nothing.
        while let first = units.first, first.character == nil || first.character == "\n" { units.removeFirst() }
        while let last = units.last, last.character == nil || last.character == "\n" { units.removeLast() }
        var parser = ReviewInlineParser(units: units)
        let inlines = parser.parse()
        return (ReviewNormalizer.paragraph(inlines), parser.markup)
    }
}
