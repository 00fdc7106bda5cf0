/// The books finished per month as a standalone SVG file: twelve horizontal bars, labelled,
/// with the count at the end of each, that any browser or image viewer shows.
package enum MonthChartSVG {
    private static let monthNames = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// The SVG document for `stats.byMonth`.
    /// - Parameter title: The heading; the default names the year.
    package static func render(_ stats: ReadingStats, title: String? = nil) -> String {
        let heading = title ?? "Books finished in \(stats.chartYear)"
        let rowHeight = 24, top = 48, left = 56, barWidth = 400, width = 540
        let height = top + rowHeight * stats.byMonth.count + 16
        let most = max(1, stats.byMonth.map(\.books).max() ?? 1)
        var lines = [
            "<?xml version='1.0' encoding='UTF-8'?>",
            "<svg xmlns='http://www.w3.org/2000/svg' width='\(width)' height='\(height)' viewBox='0 0 \(width) \(height)' font-family='sans-serif' font-size='13'>",
            "  <title>\(MarkupEscaping.escaped(heading, quotes: true))</title>",
            "  <rect width='100%' height='100%' fill='#ffffff'/>",
            "  <text x='16' y='28' font-size='16' font-weight='bold' fill='#222222'>\(MarkupEscaping.escaped(heading, quotes: true))</text>",
        ]
        for (index, month) in stats.byMonth.enumerated() {
            let y = top + index * rowHeight
            let length = month.books * barWidth / most
            let name = index < monthNames.count ? monthNames[index] : month.period
            let books = month.books == 1 ? "1 book" : "\(month.books) books"
            let pages = month.pages > 0 ? ", \(month.pages) page\(month.pages == 1 ? "" : "s")" : ""
            lines.append("  <text x='16' y='\(y + 16)' fill='#444444'>\(MarkupEscaping.escaped(name, quotes: true))</text>")
            lines.append("  <rect x='\(left)' y='\(y + 4)' width='\(length)' height='\(rowHeight - 8)' fill='#4a7bb7'><title>\(MarkupEscaping.escaped(month.period + ": " + books + pages, quotes: true))</title></rect>")
            lines.append("  <text x='\(left + length + 6)' y='\(y + 16)' fill='#222222'>\(month.books)</text>")
        }
        lines.append("</svg>")
        return lines.joined(separator: "\n") + "\n"
    }
}
