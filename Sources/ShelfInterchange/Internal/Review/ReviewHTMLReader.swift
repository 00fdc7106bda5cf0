import ShelfKit

/// Reads a review's HTML, as Goodreads and StoryGraph export it, into a ``ReviewBlock`` list.
///
/// Only real tags are markup: `<` followed by a known tag name and then `>`, a space or `/`.
/// Anything else in angle brackets (`<insert your favorite term here>`, `a < b`) is text.
/// `<br/>` is a line break and two in a row (or `<p>`) a new paragraph; a newline in the text
/// itself is kept as a soft break, a blank line as a new paragraph. Spaces at a line's start
/// are dropped, as a browser drops them.
enum ReviewHTMLReader {
    static func blocks(_ html: String) -> [ReviewBlock] {
        var builder = ReviewHTMLBuilder()
        var lists: [Int?] = []
        var rest = Substring(ReviewText.withUnixLineEnds(html))
        while let index = rest.firstIndex(where: { $0 == "<" || $0 == "&" || $0 == "\n" }) {
            if index > rest.startIndex { builder.text(String(rest[..<index])) }
            rest = rest[index...]
            switch rest.first {
            case "\n":
                builder.softBreak()
                rest = rest.dropFirst()
            case "&":
                let (text, length) = ReviewText.entity(at: rest)
                builder.text(text)
                rest = rest.dropFirst(length)
            default:
                if rest.hasPrefix("<!--") {
                    let end = rest.firstRange(of: "-->")?.upperBound ?? rest.endIndex
                    rest = rest[end...]
                } else if let (tag, length) = HTMLTag.parse(rest) {
                    apply(tag, to: &builder, lists: &lists)
                    rest = rest.dropFirst(length)
                } else {
                    builder.text("<")
                    rest = rest.dropFirst()
                }
            }
        }
        if !rest.isEmpty { builder.text(String(rest)) }
        return builder.finish()
    }

    /// What one tag does to the review being built.
    private static func apply(_ tag: HTMLTag, to builder: inout ReviewHTMLBuilder, lists: inout [Int?]) {
        switch (tag.name, tag.isClosing) {
        case ("br", _): builder.lineBreak()
        case ("b", false), ("strong", false): builder.open(.bold)
        case ("b", true), ("strong", true): builder.close(.bold)
        case ("i", false), ("em", false), ("cite", false): builder.open(.italic)
        case ("i", true), ("em", true), ("cite", true): builder.close(.italic)
        case ("a", false): if let href = tag.attribute("href") { builder.open(.link(ReviewText.decoded(href))) }
        case ("a", true): builder.closeLink()
        case ("spoiler", _): builder.raw(tag.isClosing ? "</spoiler>" : "<spoiler>")
        case ("blockquote", false): builder.openQuote()
        case ("blockquote", true): builder.closeQuote()
        case ("h1", false), ("h2", false), ("h3", false), ("h4", false), ("h5", false), ("h6", false):
            builder.blockBoundary(paragraph: true)
            builder.open(.bold)
        case ("h1", true), ("h2", true), ("h3", true), ("h4", true), ("h5", true), ("h6", true):
            builder.close(.bold)
            builder.blockBoundary(paragraph: true)
        case ("ul", false), ("ol", false):
            builder.blockBoundary(paragraph: lists.isEmpty)
            lists.append(tag.name == "ol" ? 1 : nil)
        case ("ul", true), ("ol", true):
            if !lists.isEmpty { lists.removeLast() }
            builder.blockBoundary(paragraph: lists.isEmpty)
        case ("li", false):
            // A list item becomes a Markdown list line, which Goodreads shows as it is.
            builder.blockBoundary(paragraph: false)
            if let number = lists.last ?? nil {
                builder.text("\(number). ")
                lists[lists.count - 1] = number + 1
            } else {
                builder.text("- ")
            }
        case ("p", _), ("hr", _), ("pre", _), ("table", _): builder.blockBoundary(paragraph: true)
        case ("div", _), ("li", true), ("tr", _), ("dt", _), ("dd", _): builder.blockBoundary(paragraph: false)
        default: break
        }
    }
}

/// An HTML tag: its name, whether it closes, and its attributes' text.
struct HTMLTag {
    /// Tag names read as markup; any other `<…>` is text.
    static let known: Set<String> = [
        "a", "abbr", "b", "big", "blockquote", "body", "br", "center", "cite", "code", "dd", "del", "div", "dl", "dt",
        "em", "font", "h1", "h2", "h3", "h4", "h5", "h6", "hr", "html", "i", "img", "ins", "kbd", "li", "mark", "ol", "p",
        "pre", "q", "s", "small", "span", "spoiler", "strike", "strong", "sub", "sup", "table", "tbody", "td", "th",
        "thead", "tr", "tt", "u", "ul", "wbr",
    ]

    var name: String
    var isClosing: Bool
    var attributes: Substring

    /// The tag at the start of `text` (which starts with `<`) and its length in characters, or
    /// `nil` when `text` does not start with a known tag.
    static func parse(_ text: Substring) -> (HTMLTag, Int)? {
        var inner = text.dropFirst()
        let isClosing = inner.first == "/"
        if isClosing { inner = inner.dropFirst() }
        let name = inner.prefix { $0.isASCII && ($0.isLetter || $0.isNumber) }.lowercased()
        guard known.contains(name) else { return nil }
        let afterName = inner.dropFirst(name.count)
        guard let next = afterName.first, next == ">" || next == "/" || next.isWhitespace else { return nil }
        var quote: Character? = nil
        var index = afterName.startIndex
        while index < afterName.endIndex {
            let character = afterName[index]
            if let open = quote {
                if character == open { quote = nil }
            } else if character == "\"" || character == "'" {
                quote = character
            } else if character == ">" {
                let tag = HTMLTag(name: name, isClosing: isClosing, attributes: afterName[..<index])
                return (tag, text.distance(from: text.startIndex, to: index) + 1)
            }
            index = afterName.index(after: index)
        }
        return nil
    }

    /// The value of `name="…"`, `name='…'` or `name=value`.
    func attribute(_ name: String) -> String? {
        var rest = attributes
        while let range = rest.firstRange(of: name) {
            let before = rest[..<range.lowerBound].last
            var value = rest[range.upperBound...].drop { $0 == " " }
            rest = rest[range.upperBound...]
            guard before == nil || before?.isWhitespace == true || before == "/", value.first == "=" else { continue }
            value = value.dropFirst().drop { $0 == " " }
            guard let quote = value.first, quote == "\"" || quote == "'" else {
                return String(value.prefix { !$0.isWhitespace && $0 != "/" })
            }
            return String(value.dropFirst().prefix { $0 != quote })
        }
        return nil
    }
}
