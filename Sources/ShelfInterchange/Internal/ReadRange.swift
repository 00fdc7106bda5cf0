import ShelfKit

/// One reading of a book as an import sees it (StoryGraph's `Dates Read`, a Goodreads read):
/// the same value as an item of a book's `reads`, so the two are one format.
typealias ReadRange = BookRead

extension Day {
    /// The earliest day, for sorting things without one first.
    static let distantPast = Day(year: 1, month: 1, day: 1) ?? Day.today()
}
