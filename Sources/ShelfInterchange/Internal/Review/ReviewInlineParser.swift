import ShelfKit

/// Reads a paragraph's characters into inlines: backslash escapes, `<spoiler>`, links and
/// emphasis, with CommonMark's algorithm for delimiter runs and brackets (spec 0.31, "Phase 2:
/// inline structure"), so a review reads the way a Markdown renderer shows it.
struct ReviewInlineParser {
    /// One character of the paragraph, with its place in the source lines, or a line break
    /// (`character == nil`).
    struct Unit {
        var character: Character?
        var position: ReviewMarkdownReader.Position?
    }

    /// A run of `*` or `_` that may open or close emphasis.
    private struct Run {
        var character: Character
        var positions: [ReviewMarkdownReader.Position?]
        var originalCount: Int
        var count: Int
        var canOpen: Bool
        var canClose: Bool
        /// The formats this run opens, outermost first, and closes, innermost first.
        var opens: [Bool] = []
        var closes: [Bool] = []
        /// How many characters at the run's start went to closing, and at its end to opening.
        var usedAtStart = 0
        var usedAtEnd = 0
    }

    private enum Node {
        case text(String)
        case lineBreak
        case softBreak
        case raw(String)
        case run(Int)
        case linkStart
        case linkEnd(String)
    }

    private struct Bracket {
        var node: Int
        var position: ReviewMarkdownReader.Position?
        var runsBefore: Int
        var active = true
    }

    private let units: [Unit]
    private var nodes: [Node] = []
    private var runs: [Run] = []
    /// The delimiter stack, as a list linked through `previous`/`next` (-1 for none).
    private var previous: [Int] = []
    private var next: [Int] = []
    private var inStack: [Bool] = []
    private var top = -1
    private var brackets: [Bracket] = []
    /// The `[` that opened links, so ``ReviewMarkdownWriter`` can escape those that are text.
    private var linkOpenings: [ReviewMarkdownReader.Position] = []

    /// Where the characters are that were read as markup.
    var markup: ReviewMarkdownReader.Markup {
        var result = ReviewMarkdownReader.Markup(linkOpenings: Set(linkOpenings))
        for run in runs where run.usedAtStart + run.usedAtEnd > 0 {
            let positions = run.positions.compactMap { $0 }
            result.pairedRuns.formUnion(positions)
            result.emphasis.formUnion(positions.prefix(run.usedAtStart))
            result.emphasis.formUnion(positions.suffix(run.usedAtEnd))
        }
        return result
    }

    init(units: [Unit]) {
        self.units = units
    }

    mutating func parse() -> [ReviewInline] {
        var index = 0
        while index < units.count {
            guard let character = units[index].character else {
                nodes.append(.lineBreak)
                index += 1
                continue
            }
            switch character {
            case "\\" where index + 1 < units.count && units[index + 1].character?.isASCIIPunctuation == true:
                appendText(String(units[index + 1].character ?? "\\"))
                index += 2
            case "<":
                if let tag = ReviewLine.rawTags.first(where: { matches($0, at: index) }) {
                    nodes.append(.raw(tag))
                    index += tag.count
                } else {
                    appendText("<")
                    index += 1
                }
            case "*", "_":
                index = readRun(at: index)
            case "[":
                brackets.append(Bracket(node: nodes.count, position: units[index].position, runsBefore: runs.count))
                nodes.append(.text("["))
                index += 1
            case "]":
                index = closeBracket(at: index)
            case "\n":
                nodes.append(.softBreak)
                index += 1
            default:
                appendText(String(character))
                index += 1
            }
        }
        processEmphasis(above: 0)
        return tree()
    }

    private func matches(_ text: String, at index: Int) -> Bool {
        var position = index
        for character in text {
            guard position < units.count, units[position].character == character else { return false }
            position += 1
        }
        return true
    }

