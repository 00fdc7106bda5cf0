/// Reviews between the HTML that Goodreads stores and the Markdown of a book's body.
///
/// Goodreads keeps a review as HTML fragments: `<br/>` for line breaks, a few inline tags and
/// entities. Markdown is what a person edits, so reviews come in as Markdown and go back out as
/// the same small HTML, and a review that makes the trip twice reads the same.
enum ReviewText {
    /// Markdown for a review in Goodreads HTML: `<br/>` as line breaks (two make a paragraph),
    /// `<b>`/`<strong>` as `**…**`, `<i>`/`<em>` as `*…*`, links as `[text](url)`, other tags
    /// dropped, entities decoded, line endings as `\n`, runs of blank lines as one.
    static func markdown(fromHTML html: String) -> String {
        var output = ""
        var links: [String] = []
        var rest = Substring(html.replacing("\r\n", with: "\n").replacing("\r", with: "\n"))
        while let index = rest.firstIndex(where: { $0 == "<" || $0 == "&" }) {
            output += rest[..<index]
            rest = rest[index...]
            if rest.first == "&" {
                let (text, length) = entity(at: rest)
                output += text
                rest = rest.dropFirst(length)
                continue
            }
            guard let close = rest.firstIndex(of: ">"), let tag = Tag(rest[rest.index(after: rest.startIndex)..<close]) else {
                output += "<"
                rest = rest.dropFirst()
                continue
            }
            rest = rest[rest.index(after: close)...]
            switch (tag.name, tag.isClosing) {
            case ("br", _): output += "\n"
            case ("p", false), ("div", false): if !output.isEmpty, !output.hasSuffix("\n\n") { output += output.hasSuffix("\n") ? "\n" : "\n\n" }
            case ("p", true), ("div", true): output += "\n\n"
            case ("b", _), ("strong", _): output += "**"
            case ("i", _), ("em", _): output += "*"
            case ("a", false):
                links.append(decoded(tag.attribute("href") ?? ""))
                output += "["
            case ("a", true): output += "](" + (links.popLast() ?? "") + ")"
            default: break
            }
        }
        output += rest
        return tidy(output)
    }

    /// Goodreads HTML for a Markdown review: `&`, `<` and `>` escaped, line breaks as `<br/>`.
    static func html(fromMarkdown markdown: String) -> String {
        var output = ""
        for character in markdown {
            switch character {
            case "&": output += "&amp;"
            case "<": output += "&lt;"
            case ">": output += "&gt;"
            case "\n", "\r\n": output += "<br/>"
            default: output.append(character)
            }
        }
        return output
    }

    /// Spaces at line ends removed, at most one blank line in a row, no blank lines at the ends.
    static func tidy(_ text: String) -> String {
        var lines = text.replacing("\r\n", with: "\n").split(separator: "\n", omittingEmptySubsequences: false).map { line in
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
    private static func entity(at text: Substring) -> (String, Int) {
        guard let end = text.prefix(12).firstIndex(of: ";") else { return ("&", 1) }
        let name = text[text.index(after: text.startIndex)..<end]
        let length = name.count + 2
        if name.hasPrefix("#") {
            let digits = name.dropFirst()
            let value = digits.first == "x" || digits.first == "X" ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits)
            if let value, let scalar = Unicode.Scalar(value) { return (String(Character(scalar)), length) }
            return ("&", 1)
        }
        guard let text = named[String(name)] else { return ("&", 1) }
        return (text, length)
    }

    private static let named: [String: String] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": " ", "mdash": "—", "ndash": "–",
        "hellip": "…", "lsquo": "\u{2018}", "rsquo": "\u{2019}", "ldquo": "\u{201C}", "rdquo": "\u{201D}",
    ]

    /// An HTML tag's name, whether it closes, and its attributes' text.
    private struct Tag {
        var name: String
        var isClosing: Bool
        var attributes: Substring

        init?(_ text: Substring) {
            var inner = text
            isClosing = inner.first == "/"
            if isClosing { inner = inner.dropFirst() }
            if inner.last == "/" { inner = inner.dropLast() }
            let name = inner.prefix { $0.isLetter || $0.isNumber }
            guard let first = name.first, first.isLetter else { return nil }
            self.name = name.lowercased()
            attributes = inner.dropFirst(name.count)
        }

        /// The value of `name="…"` or `name='…'`.
        func attribute(_ name: String) -> String? {
            guard let range = attributes.firstRange(of: name + "=") else { return nil }
            let value = attributes[range.upperBound...]
            guard let quote = value.first, quote == "\"" || quote == "'" else {
                return String(value.prefix { !$0.isWhitespace })
            }
            return String(value.dropFirst().prefix { $0 != quote })
        }
    }
}
