/// Progress toward the yearly goal set as `goal:` in `.shelf/config.yaml`.
package struct GoalProgress: Sendable, Hashable, Codable {
    /// The year.
    package var year: Int
    /// Books to finish in the year.
    package var goal: Int
    /// Books finished in the year.
    package var finished: Int
    /// `finished` as a percentage of `goal`, rounded down.
    package var percent: Int
    /// How many books would be finished by today at an even pace; only for the current year.
    package var expectedByToday: Int?

    /// How many of `goal` books an even pace finishes in `today`'s year by the end of `today`.
    static func expected(goal: Int, byTheEndOf today: Day) -> Int {
        guard let first = Day(year: today.year, month: 1, day: 1), let next = Day(year: today.year + 1, month: 1, day: 1) else {
            return 0
        }
        return goal * (first.days(until: today) + 1) / max(1, first.days(until: next))
    }
}
