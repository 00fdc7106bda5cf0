import ArgumentParser
import ShelfKit

/// `shelf today`: the day (or week, or month) at a glance.
struct TodayCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "today",
        abstract: "Show the day at a glance: what you read, the streak, and whether the year's goal is on pace.",
        discussion: """
            Per book, the pages and minutes of today's sessions (--week: since Monday, --month: \
            since the 1st), the totals, the days in a row with a session (ending today, or \
            yesterday when today has none yet), and with a goal in .shelf/config.yaml (`goal: 24` \
            or `goals: {2026: 24}`) the books finished against an even pace and the pages a day \
            that would keep the goal: the books still needed times a typical book (the mean of \
            this year's finished books with pages, else of the library's) over the days left.

            Examples:
              shelf today
              shelf today --week
              shelf today --month --format json
            """
    )

    /// How `today` prints.
    typealias Format = TextOrJSON

    @OptionGroup var library: LibraryOptions
    @OptionGroup var color: ColorOptions

    @Flag(help: "This week, from Monday, instead of today.")
    var week = false

    @Flag(help: "This month, from the 1st, instead of today.")
    var month = false

    @Option(help: "text or json.")
    var format: Format = .text

    func validate() throws {
        if week && month { throw ValidationError("--week and --month cannot be used together") }
    }

    func run() async throws {
        let library = try library.open()
        let period: ReadingPeriod = week ? .week : month ? .month : .day
        let summary = try await ReadingPeriodSummary.compute(for: library, period: period, today: Day.today())
        switch format {
        case .json: try StandardOutput.writeLine(ReadingPeriodPrinter.json(summary).text(.pretty))
        case .text: try StandardOutput.write(ReadingPeriodPrinter(terminal: color.terminal()).text(summary))
        }
        LibraryWarning.print(summary.problems, paths: library.displayPaths)
    }
}
