import ArgumentParser
import ShelfKit

/// `--date DAY` of `start` and `finish`: the day the date the move sets takes, written as
/// everywhere else a day is taken (`2026-11-20`, `yesterday`, `3d`).
struct DayOption: ParsableArguments {
    @Option(help: ArgumentHelp("The day it happened: YYYY-MM-DD, today, yesterday, 3d, 2w or last-monday (default: today).",
                               valueName: "day"))
    var date: String?

    func validate() throws {
        if let date, Day.parse(date, today: Day.today()) == nil {
            throw ValidationError("--date takes a day (\(Day.relativeForms)), got \"\(date)\"")
        }
    }

    /// The day given, `nil` for today.
    var day: Day? { date.flatMap { Day.parse($0, today: Day.today()) } }
}
