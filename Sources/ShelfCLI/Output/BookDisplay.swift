import ShelfKit

/// Short human forms of book values for tables and `show`.
enum BookDisplay {
    /// `★★★★½` for 4.5; empty for unrated.
    static func stars(_ rating: Double?) -> String {
        guard let rating, rating > 0 else { return "" }
        let whole = Int(rating)
        return String(repeating: "★", count: whole) + (rating - Double(whole) >= 0.5 ? "½" : "")
    }

    /// `Terry Pratchett, Neil Gaiman`.
    static func authors(_ book: Book) -> String {
        book.authors.joined(separator: ", ")
    }

    /// A number without a trailing `.0`.
    static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }

    /// `120/412 (29%)`, or just the page reached when the page count is unknown, or `45%` for a
    /// book without pages read in percent, locations or time; the figures are
    /// ``ReadingProgress``'s, as JSON gives them.
    static func progress(_ progress: ReadingProgress?, of pages: Int?) -> String {
        guard let page = progress?.page else { return progress?.percent(of: pages).map { "\($0)%" } ?? "" }
        guard let pages, let percent = progress?.percent(of: pages) else { return "p. \(page)" }
        return "\(min(page, pages))/\(pages) (\(percent)%)"
    }

    /// `stopped at page 120 of 412 (29%)`, or without the page count `stopped at page 120`;
    /// `nil` for a book without `stopped_page`.
    static func stoppedAt(_ book: Book) -> String? {
        guard let page = book.stoppedPage else { return nil }
        guard let pages = book.pages, pages > 0 else { return "stopped at page \(page)" }
        return "stopped at page \(page) of \(pages) (\(min(100, page * 100 / pages))%)"
    }
}
