import ArgumentParser
import ShelfKit

/// The positions and durations typed on the command line: `--to 45%`, `--to "loc 3400"`,
/// `--to 3h20m` (or `3:20`), `--minutes 1h30`. ShelfKit parses them (``ReadingPosition``,
/// ``ReadingDuration``); this turns a refusal into the message of the option that took it.
enum PositionInput {
    /// The forms a position takes, for messages and help.
    static let positionForms = "a page (120), a percent (45%), a location (\"loc 3400\") or a time (3h20m, 3:20)"

    /// The position `text` of option `name` gives.
    /// - Throws: ``InvalidValue`` for a negative number, a percent above 100 or anything else.
    static func position(_ text: String, option name: String) throws -> ReadingPosition {
        if let number = Int(text), number < 0 { throw InvalidValue("\(name) must be 0 or more, got \(number)") }
        if text.hasSuffix("%"), let percent = Int(text.dropLast()), percent > 100 {
            throw InvalidValue("\(name) must be at most 100%, got \(text)")
        }
        guard let position = ReadingPosition(text) else { throw InvalidValue("\(name) takes \(positionForms), got \"\(text)\"") }
        return position
    }

    /// The minutes `text` of option `name` gives: `90`, `45m`, `1h`, `1h30`, `1:30`.
    /// - Throws: ``InvalidValue`` for a negative number or anything else.
    static func minutes(_ text: String, option name: String) throws -> Int {
        if let number = Int(text), number < 0 { throw InvalidValue("\(name) must be 0 or more, got \(number)") }
        guard let minutes = ReadingDuration.minutes(text) else {
            throw InvalidValue("\(name) takes minutes (90) or a length of time (1h30, 45m, 1:30), got \"\(text)\"")
        }
        return minutes
    }

    /// `position` and `other` in one unit with `position` before `other`: a `--to` before its `--from`.
    static func isBefore(_ position: ReadingPosition, _ other: ReadingPosition) -> Bool {
        position.unit == other.unit && position.value < other.value
    }

    /// The checks of a session's values given as options, which `log` and `session edit` share:
    /// each one readable, `--to` not before `--from`, `--pages` not negative.
    static func validate(from: PositionArgument?, to: PositionArgument?, pages: Int?, minutes: MinutesArgument?,
                         date: String?, at: String?) throws {
        let from = try from.map { try position($0.text, option: "--from") }
        let to = try to.map { try position($0.text, option: "--to") }
        if let pages, pages < 0 { throw InvalidValue("--pages must be 0 or more, got \(pages)") }
        _ = try minutes.map { try self.minutes($0.text, option: "--minutes") }
        if let from, let to, isBefore(to, from) { throw ValidationError("--to \(to) is before --from \(from)") }
        if let date, Day.parse(date, today: Day.today()) == nil {
            // Not a day at all: a usage error, as for `start --date` (exit 2).
            throw ValidationError("--date takes a day (\(Day.relativeForms)), got \"\(date)\"")
        }
        if let at, TimeOfDay(at) == nil { throw ValidationError("--at takes a time as HH:MM, 00:00 to 23:59, got \"\(at)\"") }
    }
}

/// The text of a `--to`/`--from` position as the parser takes it: what is no position at all
/// (`--to many`) is a usage error (exit 2); a negative number or a percent above 100 reaches
/// `validate()`, which refuses it with its own message (exit 1, ``PositionInput/position(_:option:)``).
struct PositionArgument: ExpressibleByArgument {
    let text: String

    init?(argument: String) {
        let number = argument.hasSuffix("%") ? String(argument.dropLast()) : argument
        guard ReadingPosition(argument) != nil || Int(number) != nil else { return nil }
        text = argument
    }
}

/// The text of a `--minutes`: `90`, `1h30`, `45m`, `1:30`; a negative number reaches `validate()`
/// (``PositionInput/minutes(_:option:)``), anything else is a usage error.
struct MinutesArgument: ExpressibleByArgument {
    let text: String

    init?(argument: String) {
        guard ReadingDuration.minutes(argument) != nil || Int(argument) != nil else { return nil }
        text = argument
    }
}