    private mutating func appendText(_ text: String) {
        if case .text(let before)? = nodes.last, brackets.last?.node != nodes.count - 1 {
            nodes[nodes.count - 1] = .text(before + text)
        } else {
            nodes.append(.text(text))
        }
    }

    // MARK: Emphasis

    /// Reads the run of `*` or `_` at `index` and returns the index after it.
    private mutating func readRun(at index: Int) -> Int {
        guard let character = units[index].character else { return index + 1 }
        var end = index
        while end < units.count, units[end].character == character { end += 1 }
        let before = index > 0 ? units[index - 1].character : nil
        let after = end < units.count ? units[end].character : nil
        let beforeIsSpace = before.map(\.isWhitespace) ?? true
        let afterIsSpace = after.map(\.isWhitespace) ?? true
        let beforeIsPunctuation = before.map(Self.isPunctuation) ?? false
        let afterIsPunctuation = after.map(Self.isPunctuation) ?? false
        let leftFlanking = !afterIsSpace && (!afterIsPunctuation || beforeIsSpace || beforeIsPunctuation)
        let rightFlanking = !beforeIsSpace && (!beforeIsPunctuation || afterIsSpace || afterIsPunctuation)
        let canOpen = character == "*" ? leftFlanking : leftFlanking && (!rightFlanking || beforeIsPunctuation)
        let canClose = character == "*" ? rightFlanking : rightFlanking && (!leftFlanking || afterIsPunctuation)
        let count = end - index
        runs.append(Run(character: character, positions: units[index..<end].map(\.position), originalCount: count,
                        count: count, canOpen: canOpen, canClose: canClose))
        previous.append(top)
        next.append(-1)
        inStack.append(true)
        if top >= 0 { next[top] = runs.count - 1 }
        top = runs.count - 1
        nodes.append(.run(runs.count - 1))
        return end
    }

    private static func isPunctuation(_ character: Character) -> Bool {
        character.isPunctuation || character.isSymbol
    }

    private mutating func removeFromStack(_ index: Int) {
        guard inStack[index] else { return }
        inStack[index] = false
        let before = previous[index]
        let after = next[index]
        if before >= 0 { next[before] = after }
        if after >= 0 { previous[after] = before } else { top = before }
    }

    /// Pairs the runs from index `bottom` on into emphasis, then takes them off the stack.
    private mutating func processEmphasis(above bottom: Int) {
        struct Key: Hashable { var character: Character; var canOpen: Bool; var length: Int }
        var openersBottom: [Key: Int] = [:]
        var current = (bottom..<runs.count).first { inStack[$0] } ?? -1
        while current >= 0 {
            let closer = runs[current]
            guard closer.canClose else { current = next[current]; continue }
            let key = Key(character: closer.character, canOpen: closer.canOpen, length: closer.originalCount % 3)
            let floor = max(openersBottom[key] ?? bottom - 1, bottom - 1)
            var opener = previous[current]
            while opener > floor {
                let candidate = runs[opener]
                let oddMatch = (candidate.canClose || closer.canOpen)
                    && (candidate.originalCount + closer.originalCount) % 3 == 0
                    && !(candidate.originalCount % 3 == 0 && closer.originalCount % 3 == 0)
                if candidate.character == closer.character && candidate.canOpen && !oddMatch { break }
                opener = previous[opener]
            }
            guard opener > floor else {
                openersBottom[key] = previous[current]
                let following = next[current]
                if !closer.canOpen { removeFromStack(current) }
                current = following
                continue
            }
            let used = runs[opener].count >= 2 && closer.count >= 2 ? 2 : 1
            record(used: used, opener: opener, closer: current)
            var between = next[opener]
            while between >= 0 && between != current {
                let following = next[between]
                removeFromStack(between)
                between = following
            }
            if runs[opener].count == 0 { removeFromStack(opener) }
            if runs[current].count == 0 {
                let following = next[current]
                removeFromStack(current)
                current = following
            }
        }
        var index = top
        while index >= bottom {
            let before = previous[index]
            removeFromStack(index)
            index = before
        }
    }

