/// Progress toward the yearly goal set as `goal:` in `.shelf/config.yaml`.
public struct GoalProgress: Sendable, Hashable, Codable {
    /// The year.
    public var year: Int
    /// Books to finish in the year.
    public var goal: Int
    /// Books finished in the year.
    public var finished: Int
    /// `finished` as a percentage of `goal`, rounded down.
    public var percent: Int
    /// How many books would be finished by today at an even pace; only for the current year.
    public var expectedByToday: Int?

    /// Creates a progress report.
    public init(year: Int, goal: Int, finished: Int, percent: Int, expectedByToday: Int?) {
        self.year = year
        self.goal = goal
        self.finished = finished
        self.percent = percent
        self.expectedByToday = expectedByToday
    }
}
