import ShelfKit

/// Writes a review's blocks as the Markdown of a book's body.
///
/// Text is written as it is, so the file reads like the review; a backslash goes only where
/// ``ReviewMarkdownReader`` (and a Markdown renderer) would otherwise read text as markup:
/// before `\` that would escape what follows, `<` that would start an HTML tag, `>` that would
/// start a quote, and `*`, `_` and `[` that would pair into italics, bold or a link (`\*sigh\*`,
/// `\_SX50\_`). So the reader reads back exactly the review written, and an import's Markdown
/// comes back the same through an export and an import.
enum ReviewMarkdownWriter {
    static func markdown(_ blocks: [ReviewBlock]) -> String {
        blocks.compactMap { block -> String? in
            switch block {
            case .paragraph(let inlines):
                let text = paragraph(inlines)
                return text.isEmpty ? nil : text
            case .quote(let inner):
                let text = markdown(inner)
                guard !text.isEmpty else { return nil }
                return text.split(separator: "\n", omittingEmptySubsequences: false)
                    .map { $0.isEmpty ? ">" : "> " + $0 }.joined(separator: "\n")
            }
        }.joined(separator: "\n\n")
    }

    /// One paragraph's Markdown.
    ///
    /// Written, then read back to mend what reads otherwise than meant: text that pairs into
    /// italics or a link (`*sigh*`, `_SX50_`, `[x](y)` typed in the review) gets backslashes;
    /// markup that cannot pair (`word**"quote"**` cannot open) is taken out, keeping its text,
    /// and the escaping starts over without it. Each round escapes or removes something, so it
    /// ends.
    static func paragraph(_ inlines: [ReviewInline]) -> String {
        var lines = Lines()
        lines.write(inlines)
        var removed: Set<Int> = []
        while true {
            var (text, breaks) = lines.prepared(without: removed)
            // Nothing to pair, nothing to check.
            if !text.joined().contains(where: { "*_[".contains($0.character) }) { return joined(text, breaks) }
            var broken: Int? = nil
            while true {
                let markdown = joined(text, breaks).split(separator: "\n", omittingEmptySubsequences: false)
                let read = ReviewMarkdownReader.paragraph(markdown).markup
                var escape: [ReviewMarkdownReader.Position] = []
                var besideBroken: [ReviewMarkdownReader.Position] = []
                broken = nil
                for (line, glyphs) in text.enumerated() {
                    for (column, glyph) in glyphs.enumerated() {
                        let position = ReviewMarkdownReader.Position(line: line, column: column)
                        switch glyph.role {
                        case .text where read.pairedRuns.contains(position) || read.linkOpenings.contains(position):
                            escape.append(position)
                        case .delimiter where !read.emphasis.contains(position):
                            broken = broken ?? glyph.pair
                            besideBroken += literalDelimiters(around: column, in: glyphs).map { .init(line: line, column: $0) }
                        case .linkOpening where !read.linkOpenings.contains(position):
                            broken = broken ?? glyph.pair
                        default: break
                        }
                    }
                }
                // Asterisks of the text next to markup that did not pair (`a*` before `*it*`
                // makes `a**it*`) may be what kept it from pairing: escape them first.
                if escape.isEmpty { escape = Array(Set(besideBroken)).sorted { ($0.line, $0.column) < ($1.line, $1.column) } }
                guard !escape.isEmpty else { break }
                for position in escape.reversed() {
                    text[position.line].insert(Glyph("\\", role: .escape), at: position.column)
                }
            }
            guard let broken else { return joined(text, breaks) }
            removed.insert(broken)
        }
    }

    /// The columns of unescaped text asterisks in the run of asterisks through `column`.
    private static func literalDelimiters(around column: Int, in glyphs: [Glyph]) -> [Int] {
        var columns: [Int] = []
        for direction in [-1, 1] {
            var index = column + direction
            while glyphs.indices.contains(index), glyphs[index].character == glyphs[column].character {
                let isEscaped = index > 0 && glyphs[index - 1].role == .escape
                if glyphs[index].role == .text, !isEscaped { columns.append(index) }
                index += direction
            }
        }
        return columns
    }

    /// Lines joined by `\` and a newline for a hard break, a newline for a soft break or a line
    /// that breaks by itself (``ReviewLine``).
    private static func joined(_ lines: [[Glyph]], _ breaks: [Break]) -> String {
        var output = ""
        for (index, line) in lines.enumerated() {
            let text = String(line.map(\.character))
            output += text
            guard index < breaks.count, index + 1 < lines.count else { break }
            let next = String(lines[index + 1].map(\.character))
            if breaks[index] == .hard, !ReviewLine.breaksByItself(after: text, before: next) { output += "\\" }
            output += "\n"
        }
        return output
    }

