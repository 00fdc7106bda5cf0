/// One reading of a book from StoryGraph's `Dates Read`: when it started, when it ended.
struct ReadRange: Sendable, Hashable {
    var started: Day?
    var finished: Day?

    /// `{started: 2025-01-01, finished: 2025-01-03}`, as kept in a book's `reads` key.
    var yamlValue: YAMLValue {
        var entries: [YAMLValue.Entry] = []
        if let started { entries.append(.init("started", .day(started))) }
        if let finished { entries.append(.init("finished", .day(finished))) }
        return .mapping(entries)
    }
}

extension Day {
    /// The earliest day, for sorting things without one first.
    static let distantPast = Day(year: 1, month: 1, day: 1) ?? Day.today()
}