    private mutating func record(used: Int, opener: Int, closer: Int) {
        let isBold = used == 2
        runs[opener].count -= used
        runs[opener].usedAtEnd += used
        runs[opener].opens.insert(isBold, at: 0)
        runs[closer].count -= used
        runs[closer].usedAtStart += used
        runs[closer].closes.append(isBold)
    }

    // MARK: Links

    /// Handles `]` at `index`: a link when a `[` is open and `(destination)` follows, else text.
    private mutating func closeBracket(at index: Int) -> Int {
        guard let bracket = brackets.popLast() else {
            appendText("]")
            return index + 1
        }
        guard bracket.active, let (destination, end) = destination(after: index),
              !startsOrEndsWithBreak(after: bracket.node)
        else {
            appendText("]")
            return index + 1
        }
        processEmphasis(above: bracket.runsBefore)
        nodes[bracket.node] = .linkStart
        nodes.append(.linkEnd(destination))
        if let position = bracket.position { linkOpenings.append(position) }
        // No links inside links: the brackets opened before this one are text now.
        for position in brackets.indices { brackets[position].active = false }
        return end
    }

    /// `(destination)` right after the `]` at `index`: the destination and the index after `)`.
    /// Whitespace, angle brackets and unbalanced parentheses make it no link.
    private func destination(after index: Int) -> (String, Int)? {
        guard index + 1 < units.count, units[index + 1].character == "(" else { return nil }
        var depth = 0
        var text = ""
        var position = index + 2
        while position < units.count {
            guard let character = units[position].character, !character.isWhitespace, character != "<", character != ">",
                  !character.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
            else { return nil }
            if character == ")" {
                if depth == 0 { return (text, position + 1) }
                depth -= 1
            } else if character == "(" {
                depth += 1
            }
            text.append(character)
            position += 1
        }
        return nil
    }

    private func startsOrEndsWithBreak(after node: Int) -> Bool {
        func isBreak(_ node: Node?) -> Bool {
            switch node {
            case .lineBreak?, .softBreak?: true
            default: false
            }
        }
        let inside = nodes[(node + 1)...]
        return isBreak(inside.first) || isBreak(inside.last)
    }

    // MARK: Tree

    /// The nodes as nested inlines: each run's closings, its unpaired characters, its openings.
    private func tree() -> [ReviewInline] {
        enum Frame { case root, bold, italic, link }
        var stack: [(frame: Frame, children: [ReviewInline])] = [(.root, [])]

        func add(_ inline: ReviewInline) {
            if case .text(let text) = inline, case .text(let before)? = stack[stack.count - 1].children.last {
                stack[stack.count - 1].children[stack[stack.count - 1].children.count - 1] = .text(before + text)
            } else {
                stack[stack.count - 1].children.append(inline)
            }
        }
        func close(href: String?) {
            guard stack.count > 1, let (frame, children) = stack.popLast() else { return }
            switch frame {
            case .bold: add(.bold(children))
            case .italic: add(.italic(children))
            case .link: add(.link(href: href ?? "", children))
            case .root: break
            }
        }

        for node in nodes {
            switch node {
            case .text(let text): add(.text(text))
            case .lineBreak: add(.lineBreak)
            case .softBreak: add(.softBreak)
            case .raw(let markup): add(.raw(markup))
            case .linkStart: stack.append((.link, []))
            case .linkEnd(let href): close(href: href)
            case .run(let index):
                let run = runs[index]
                for _ in run.closes { close(href: nil) }
                if run.count > 0 { add(.text(String(repeating: run.character, count: run.count))) }
                for isBold in run.opens { stack.append((isBold ? .bold : .italic, [])) }
            }
        }
        while stack.count > 1 { close(href: nil) }
        return stack[0].children
    }
}
