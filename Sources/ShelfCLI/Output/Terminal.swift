#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What the process is writing to: a person at a terminal, or a pipe or file.
///
/// Colour and tables sized to the window are for people; a pipe gets plain text. Colour follows
/// `--color` when given, else `NO_COLOR` (https://no-color.org) turns it off, else `FORCE_COLOR`
/// or `CLICOLOR_FORCE` (set and not `0`) turn it on, else it is on for a terminal.
struct Terminal: Sendable {
    /// Whether standard output is a terminal.
    var isInteractive: Bool
    /// Whether to write ANSI colour codes.
    var usesColor: Bool
    /// The width in columns, when known: `COLUMNS`, else the terminal's; unknown (no limit)
    /// for a pipe or file without `COLUMNS`.
    var width: Int?

    /// Reads the state of standard output and the environment.
    /// - Parameters:
    ///   - environment: The process environment, for `NO_COLOR`, `FORCE_COLOR`, `CLICOLOR_FORCE`,
    ///     `TERM` and `COLUMNS`.
    ///   - color: What `--color` said, when it was given; it wins over the environment.
    static func current(environment: [String: String], color: ColorChoice? = nil) -> Terminal {
        let interactive = isatty(STDOUT_FILENO) == 1
        return Terminal(isInteractive: interactive,
                        usesColor: usesColor(color, interactive: interactive, environment: environment),
                        width: columns(environment, interactive: interactive))
    }

    /// Whether to colour, by `--color`, then the environment, then whether output is a terminal.
    static func usesColor(_ choice: ColorChoice?, interactive: Bool, environment: [String: String]) -> Bool {
        func isSet(_ name: String) -> Bool { environment[name].map { !$0.isEmpty } ?? false }
        let auto = interactive && environment["TERM"] != "dumb"
        switch choice {
        case .always?: return true
        case .never?: return false
        case .auto?: return auto
        case nil:
            if isSet("NO_COLOR") { return false }
            if ["FORCE_COLOR", "CLICOLOR_FORCE"].contains(where: { isSet($0) && environment[$0] != "0" }) { return true }
            return auto
        }
    }

    /// Whether standard error is a terminal, for progress output.
    static var standardErrorIsInteractive: Bool { isatty(STDERR_FILENO) == 1 }

    /// `COLUMNS` when it is a positive number, else the terminal's width when writing to one.
    static func columns(_ environment: [String: String], interactive: Bool) -> Int? {
        if let columns = environment["COLUMNS"].flatMap(Int.init), columns > 0 { return columns }
        guard interactive else { return nil }
        return windowColumns()
    }

    /// The width of the terminal standard output is, as it is now (after any resize); `nil`
    /// when it is not a terminal. A full-screen view reads this rather than `COLUMNS`, which an
    /// exported shell variable can leave stale.
    static func windowColumns() -> Int? {
        var size = winsize()
        if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
        return nil
    }

    /// `text` in a colour, or unchanged when colour is off.
    func paint(_ text: String, _ color: Color) -> String {
        usesColor ? "\u{1B}[\(color.rawValue)m\(text)\u{1B}[0m" : text
    }

    /// ANSI colours shelf uses.
    enum Color: String, Sendable {
        case bold = "1"
        case dim = "2"
        case red = "31"
        case green = "32"
        case yellow = "33"
        case blue = "34"
        case cyan = "36"
    }
}
