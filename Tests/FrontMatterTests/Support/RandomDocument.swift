import FrontMatter
import FrontMatterFuzzing

/// Random values and hand-style documents for the property tests.
enum RandomYAML {
    private static let pieces = [
        "a", "Dune", " ", ":", ": ", "#", " #", "-", "- ", "'", "\"", "\\", "[", "]", "{", "}", ",", "&", "*", "!", "|",
        ">", "%", "@", "`", "?", "\n", "\t", "\r", "~", "yes", "no", "null", "true", "0", "0441172717", "1e3", ".5",
        "2024-02-30", "2024-03-01", "é", "村上", "📚", "\u{85}", "\u{2028}", "\u{FEFF}", "\u{1}", "x y", "---", "...",
    ]

    static func string(_ random: inout SeededGenerator) -> String {
        (0..<Int.random(in: 0...6, using: &random)).map { _ in pieces.randomElement(using: &random) ?? "" }.joined()
    }

    static func scalar(_ random: inout SeededGenerator) -> YAMLValue {
        switch Int.random(in: 0..<8, using: &random) {
        case 0: return .null
        case 1: return .bool(Bool.random(using: &random))
        case 2: return .int(Int.random(in: -1_000_000...1_000_000, using: &random))
        case 3: return .double([4.5, -0.25, 1e300, 3.0, .infinity, 1.0 / 3.0].randomElement(using: &random) ?? 0)
        case 4: return .day(Day(year: Int.random(in: 1900...2100, using: &random), month: Int.random(in: 1...12, using: &random),
                                day: Int.random(in: 1...28, using: &random)) ?? Day(year: 2000, month: 1, day: 1)!)
        default: return .string(string(&random))
        }
    }

    static func value(_ random: inout SeededGenerator) -> YAMLValue {
        switch Int.random(in: 0..<6, using: &random) {
        case 0: return .list((0..<Int.random(in: 0...4, using: &random)).map { _ in scalar(&random) })
        case 1: return .mapping([.init("k", scalar(&random)), .init("l", scalar(&random))])
        default: return scalar(&random)
        }
    }

    /// A document as people write them: mixed styles, comments, blank lines, a body.
    static func document(_ random: inout SeededGenerator, keys: Int) -> String {
        let breakText = Bool.random(using: &random) ? "\n" : "\r\n"
        var lines = ["---"]
        let blockIndent = Bool.random(using: &random) ? "  " : ""
        for index in 0..<keys {
            if Int.random(in: 0..<5, using: &random) == 0 { lines.append("# note \(index)") }
            if Int.random(in: 0..<6, using: &random) == 0 { lines.append("") }
            let key = "key\(index)"
            switch Int.random(in: 0..<8, using: &random) {
            case 0: lines.append("\(key): plain value \(index)")
            case 1: lines.append("\(key): \"double \\\"quoted\\\"\" # trailing")
            case 2: lines.append("\(key): 'single ''quoted'''")
            case 3: lines.append("\(key): [a, 'b c', 3]")
            case 4: lines += ["\(key):", "\(blockIndent)- one", "\(blockIndent)  # inside", "\(blockIndent)- two # end"]
            case 5: lines += ["\(key): |", "  literal line", "", "  second"]
            case 6: lines.append("\(key):")
            default: lines.append("\(key): \(Int.random(in: 0...999, using: &random))")
            }
        }
        lines += ["---", "", "Body with --- and: colons", "- a list"]
        return lines.joined(separator: breakText) + breakText
    }
}
