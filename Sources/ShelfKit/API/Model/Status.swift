/// Where a book stands — the name of the top-level folder that holds it.
///
/// Statuses are names from `.shelf/config.yaml` rather than a closed enum, so a person can add
/// `paused` or rename `to-read` to `wishlist`; the defaults are provided as constants.
public struct Status: RawRepresentable, Sendable, Hashable, Codable, ExpressibleByStringLiteral,
    CustomStringConvertible {
    /// The folder name, e.g. `to-read`.
    public let rawValue: String

    /// Creates a status from its folder name.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Creates a status from its folder name.
    public init(_ name: String) { self.rawValue = name }

    public init(stringLiteral value: String) { self.rawValue = value }

    /// The folder name.
    package var name: String { rawValue }

    public var description: String { rawValue }

    /// Books not started yet; the first status of the default configuration.
    public static let toRead = Status("to-read")
    /// Books being read; moving a book here sets `started`.
    public static let reading = Status("reading")
    /// Books read to the end; moving a book here sets `finished`.
    public static let finished = Status("finished")
    /// Books put down for good.
    public static let abandoned = Status("abandoned")
}
