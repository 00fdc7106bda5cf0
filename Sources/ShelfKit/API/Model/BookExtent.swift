/// A book's length in each unit a reading position can be in: `pages`, `locations` (e-books) and
/// `duration` (audiobooks), as far as the book says.
///
/// It turns any ``ReadingPosition`` into a fraction of the book, and a fraction into a page, so
/// that figures stay in pages when a book's sessions mix units (`ReadingSession/inPages(of:)`).
package struct BookExtent: Sendable, Hashable {
    /// The page count.
    package var pages: Int?
    /// The number of e-reader locations.
    package var locations: Int?
    /// The length of the audiobook, in minutes.
    package var minutes: Int?

    /// Creates an extent.
    package init(pages: Int? = nil, locations: Int? = nil, minutes: Int? = nil) {
        self.pages = pages
        self.locations = locations
        self.minutes = minutes
    }

    /// The extent of `book`: its `pages`, `locations` and `duration`.
    package init(_ book: Book) {
        self.init(pages: book.pages, locations: book.locations, minutes: book.durationMinutes)
    }

    /// The total in `unit`, when the book gives one: 100 for a percent.
    package func total(in unit: ReadingPosition.Unit) -> Int? {
        switch unit {
        case .page: pages
        case .percent: 100
        case .location: locations
        case .time: minutes
        }
    }

    /// How far into the book `position` is, 0 to 1 and past 1 for a position past the end;
    /// `nil` when the book's total in its unit is unknown (or 0).
    package func fraction(_ position: ReadingPosition) -> Double? {
        guard let total = total(in: position.unit), total > 0 else { return nil }
        return Double(position.value) / Double(total)
    }

    /// `position` as a page: a page as it is, any other position as its fraction of the book times
    /// `pages`, rounded, and at least page 1 (0% is the first page); `nil` without `pages` or
    /// without the total of its unit.
    package func page(_ position: ReadingPosition) -> Int? {
        if case .page(let page) = position { return page }
        guard let pages, let fraction = fraction(position) else { return nil }
        return pages > 0 ? max(1, Int((fraction * Double(pages)).rounded())) : 0
    }

    /// The key of the book's total in `unit`: `pages`, `locations`, `duration`; `nil` for a percent.
    package static func key(of unit: ReadingPosition.Unit) -> String? {
        switch unit {
        case .page: "pages"
        case .percent: nil
        case .location: "locations"
        case .time: "duration"
        }
    }

    /// Whether `a` comes before `b` in the book: by value in one unit, else by fraction of the
    /// book, by more than 1% of it (a percent is rounded, and an e-reader's percent and a
    /// paper edition's page never match exactly); `nil` when the two cannot be compared (a unit
    /// whose total is unknown).
    package func isBefore(_ a: ReadingPosition, _ b: ReadingPosition) -> Bool? {
        if a.unit == b.unit { return a.value < b.value }
        guard let x = fraction(a), let y = fraction(b) else { return nil }
        return x < y - 0.01
    }
}
