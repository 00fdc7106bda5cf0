import ShelfKit

/// Builds a review's blocks from the HTML reader's events, keeping formats nested and breaks
/// where a browser shows them.
///
/// Breaks wait until text follows, so breaks at the start or end of a paragraph, or right
/// after an opening tag, fall outside the formatting and count once. A paragraph break inside
/// `<b>…</b>` closes the bold and opens it again in the next paragraph, as Markdown needs.
struct ReviewHTMLBuilder {
    /// A format the HTML has open.
    enum Format: Equatable {
        case bold
        case italic
        case link(String)
    }

    /// An open format and what it holds so far.
    private struct Frame {
        var format: Format?
        var children: [ReviewInline] = []
    }

    /// The blocks of the document, then of each open quote inside it.
    private var containers: [[ReviewBlock]] = [[]]
    /// The paragraph being built: its root, then each open format.
    private var frames = [Frame()]
    /// `<br/>`s and block ends since the last text, and newlines in the text.
    private var pendingBreaks = 0
    private var pendingNewlines = 0
    /// Whether the paragraph, and the line, hold anything but spaces yet.
    private var paragraphHasText = false
    private var lineHasText = false

    mutating func text(_ text: String) {
        // A newline spelled `&#10;` (or any other line separator) is a newline like the others.
        if text.contains(where: \.isNewline) {
            for (index, line) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
                if index > 0 { softBreak() }
                if !line.isEmpty { self.text(String(line)) }
            }
            return
        }
        if text.allSatisfy({ $0.isWhitespace }) {
            if lineHasText { append(.text(text)) }
            return
        }
        flushBreaks()
        append(.text(text))
        paragraphHasText = true
        lineHasText = true
    }

    mutating func raw(_ markup: String) {
        flushBreaks()
        append(.raw(markup))
        paragraphHasText = true
        lineHasText = true
    }

    mutating func lineBreak() { pendingBreaks += 1 }

    mutating func softBreak() { pendingNewlines += 1 }

    /// The end or start of a block: a new paragraph for `<p>`, a new line for `<div>` or `<li>`.
    mutating func blockBoundary(paragraph: Bool) {
        pendingBreaks = max(pendingBreaks, paragraph ? 2 : 1)
    }

    mutating func open(_ format: Format) {
        // A link inside a link is no link: a browser shows only the outer one.
        if case .link = format, frames.contains(where: { if case .link = $0.format { true } else { false } }) { return }
        flushBreaks()
        frames.append(Frame(format: format))
        // A link is there even with no text: `[](url)`.
        if case .link = format {
            paragraphHasText = true
            lineHasText = true
        }
    }

    /// Closes the innermost open `format`, and reopens the formats opened inside it, as a
    /// browser does for `<b><i>…</b>…</i>`.
    mutating func close(_ format: Format) {
        guard let index = frames.lastIndex(where: { $0.format == format }), index > 0 else { return }
        let inner = frames[(index + 1)...].compactMap(\.format)
        while frames.count > index { closeLast() }
        for format in inner { frames.append(Frame(format: format)) }
    }

    mutating func closeLink() {
        guard let link = frames.last(where: { if case .link = $0.format { true } else { false } })?.format else { return }
        close(link)
    }

    mutating func openQuote() {
        endParagraph()
        containers.append([])
    }

    mutating func closeQuote() {
        guard containers.count > 1 else { return }
        endParagraph()
        let quote = containers.removeLast()
        if !quote.isEmpty { containers[containers.count - 1].append(.quote(quote)) }
    }

    /// The blocks read, every open paragraph and quote closed.
    mutating func finish() -> [ReviewBlock] {
        while containers.count > 1 { closeQuote() }
        endParagraph()
        return containers[0]
    }

    /// Puts the breaks waiting before new text into the paragraph: a paragraph for two `<br/>`
    /// (or a blank line), a line break for one, a soft break for a newline.
    private mutating func flushBreaks() {
        defer { pendingBreaks = 0; pendingNewlines = 0 }
        guard paragraphHasText, pendingBreaks > 0 || pendingNewlines > 0 else { return }
        if pendingBreaks >= 2 || (pendingBreaks == 0 && pendingNewlines >= 2) {
            endParagraph()
        } else {
            append(pendingBreaks == 1 ? .lineBreak : .softBreak)
            lineHasText = false
        }
    }

    private mutating func append(_ inline: ReviewInline) {
        if case .text(let text) = inline, case .text(let before)? = frames[frames.count - 1].children.last {
            frames[frames.count - 1].children[frames[frames.count - 1].children.count - 1] = .text(before + text)
        } else {
            frames[frames.count - 1].children.append(inline)
        }
    }

    /// Closes the innermost format; an empty bold or italic is dropped, spaces at its ends move
    /// outside it. An empty link stays: `[](url)` reads back as one.
    private mutating func closeLast() {
        guard frames.count > 1 else { return }
        let frame = frames.removeLast()
        var children = frame.children
        var before: [ReviewInline] = []
        var after: [ReviewInline] = []
        if frame.format == .bold || frame.format == .italic {
            if case .text(let text)? = children.first {
                let spaces = text.prefix { $0.isWhitespace }
                if !spaces.isEmpty { before = [.text(String(spaces))]; children[0] = .text(String(text.dropFirst(spaces.count))) }
            }
            if case .text(let text)? = children.last {
                let spaces = text.reversed().prefix { $0.isWhitespace }
                if !spaces.isEmpty {
                    after = [.text(String(spaces.reversed()))]
                    children[children.count - 1] = .text(String(text.dropLast(spaces.count)))
                }
            }
        }
        children.removeAll { $0 == .text("") }
        let isEmpty = children.allSatisfy { if case .text(let text) = $0 { text.allSatisfy(\.isWhitespace) } else { false } }
        let closed: [ReviewInline] = switch frame.format {
        case .link(let href)?: [.link(href: href, children)]
        case _ where isEmpty: children
        case .bold?: [.bold(children)]
        case .italic?: [.italic(children)]
        case nil: children
        }
        frames[frames.count - 1].children += before + closed + after
    }

    /// Ends the paragraph, if it has text, and starts the next with the same formats open.
    private mutating func endParagraph() {
        let open = frames.dropFirst().compactMap(\.format)
        while frames.count > 1 { closeLast() }
        let inlines = ReviewNormalizer.paragraph(frames[0].children)
        if paragraphHasText, !inlines.isEmpty { containers[containers.count - 1].append(.paragraph(inlines)) }
        frames = [Frame()] + open.map { Frame(format: $0) }
        paragraphHasText = false
        lineHasText = false
        pendingBreaks = 0
        pendingNewlines = 0
    }
}