    /// The kind of line end between two lines of a paragraph.
    enum Break: Equatable {
        case hard
        case soft
    }

    /// A character written, what it is, the format or link it belongs to (its markup) or is
    /// inside of (its text).
    struct Glyph {
        enum Role {
            case text
            case escape
            /// `*` of bold or italics.
            case delimiter
            /// `[` of a link.
            case linkOpening
            /// `](url)`, `<spoiler>`.
            case markup
        }

        var character: Character
        var role: Role
        var pair: Int?
        var link: Int?

        init(_ character: Character, role: Role, pair: Int? = nil, link: Int? = nil) {
            self.character = character
            self.role = role
            self.pair = pair
            self.link = link
        }
    }

    /// A paragraph's lines as they are written.
    private struct Lines {
        var lines: [[Glyph]] = [[]]
        var breaks: [Break] = []
        private var pairs = 0
        private var link: Int?

        mutating func write(_ inlines: [ReviewInline]) {
            for inline in inlines {
                switch inline {
                case .text(let text): lines[lines.count - 1] += text.map { Glyph($0, role: .text, link: link) }
                case .bold(let children): format("**", children)
                case .italic(let children): format("*", children)
                case .link(let href, let children):
                    pairs += 1
                    let pair = pairs
                    let outer = link
                    lines[lines.count - 1].append(Glyph("[", role: .linkOpening, pair: pair))
                    link = pair
                    write(children)
                    link = outer
                    append("](" + ReviewMarkdownWriter.destination(href) + ")", role: .markup, pair: pair)
                case .lineBreak: newLine(.hard)
                case .softBreak: newLine(.soft)
                case .raw(let text): append(text, role: .markup, pair: nil)
                }
            }
        }

        private mutating func format(_ delimiter: String, _ children: [ReviewInline]) {
            pairs += 1
            let pair = pairs
            append(delimiter, role: .delimiter, pair: pair)
            write(children)
            append(delimiter, role: .delimiter, pair: pair)
        }

        private mutating func append(_ text: String, role: Glyph.Role, pair: Int?) {
            lines[lines.count - 1] += text.map { Glyph($0, role: role, pair: pair) }
        }

        private mutating func newLine(_ kind: Break) {
            lines.append([])
            breaks.append(kind)
        }

        /// The lines without the markup of `removed`, without spaces at their ends or empty
        /// lines, and with `\` before a backslash that would escape what follows (or end the
        /// line), before `<` that would open a tag, before `>` that would open a quote, and
        /// before brackets in a link's text.
        func prepared(without removed: Set<Int>) -> ([[Glyph]], [Break]) {
            var text: [[Glyph]] = []
            var kinds: [Break] = []
            for (index, line) in lines.enumerated() {
                var kept = ArraySlice(line.filter { $0.pair.map { !removed.contains($0) } ?? true })
                while let first = kept.first, first.character.isWhitespace { kept.removeFirst() }
                while let last = kept.last, last.character.isWhitespace { kept.removeLast() }
                guard !kept.isEmpty else { continue }
                if !text.isEmpty { kinds.append(breaks[index - 1]) }
                var escaped: [Glyph] = []
                for (position, glyph) in kept.enumerated() {
                    let next = position + 1 < kept.count ? kept[kept.startIndex + position + 1].character : nil
                    let inLink = glyph.link.map { !removed.contains($0) } ?? false
                    let escape: Bool = switch glyph.character {
                    case "\\": next.map { $0.isASCIIPunctuation || $0.isWhitespace } ?? true
                    case "<": next.map { ($0.isASCII && $0.isLetter) || "/!?".contains($0) } ?? false
                    case ">": position == 0
                    case "[", "]": inLink
                    default: false
                    }
                    if escape, glyph.role == .text { escaped.append(Glyph("\\", role: .escape)) }
                    escaped.append(glyph)
                }
                text.append(escaped)
            }
            return (text.isEmpty ? [[]] : text, kinds)
        }
    }

    /// A link's address as Markdown reads it back whole: spaces, angle brackets and unbalanced
    /// parentheses percent-encoded.
    static func destination(_ href: String) -> String {
        var depth = 0
        var balanced = true
        for character in href {
            if character == "(" { depth += 1 }
            if character == ")" { depth -= 1; if depth < 0 { balanced = false } }
        }
        balanced = balanced && depth == 0
        var output = ""
        for character in href {
            switch character {
            case "(" where !balanced: output += "%28"
            case ")" where !balanced: output += "%29"
            case "<": output += "%3C"
            case ">": output += "%3E"
            case _ where character.isWhitespace: output += character == " " ? "%20" : ""
            case _ where character.unicodeScalars.allSatisfy({ $0.properties.generalCategory == .control }): break
            default: output.append(character)
            }
        }
        return output
    }
}
