/// One reading of a book from StoryGraph's `Dates Read`: when it started, when it ended; a
/// read already in the book's `reads` (``BookRead``) also keeps when it stopped and its rating.
struct ReadRange: Sendable, Hashable {
    var started: Day?
    var finished: Day?
    var stopped: Day?
    var stoppedPage: Int?
    var rating: Double?

    /// `{started: 2025-01-01, finished: 2025-01-03}`, as kept in a book's `reads` key.
    var yamlValue: YAMLValue {
        BookRead(started: started, finished: finished, stopped: stopped, stoppedPage: stoppedPage, rating: rating).yamlValue
    }
}

extension Day {
    /// The earliest day, for sorting things without one first.
    static let distantPast = Day(year: 1, month: 1, day: 1) ?? Day.today()
}
