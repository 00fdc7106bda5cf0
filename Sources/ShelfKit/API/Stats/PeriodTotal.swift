/// Books and pages finished in a year or a month.
public struct PeriodTotal: Sendable, Hashable, Codable {
    /// `2025` for a year, `2025-03` for a month.
    public var period: String
    /// Books finished.
    public var books: Int
    /// Pages of those books, for the books whose page count is known.
    public var pages: Int

    /// Creates a total.
    public init(period: String, books: Int, pages: Int) {
        self.period = period
        self.books = books
        self.pages = pages
    }
}
