#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What the process is writing to: a person at a terminal, or a pipe or file.
///
/// Colour and tables sized to the window are for people; a pipe gets plain text, and
/// `NO_COLOR` (https://no-color.org) turns colour off everywhere.
public struct Terminal: Sendable {
    /// Whether standard output is a terminal.
    public var isInteractive: Bool
    /// Whether to write ANSI colour codes.
    public var usesColor: Bool
    /// The width in columns, when known.
    public var width: Int?

    /// Reads the state of standard output and the environment.
    public static func current(environment: [String: String], colorOption: Bool? = nil) -> Terminal {
        let interactive = isatty(STDOUT_FILENO) == 1
        let noColor = environment["NO_COLOR"].map { !$0.isEmpty } ?? false
        let usesColor = colorOption ?? (interactive && !noColor && environment["TERM"] != "dumb")
        return Terminal(isInteractive: interactive, usesColor: usesColor, width: interactive ? columns(environment) : nil)
    }

    /// Whether standard error is a terminal, for progress output.
    public static var standardErrorIsInteractive: Bool { isatty(STDERR_FILENO) == 1 }

    private static func columns(_ environment: [String: String]) -> Int? {
        var size = winsize()
        if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
        return environment["COLUMNS"].flatMap(Int.init)
    }

    /// `text` in a colour, or unchanged when colour is off.
    public func paint(_ text: String, _ color: Color) -> String {
        usesColor ? "\u{1B}[\(color.rawValue)m\(text)\u{1B}[0m" : text
    }

    /// ANSI colours shelf uses.
    public enum Color: String, Sendable {
        case bold = "1"
        case dim = "2"
        case red = "31"
        case green = "32"
        case yellow = "33"
        case blue = "34"
        case cyan = "36"
    }
}
