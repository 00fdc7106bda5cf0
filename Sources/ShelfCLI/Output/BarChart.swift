/// Horizontal bars drawn with Unicode eighth blocks (▏▎▍▌▋▊▉█), so a bar can end between two
/// columns and small differences still show.
struct BarChart {
    struct Row {
        var label: String
        var value: Int
        /// Shown after the bar, e.g. "3 books, 1,204 pages".
        var note: String
    }

    var rows: [Row]
    /// The longest bar, in columns.
    var width: Int

    private static let eighths: [Character] = ["▏", "▎", "▍", "▌", "▋", "▊", "▉"]

    /// A bar for `value` of at most `maximum`, `width` columns at full length.
    static func bar(_ value: Int, of maximum: Int, width: Int) -> String {
        guard value > 0, maximum > 0, width > 0 else { return "" }
        let total = value * width * 8 / maximum
        var bar = String(repeating: "█", count: total / 8)
        let rest = total % 8
        if rest > 0 { bar.append(eighths[rest - 1]) }
        return bar.isEmpty ? "▏" : bar
    }

    func render(terminal: Terminal) -> String {
        let labelWidth = rows.map { TextWidth.of($0.label) }.max() ?? 0
        let maximum = rows.map(\.value).max() ?? 0
        return rows.map { row in
            let bar = Self.bar(row.value, of: maximum, width: width)
            let padded = TextWidth.pad(bar, to: width)
            return TextWidth.pad(row.label, to: labelWidth) + "  " + terminal.paint(padded, .cyan) + "  " + row.note
        }.map { line in
            var line = line
            while line.hasSuffix(" ") { line.removeLast() }
            return line + "\n"
        }.joined()
    }
}
