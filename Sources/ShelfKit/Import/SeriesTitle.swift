/// A Goodreads title split into the title and the series it names: Goodreads writes
/// `The Way of Kings (The Stormlight Archive, #1)`.
///
/// Only a last parenthesis of the form `(Name, #N)` with a number `N` (`1`, `1.5`) is a series;
/// `Foundation (Annotated Edition)` and omnibus ranges like `(Series, #1-3)` keep their title.
struct SeriesTitle: Sendable, Hashable {
    var title: String
    var series: String?
    var index: Double?

    init(parsing text: String) {
        title = text
        guard text.hasSuffix(")"), let open = text.lastIndex(of: "(") else { return }
        let inner = text[text.index(after: open)..<text.index(before: text.endIndex)]
        guard let marker = inner.ranges(of: ", #").last else { return }
        let name = inner[..<marker.lowerBound].trimmingSpaces()
        let number = inner[marker.upperBound...]
        guard !name.isEmpty, !name.contains(")"), Self.isSeriesNumber(number), let value = Double(number) else { return }
        let before = text[..<open].trimmingSpaces()
        guard !before.isEmpty else { return }
        title = before
        series = name
        index = value
    }

    /// `1`, `12`, `1.5`: digits, with at most one decimal point between digits.
    private static func isSeriesNumber(_ text: Substring) -> Bool {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        return (1...2).contains(parts.count) && parts.allSatisfy { !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } }
    }

    /// The Goodreads form: `Title (Series, #1)`, `Title (Series, #1.5)`, or the title alone.
    static func goodreads(title: String, series: String?, index: Double?) -> String {
        guard let series, let index else { return title }
        return "\(title) (\(series), #\(number(index)))"
    }

    /// `1` for 1.0, `1.5` for 1.5.
    static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}
