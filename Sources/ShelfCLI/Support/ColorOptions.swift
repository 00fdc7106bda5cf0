import ArgumentParser
import Foundation

/// When to colour output: `--color auto|always|never`.
enum ColorChoice: String, ExpressibleByArgument, CaseIterable, Sendable {
    /// Colour when standard output is a terminal.
    case auto
    /// Colour even into a pipe, for `less -R`.
    case always
    /// Never colour.
    case never
}

/// `--color`, shared by every command that colours what it prints.
struct ColorOptions: ParsableArguments {
    @Option(name: .customLong("color"),
            help: ArgumentHelp("When to colour: auto on a terminal, always (for less -R), never. Without it, NO_COLOR "
                               + "means never, FORCE_COLOR or CLICOLOR_FORCE always, else auto.",
                               valueName: "when"))
    var color: ColorChoice?

    /// Standard output as this command prints to it.
    func terminal() -> Terminal {
        Terminal.current(environment: ProcessInfo.processInfo.environment, color: color)
    }
}
