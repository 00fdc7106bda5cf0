import ArgumentParser
import Foundation
import ShelfKit

/// `shelf stats`: what the library says about the reading.
struct StatsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stats",
        abstract: "Show reading statistics: books and pages per year and month, ratings, authors, pace, streak, goal.",
        discussion: """
            A book counts as finished while it is in the finished status and has a finished \
            date. With --year, the totals cover that year and the goal is that year's \
            (`goals: {2025: 30}` in .shelf/config.yaml, else `goal:`); the streak always counts \
            back from today. Filters work as in `shelf list`. --svg FILE \
            writes the chart as --output does for `shelf export`; --svg - writes it to standard \
            output instead of the statistics.

            Examples:
              shelf stats
              shelf stats --year 2025 --svg 2025.svg
              shelf stats --year 2025 --as-of 2025-12-31
              shelf stats --year 2025 --svg - | rsvg-convert -o 2025.png
              shelf stats --tag sci-fi --format json
            """
    )

    /// How `stats` prints.
    typealias Format = TextOrJSON

    @OptionGroup var library: LibraryOptions
    @OptionGroup var color: ColorOptions
    @OptionGroup var filter: BookFilterOptions

    @Option(parsing: .unconditional, help: "Only books finished and sessions in this year.")
    var year: Int?

    @Option(help: "text (with bar charts) or json.")
    var format: Format = .text

    @Option(help: ArgumentHelp("Also write the per-month chart as an SVG file (- for standard output, instead of the statistics).",
                               valueName: "file"), completion: .file(extensions: ["svg"]))
    var svg: String?

    @Option(help: ArgumentHelp("Count the streak and goal as of this day: YYYY-MM-DD, yesterday, 3d (default: today).",
                               valueName: "day"))
    var asOf: String?

    func validate() throws {
        if let asOf, Day.parse(asOf, today: Day.today()) == nil {
            throw InvalidValue("--as-of takes a day (\(Day.relativeForms)), got \"\(asOf)\"")
        }
        if let year, !(1...9999).contains(year) { throw InvalidValue("--year takes a year such as 2025, got \(year)") }
    }

    func run() async throws {
        let library = try library.open()
        let today = asOf.flatMap { Day.parse($0, today: Day.today()) } ?? Day.today()
        let stats = try await ReadingStats.compute(for: library, matching: try filter.query(today: today), year: year, today: today)
        switch (format, svg) {
        case (_, "-"): try StandardOutput.write(MonthChartSVG.render(stats))
        case (.json, _): try StandardOutput.write(StatsPrinter.json(stats))
        case (.text, _):
            let terminal = color.terminal()
            try StandardOutput.write(StatsPrinter(terminal: terminal).text(stats))
        }
        if let svg, svg != "-" {
            try ExportFile.write(MonthChartSVG.render(stats), to: svg)
            printError("shelf: wrote the chart for \(stats.chartYear) to \(svg)")
        }
        let problems = stats.problems
        if let first = problems.first.map(library.displayPaths.problem) {
            let others = problems.count > 1 ? " and \(problems.count - 1) more" : ""
            printError("shelf: warning: skipped \(first)\(others); run `shelf check` for details")
        }
    }
}
