import ShelfKit

/// Writes a review's blocks as the HTML Goodreads shows: `<b>`, `<i>`, `<a href>`, `<br/>`,
/// `<blockquote>` and `<spoiler>`, with `&`, `<` and `>` escaped.
///
/// Paragraphs are separated by `<br/><br/>`, as Goodreads writes them; a soft break stays a
/// newline, which HTML shows as a space, as Markdown does.
enum ReviewHTMLWriter {
    static func html(_ blocks: [ReviewBlock]) -> String {
        var output = ""
        var previousWasParagraph = false
        for block in blocks {
            switch block {
            case .paragraph(let inlines):
                if previousWasParagraph { output += "<br/><br/>" }
                write(inlines, to: &output)
                previousWasParagraph = true
            case .quote(let inner):
                output += "<blockquote>" + html(inner) + "</blockquote>"
                previousWasParagraph = false
            }
        }
        return output
    }

    private static func write(_ inlines: [ReviewInline], to output: inout String) {
        for inline in inlines {
            switch inline {
            case .text(let text): output += MarkupEscaping.escaped(text)
            case .bold(let children): output += "<b>"; write(children, to: &output); output += "</b>"
            case .italic(let children): output += "<i>"; write(children, to: &output); output += "</i>"
            case .link(let href, let children):
                output += "<a href=\"" + MarkupEscaping.escaped(href, quotes: true) + "\">"
                write(children, to: &output)
                output += "</a>"
            case .lineBreak: output += "<br/>"
            case .softBreak: output += "\n"
            case .raw(let markup): output += markup
            }
        }
    }
}
