import ShelfKit

/// A Goodreads title split into the title and the series it names: Goodreads writes
/// `The Way of Kings (The Stormlight Archive, #1)`.
///
/// The last parenthesis is a series when each of its `;`-separated entries is `Name, #N` or
/// `Name #N`, where `N` is a number (`1`, `0.5`), a range (`1-3`) or a list (`0.5, 2.5, 2.6`).
/// The first entry is the series: its number is the index, or, when it is not one number, the
/// range an omnibus covers. The other entries are kept as `Name #N`:
/// `Mort (Discworld, #4; Death, #1)` is the series Discworld, index 4, and `Death #1`.
/// `Foundation (Annotated Edition)`, `(Imperial Radch)` and `(#Proyecto Morriña)` name no
/// number and stay in the title. ``goodreads(title:series:index:range:others:)`` writes the
/// parsed parts back as Goodreads does.
struct SeriesTitle: Sendable, Hashable {
    var title: String
    var series: String?
    var index: Double?
    /// The numbers after `#` when they are not one number: `1-3`, `0.5, 2.5, 2.6`.
    var range: String?
    /// The series named after the first, each `Name #N`, in the title's order.
    var others: [String] = []

    init(parsing text: String) {
        title = text
        guard text.hasSuffix(")"), let open = Self.openingOfLastParenthesis(text) else { return }
        let inner = text[text.index(after: open)..<text.index(before: text.endIndex)]
        var entries: [(name: String, number: String)] = []
        for part in inner.split(separator: ";", omittingEmptySubsequences: false) {
            guard let entry = Self.entry(part) else { return }
            entries.append(entry)
        }
        let before = text[..<open].trimmingSpaces()
        guard let first = entries.first, !before.isEmpty else { return }
        title = before
        series = first.name
        if let value = Self.singleNumber(first.number) { index = value } else { range = first.number }
        others = entries.dropFirst().map { "\($0.name) #\($0.number)" }
    }

    /// Where the parenthesis that closes `text` opens, past any pair inside it:
    /// `Good Omens (Good Omens (Gaiman), #1)` opens before the second `Good Omens`.
    private static func openingOfLastParenthesis(_ text: String) -> String.Index? {
        var depth = 0
        var index = text.endIndex
        while index > text.startIndex {
            index = text.index(before: index)
            if text[index] == ")" { depth += 1 }
            if text[index] == "(" {
                depth -= 1
                if depth == 0 { return index }
            }
        }
        return nil
    }

    /// `Discworld, #4` or `City Watch #1`: the name and the text after `#`; `nil` when the
    /// text after `#` is not numbers or there is no name.
    private static func entry(_ text: Substring) -> (name: String, number: String)? {
        guard let mark = text.lastIndex(of: "#"), mark > text.startIndex,
              text[text.index(before: mark)].isWhitespace || text[text.index(before: mark)] == "," else { return nil }
        var name = text[..<mark].trimmingSpaces()
        if name.hasSuffix(",") { name = name.dropLast().trimmingSpaces() }
        let number = text[text.index(after: mark)...].trimmingSpaces()
        guard !name.isEmpty, isSeriesNumbers(number) else { return nil }
        return (name, number)
    }

    /// `1`, `1.5`, `1-3`, `0.5, 2.5, 2.6`: numbers or ranges of numbers separated by commas.
    private static func isSeriesNumbers(_ text: String) -> Bool {
        let items = text.split(separator: ",", omittingEmptySubsequences: false)
        return items.allSatisfy { item in
            let ends = item.trimmingSpaces().split(separator: "-", omittingEmptySubsequences: false)
            return (1...2).contains(ends.count) && ends.allSatisfy(isSeriesNumber)
        }
    }

    /// The value of `text` when it is one number, not a range or list.
    private static func singleNumber(_ text: String) -> Double? {
        isSeriesNumber(Substring(text)) ? Double(text) : nil
    }

    /// `1`, `12`, `1.5`: digits, with at most one decimal point between digits.
    private static func isSeriesNumber(_ text: Substring) -> Bool {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        return (1...2).contains(parts.count) && parts.allSatisfy { !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } }
    }

    /// The Goodreads form: `Title (Series, #1)`, `Title (Series, #1-3)`,
    /// `Title (Series, #4; Other, #1)`, or the title alone when there is no series number.
    /// - Parameters:
    ///   - range: Written when there is no `index`.
    ///   - others: Entries `Name #N`, written `Name, #N`; an entry without ` #` as it is.
    static func goodreads(title: String, series: String?, index: Double?, range: String? = nil, others: [String] = []) -> String {
        guard let series, let number = index.map(number) ?? range else { return title }
        let entries = ["\(series), #\(number)"] + others.map { other in
            guard let mark = other.ranges(of: " #").last else { return other }
            return "\(other[..<mark.lowerBound]), #\(other[mark.upperBound...])"
        }
        return "\(title) (\(entries.joined(separator: "; ")))"
    }

    /// `1` for 1.0, `1.5` for 1.5.
    static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}
