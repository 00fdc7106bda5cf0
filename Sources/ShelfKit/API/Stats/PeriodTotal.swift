/// Books and pages finished in a year or a month.
package struct PeriodTotal: Sendable, Hashable, Codable {
    /// `2025` for a year, `2025-03` for a month.
    package var period: String
    /// Books finished.
    package var books: Int
    /// Pages of those books, for the books whose page count is known.
    package var pages: Int

    /// Counts one more book of `pages` pages.
    mutating func add(_ pages: Int) {
        books += 1
        self.pages += pages
    }
}
