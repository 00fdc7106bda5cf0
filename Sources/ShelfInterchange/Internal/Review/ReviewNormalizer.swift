import ShelfKit

/// A paragraph's inlines in the one form both readers give: spaces at the start and end of each
/// line dropped (a browser drops them, and Markdown too), no empty bold or italics, no breaks at
/// the paragraph's ends, a newline beside a `<br/>` dropped, neighbouring text and neighbouring
/// bold (or italics) joined.
///
/// Both readers end with it, so the HTML an export writes reads back into what it was written
/// from, and the Markdown an import writes into what the import read.
enum ReviewNormalizer {
    static func paragraph(_ inlines: [ReviewInline]) -> [ReviewInline] {
        var atStart = true
        var result = trimmingStarts(of: inlines, atLineStart: &atStart)
        var atEnd = true
        result = trimmingEnds(of: result, atLineEnd: &atEnd)
        result = withoutEmptyFormats(result)
        while let first = result.first, first.isBreak { result.removeFirst() }
        while let last = result.last, last.isBreak { result.removeLast() }
        return result
    }

    private static func trimmingStarts(of inlines: [ReviewInline], atLineStart: inout Bool) -> [ReviewInline] {
        var result: [ReviewInline] = []
        for inline in inlines {
            switch inline {
            case .text(var text):
                if atLineStart { text = String(text.drop(while: \.isWhitespace)) }
                guard !text.isEmpty else { continue }
                atLineStart = false
                append(.text(text), to: &result)
            case .lineBreak, .softBreak:
                // A newline next to a <br/> is one line break, as HTML shows it.
                if case .softBreak? = result.last { result.removeLast() }
                if inline == .softBreak, case .lineBreak? = result.last { continue }
                atLineStart = true
                result.append(inline)
            case .raw:
                atLineStart = false
                result.append(inline)
            case .bold(let children): result.append(.bold(trimmingStarts(of: children, atLineStart: &atLineStart)))
            case .italic(let children): result.append(.italic(trimmingStarts(of: children, atLineStart: &atLineStart)))
            case .link(let href, let children):
                result.append(.link(href: href, trimmingStarts(of: children, atLineStart: &atLineStart)))
            }
        }
        return result
    }

    private static func trimmingEnds(of inlines: [ReviewInline], atLineEnd: inout Bool) -> [ReviewInline] {
        var result: [ReviewInline] = []
        for inline in inlines.reversed() {
            switch inline {
            case .text(var text):
                if atLineEnd { while let last = text.last, last.isWhitespace { text.removeLast() } }
                guard !text.isEmpty else { continue }
                atLineEnd = false
                result.append(.text(text))
            case .lineBreak, .softBreak:
                atLineEnd = true
                result.append(inline)
            case .raw:
                atLineEnd = false
                result.append(inline)
            case .bold(let children): result.append(.bold(trimmingEnds(of: children, atLineEnd: &atLineEnd)))
            case .italic(let children): result.append(.italic(trimmingEnds(of: children, atLineEnd: &atLineEnd)))
            case .link(let href, let children): result.append(.link(href: href, trimmingEnds(of: children, atLineEnd: &atLineEnd)))
            }
        }
        return result.reversed()
    }

    /// Bold and italics with nothing inside taken out; links stay, `[](url)` reads back as one.
    private static func withoutEmptyFormats(_ inlines: [ReviewInline]) -> [ReviewInline] {
        var result: [ReviewInline] = []
        for inline in inlines {
            switch inline {
            case .bold(let children):
                let inner = withoutEmptyFormats(children)
                if !inner.isEmpty { result.append(.bold(inner)) }
            case .italic(let children):
                let inner = withoutEmptyFormats(children)
                if !inner.isEmpty { result.append(.italic(inner)) }
            case .link(let href, let children): result.append(.link(href: href, withoutEmptyFormats(children)))
            default: append(inline, to: &result)
            }
            // `<i>a</i><i>b</i>` shows as one italic, and Markdown can only write it as one.
            if result.count >= 2 {
                switch (result[result.count - 2], result[result.count - 1]) {
                case (.bold(let first), .bold(let second)):
                    result.removeLast(2)
                    result.append(.bold(withoutEmptyFormats(first + second)))
                case (.italic(let first), .italic(let second)):
                    result.removeLast(2)
                    result.append(.italic(withoutEmptyFormats(first + second)))
                default: break
                }
            }
        }
        return result
    }

    private static func append(_ inline: ReviewInline, to result: inout [ReviewInline]) {
        if case .text(let text) = inline, case .text(let before)? = result.last {
            result[result.count - 1] = .text(before + text)
        } else {
            result.append(inline)
        }
    }
}

extension ReviewInline {
    var isBreak: Bool { self == .lineBreak || self == .softBreak }
}
