import ShelfKit

/// A review's structure, the part of it that both Goodreads' HTML and Markdown can say.
///
/// Goodreads shows only a few tags (`<b>`, `<i>`, `<a>`, `<br/>`, `<blockquote>`, `<spoiler>`),
/// so a review is paragraphs and quotes holding text, bold, italics, links and line breaks.
/// ``ReviewHTMLReader`` and ``ReviewMarkdownReader`` read the two forms into it;
/// ``ReviewHTMLWriter`` and ``ReviewMarkdownWriter`` write it back out. Everything else a
/// Markdown body may hold (lists, headings, code) is kept as the text it is, line by line.
enum ReviewBlock: Equatable, Sendable {
    /// Text that runs on, with line breaks inside.
    case paragraph([ReviewInline])
    /// `<blockquote>`, written `> ` in Markdown.
    case quote([ReviewBlock])
}

/// A piece of a paragraph.
indirect enum ReviewInline: Equatable, Sendable {
    /// Literal text: written escaped wherever Markdown or HTML would read it as markup.
    case text(String)
    /// `<b>`, `**…**`.
    case bold([ReviewInline])
    /// `<i>`, `*…*`.
    case italic([ReviewInline])
    /// `<a href>`, `[text](href)`.
    case link(href: String, [ReviewInline])
    /// `<br/>`: a hard line break (`\` at a line's end in Markdown) or the end of a list
    /// item, heading or other line Markdown keeps on its own.
    case lineBreak
    /// A newline in the text itself: a space to HTML and to Markdown alike.
    case softBreak
    /// Markup passed through as it is: `<spoiler>` and `</spoiler>`.
    case raw(String)
}

/// The lines of a Markdown paragraph that stand on their own, so a line break before or after
/// them is part of the text rather than a `\` hard break.
enum ReviewLine {
    /// The two tags Goodreads shows that Markdown has no syntax for, kept as they are.
    static let rawTags = ["<spoiler>", "</spoiler>"]

    /// Whether a newline between `previous` and `next` ends a line in Markdown as it is
    /// (`next` starts a list item, heading, rule, fence or table row, or `previous` is one that
    /// takes the whole line), so it needs no `\` to be a line break.
    /// Backslash escapes count as the characters they escape (`\# x` looks like a heading), so
    /// that the writer, which decides on text, and the reader, which decides on Markdown, agree.
    static func breaksByItself(after previous: some StringProtocol, before next: some StringProtocol) -> Bool {
        startsBlock(unescaped(next)) || isWholeLine(unescaped(previous))
    }

    /// `line` with each backslash escape replaced by the character it escapes, and without a
    /// backslash at its end.
    static func unescaped(_ line: some StringProtocol) -> String {
        guard line.contains("\\") else { return String(line) }
        var output = ""
        var escaping = false
        for character in line {
            if !escaping, character == "\\" {
                escaping = true
                continue
            }
            if escaping, !character.isASCIIPunctuation { output.append("\\") }
            escaping = false
            output.append(character)
        }
        // A backslash ending the line is the hard break's, not the line's.
        return output
    }

    /// `- item`, `* item`, `+ item`, `1. item`, `1) item`, or a line that is a whole line anyway.
    static func startsBlock(_ line: some StringProtocol) -> Bool {
        let text = Substring(line).drop { $0 == " " || $0 == "\t" }
        guard let first = text.first else { return false }
        let afterMarker: Substring
        if first == "-" || first == "*" || first == "+" {
            afterMarker = text.dropFirst()
        } else if first.isASCII, first.isNumber {
            let digits = text.prefix { $0.isASCII && $0.isNumber }
            let rest = text.dropFirst(digits.count)
            guard digits.count <= 9, let mark = rest.first, mark == "." || mark == ")" else { return isWholeLine(line) }
            afterMarker = rest.dropFirst()
        } else {
            return isWholeLine(line)
        }
        if let next = afterMarker.first, next != " ", next != "\t" { return isWholeLine(line) }
        return true
    }

    /// An ATX heading (`## Title`), a rule or setext underline (`---`, `***`, `___`, `==`), a
    /// code fence or a table row: lines Markdown never runs on into the next.
    static func isWholeLine(_ line: some StringProtocol) -> Bool {
        let text = Substring(line).drop { $0 == " " || $0 == "\t" }
        guard let first = text.first else { return false }
        if first == "#" {
            let hashes = text.prefix { $0 == "#" }
            let next = text.dropFirst(hashes.count).first
            return hashes.count <= 6 && (next == nil || next == " " || next == "\t")
        }
        if text.hasPrefix("```") || text.hasPrefix("~~~") || first == "|" { return true }
        guard "-*_=".contains(first) else { return false }
        let marks = text.filter { $0 != " " && $0 != "\t" }
        return marks.allSatisfy { $0 == first } && (marks.count >= 3 || first == "=" || first == "-")
    }
}

extension Character {
    /// One of CommonMark's ASCII punctuation characters, the ones a backslash escapes.
    var isASCIIPunctuation: Bool {
        guard isASCII, let value = asciiValue else { return false }
        return (33...47).contains(value) || (58...64).contains(value) || (91...96).contains(value) || (123...126).contains(value)
    }
}
