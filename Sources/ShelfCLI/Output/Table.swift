/// A plain-text table: a header row and aligned columns, never wider than the terminal; for a
/// pipe, tab-separated (``forEachLine(width:terminal:_:)``).
///
/// When the columns do not fit, the columns that give way do, in their order: first down to the
/// width their cells can keep their sense at (a list keeps its first item whole, `Frank Herbert,
/// …, +3`), then down to a few columns; what still does not fit is cut at the terminal's edge.
/// Widths are terminal cells (``TextWidth``), so 村上春樹 counts 8.
struct Table {
    enum Alignment {
        case left
        case right
    }

    /// One cell: text, cut with an ellipsis when too wide, or a list shortened by its items.
    enum Cell: Equatable, ExpressibleByStringLiteral {
        case text(String)
        case list([String])

        init(stringLiteral value: String) {
            self = .text(value)
        }

        /// The cell at its full width.
        var full: String {
            switch self {
            case .text(let text): text
            case .list(let items): items.joined(separator: ", ")
            }
        }

        /// The narrowest it keeps its sense at: a list's first item whole and the count of the rest.
        var readableWidth: Int {
            switch self {
            case .text(let text): TextWidth.of(text)
            case .list(let items): TextWidth.of(TextWidth.list(items, to: 0, keepingFirst: true))
            }
        }

        /// The cell in at most `width` cells.
        func fitted(to width: Int) -> String {
            switch self {
            case .text(let text): TextWidth.truncate(text, to: width)
            case .list(let items): TextWidth.list(items, to: width)
            }
        }
    }

    struct Column {
        var title: String
        var alignment: Alignment = .left
        /// When this column gives up width for the table to fit, lowest first; `nil` never.
        var givesWay: Int?
        /// The width it gives way to before any column goes narrower: for a list, the width that
        /// keeps each first item whole.
        var minimum = 12
        /// The width it gives way to after every column reached its ``minimum``.
        var least = 8
    }

    var columns: [Column]
    var rows: [[Cell]] = []

    /// Adds a row of plain text cells.
    mutating func append(_ cells: [String]) {
        rows.append(cells.map(Cell.text))
    }

    /// The columns' widths to fit in `limit` cells, or their natural widths with no limit.
    func widths(fitting limit: Int?) -> [Int] {
        let natural = columns.indices.map { index in
            rows.reduce(TextWidth.of(columns[index].title)) { max($0, TextWidth.of($1[index].full)) }
        }
        var widths = natural
        guard let limit else { return widths }
        let room = limit - 2 * (columns.count - 1)
        func excess() -> Int { widths.reduce(0, +) - room }
        let yielding = columns.indices.filter { columns[$0].givesWay != nil }
            .sorted { (columns[$0].givesWay ?? 0, $0) < (columns[$1].givesWay ?? 0, $1) }
        let readable = columns.indices.map { index in
            rows.contains { if case .list = $0[index] { true } else { false } }
                ? rows.reduce(TextWidth.of(columns[index].title)) { max($0, $1[index].readableWidth) }
                : columns[index].minimum
        }
        for floors in [readable, columns.map(\.least), columns.map { TextWidth.of($0.title) }] {
            for index in yielding where excess() > 0 {
                widths[index] -= min(excess(), max(0, widths[index] - min(natural[index], floors[index])))
            }
        }
        // A shortened list can come out narrower than its column: what it leaves goes back to
        // the columns that gave way, the last to give way first.
        func tighten() {
            for index in columns.indices {
                widths[index] = rows.reduce(TextWidth.of(columns[index].title)) {
                    max($0, TextWidth.of($1[index].fitted(to: widths[index])))
                }
            }
        }
        tighten()
        for index in yielding.reversed() where excess() < 0 {
            widths[index] += min(-excess(), natural[index] - widths[index])
        }
        tighten()
        return widths
    }

    /// The header line of the table without a width: the titles, tab-separated.
    func header(terminal: Terminal) -> String {
        terminal.paint(Self.tabSeparated(columns.map(\.title)), .bold)
    }

    /// A line of the table without a width: `cells` whole, each tab or line break in one a
    /// space, separated by tabs. Rows made one at a time are printed so as they come.
    static func tabSeparated(_ cells: [String]) -> String {
        cells.map { cell in
            cell.contains(where: { $0 == "\t" || $0 == "\n" || $0 == "\r" })
                ? String(cell.map { $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" ? " " : $0 }) : cell
        }.joined(separator: "\t")
    }

    func render(width: Int?, terminal: Terminal) -> String {
        var text = ""
        forEachLine(width: width, terminal: terminal) { line in
            text += line
            text += "\n"
        }
        return text
    }

    /// Each line of the table, header first, without its line break: for output written as it
    /// is made (``StandardOutput/Writer``), rather than held whole.
    ///
    /// Without a width (a pipe or a file, and no `COLUMNS`), the cells are whole and separated
    /// by a tab, as git and zk write for programs: `cut -f1` takes a column, `column -t -s $'\t'`
    /// lines them up, and no row is padded to the widest title of the library.
    func forEachLine<Failure: Error>(width: Int?, terminal: Terminal, _ body: (String) throws(Failure) -> Void) throws(Failure) {
        guard let width else {
            try body(header(terminal: terminal))
            for row in rows { try body(Self.tabSeparated(row.map(\.full))) }
            return
        }
        let widths = widths(fitting: width)
        func line(_ cells: [Cell], header: Bool) -> String {
            var parts: [String] = []
            for (index, cell) in cells.enumerated() {
                let text = cell.fitted(to: widths[index])
                let padding = String(repeating: " ", count: max(0, widths[index] - TextWidth.of(text)))
                let isLast = index == cells.count - 1
                switch columns[index].alignment {
                case .left: parts.append(isLast ? text : text + padding)
                case .right: parts.append(padding + text)
                }
            }
            // Empty trailing cells would leave spaces at the end of the line.
            var joined = parts.joined(separator: "  ").trimmingTrailingSpaces
            // Columns that never give way can still be wider than a very narrow terminal.
            if TextWidth.of(joined) > width { joined = TextWidth.truncate(joined, to: width) }
            return header ? terminal.paint(joined, .bold) : joined
        }
        try body(line(columns.map { .text($0.title) }, header: true))
        for row in rows { try body(line(row, header: false)) }
    }
}
