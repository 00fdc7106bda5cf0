/// A plain-text table: a header row and aligned columns, the widest column cut to fit the
/// terminal. Numbers are right-aligned.
struct Table {
    enum Alignment {
        case left
        case right
    }

    struct Column {
        var title: String
        var alignment: Alignment = .left
        /// Whether this column gives up width when the table is too wide.
        var shrinks = false
    }

    var columns: [Column]
    var rows: [[String]] = []

    func render(width: Int?, terminal: Terminal) -> String {
        var widths = columns.indices.map { index in
            rows.reduce(TextWidth.of(columns[index].title)) { max($0, TextWidth.of($1[index])) }
        }
        if let width {
            let total = widths.reduce(0, +) + 2 * (columns.count - 1)
            var excess = total - width
            for index in columns.indices where columns[index].shrinks && excess > 0 {
                let cut = min(excess, max(0, widths[index] - 12))
                widths[index] -= cut
                excess -= cut
            }
        }
        func line(_ cells: [String], header: Bool) -> String {
            var parts: [String] = []
            for (index, cell) in cells.enumerated() {
                let text = TextWidth.truncate(cell, to: widths[index])
                let padding = String(repeating: " ", count: max(0, widths[index] - TextWidth.of(text)))
                let isLast = index == cells.count - 1
                switch columns[index].alignment {
                case .left: parts.append(isLast ? text : text + padding)
                case .right: parts.append(padding + text)
                }
            }
            // Empty trailing cells would leave spaces at the end of the line.
            let joined = parts.joined(separator: "  ").trimmingTrailingSpaces
            return header ? terminal.paint(joined, .bold) : joined
        }
        return ([line(columns.map(\.title), header: true)] + rows.map { line($0, header: false) })
            .joined(separator: "\n") + "\n"
    }
}
