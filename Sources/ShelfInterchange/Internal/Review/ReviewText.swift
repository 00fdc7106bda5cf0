import ShelfKit

/// Reviews between the HTML that Goodreads stores and the Markdown of a book's body.
///
/// Goodreads keeps a review as HTML: `<br/>` for line breaks, `<b>`, `<i>`, `<a href>`,
/// `<blockquote>`, `<spoiler>` and entities. Markdown is what a person edits, so reviews come
/// in as Markdown and go back out as the same small HTML. Both go through one structure
/// (``ReviewBlock``), and the Markdown an import writes comes back the same from an export and
/// an import again: `markdown(fromHTML: html(fromMarkdown: m)) == m` for every `m` that
/// `markdown(fromHTML:)` returns, so export → import → export changes nothing.
enum ReviewText {
    /// Markdown for a review in Goodreads HTML: one `<br/>` is a line break (`\` at the line's
    /// end, or a plain newline before a list item or heading), two or more a new paragraph;
    /// `<b>`/`<strong>` → `**…**`, `<i>`/`<em>` → `*…*`, links → `[text](url)`,
    /// `<blockquote>` → `> `, `<spoiler>` kept as it is, other tags dropped, entities decoded.
    /// Text in angle brackets that is no HTML tag (`<insert a word here>`) stays text, written
    /// `\<insert a word here>` so Markdown shows it too.
    static func markdown(fromHTML html: String) -> String {
        var markdown = tidy(ReviewMarkdownWriter.markdown(ReviewHTMLReader.blocks(html)))
        // Without emphasis or links there is only one way to write it.
        guard markdown.contains(where: { $0 == "*" || $0 == "_" || $0 == "[" }) else { return markdown }
        // Markdown can spell some nestings only one way (`***x***` reads as italic bold): take
        // the spelling an export and import come back to, so the next import changes nothing.
        for _ in 0..<3 {
            let again = tidy(ReviewMarkdownWriter.markdown(ReviewHTMLReader.blocks(self.html(fromMarkdown: markdown))))
            if again == markdown { break }
            markdown = again
        }
        return markdown
    }

    /// Goodreads HTML for a Markdown review: `**bold**` → `<b>`, `*it*`/`_it_` → `<i>`,
    /// `[text](url)` → `<a href="url">`, `> ` → `<blockquote>`, paragraphs separated by
    /// `<br/><br/>`, line breaks as `<br/>`, `&`, `<` and `>` escaped. Lists and headings,
    /// which Goodreads cannot show, are kept as their text, each on its own line.
    static func html(fromMarkdown markdown: String) -> String {
        ReviewHTMLWriter.html(ReviewMarkdownReader.blocks(markdown))
    }

    /// `text` with every line ending (CRLF, a lone CR) written `\n`.
    static func withUnixLineEnds(_ text: String) -> String {
        text.replacing("\r\n", with: "\n").replacing("\r", with: "\n")
    }

    /// Spaces at line ends removed, at most one blank line in a row, no blank lines at the ends.
    static func tidy(_ text: String) -> String {
        var lines = withUnixLineEnds(text).split(separator: "\n", omittingEmptySubsequences: false).map { line in
            var line = line
            while let last = line.last, last == " " || last == "\t" || last == "\u{A0}" { line.removeLast() }
            return line
        }
        var result: [Substring] = []
        for line in lines where !(line.isEmpty && (result.last?.isEmpty ?? true)) { result.append(line) }
        while result.last?.isEmpty == true { result.removeLast() }
        lines = result
        return lines.joined(separator: "\n")
    }

    /// `text` with its entities decoded.
    static func decoded(_ text: String) -> String {
        var output = ""
        var rest = Substring(text)
        while let index = rest.firstIndex(of: "&") {
            output += rest[..<index]
            let (replacement, length) = entity(at: rest[index...])
            output += replacement
            rest = rest[index...].dropFirst(length)
        }
        return output + rest
    }

    /// The text an entity stands for and how many characters it takes; a lone `&` stands for itself.
    static func entity(at text: Substring) -> (String, Int) {
        guard let end = text.prefix(12).firstIndex(of: ";") else { return ("&", 1) }
        let name = text[text.index(after: text.startIndex)..<end]
        let length = name.count + 2
        if name.hasPrefix("#") {
            let digits = name.dropFirst()
            let value = digits.first == "x" || digits.first == "X" ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits)
            guard let value else { return ("&", 1) }
            return (String(Character(numericCharacter(value))), length)
        }
        guard let text = named[String(name)] else { return ("&", 1) }
        return (text, length)
    }

    /// The character a numeric reference stands for, as HTML reads it: NUL, a surrogate or a
    /// number past Unicode is U+FFFD, and 128 to 159 are Windows-1252's characters (`&#146;` is
    /// ’), never control characters written into a person's file.
    private static func numericCharacter(_ value: UInt32) -> Unicode.Scalar {
        let replacement: Unicode.Scalar = "\u{FFFD}"
        if (0x80...0x9F).contains(value) {
            return windows1252[Int(value - 0x80)].flatMap { Unicode.Scalar($0) } ?? replacement
        }
        guard value != 0, let scalar = Unicode.Scalar(value) else { return replacement }
        return scalar
    }

    /// Windows-1252's characters for the bytes 0x80 to 0x9F; `nil` where it has none.
    private static let windows1252: [UInt32?] = [
        0x20AC, nil, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, nil, 0x017D, nil,
        nil, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, nil, 0x017E, 0x0178,
    ]

    private static let named: [String: String] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": " ", "mdash": "—", "ndash": "–",
        "hellip": "…", "lsquo": "\u{2018}", "rsquo": "\u{2019}", "ldquo": "\u{201C}", "rdquo": "\u{201D}",
    ]
}
