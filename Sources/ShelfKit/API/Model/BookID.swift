/// A book's identity: its slug, the file name without `.md`, unique in the library.
///
/// The slug is what a person types (`shelf show dune`) and what sessions hang off
/// (`dune/2024-01-02.md`), so it is the id rather than a generated number.
public struct BookID: RawRepresentable, Sendable, Hashable, Comparable, Codable,
    ExpressibleByStringLiteral, CustomStringConvertible {
    /// The slug.
    public let rawValue: String

    /// Creates an id from a slug. An empty id asks ``LibraryWriting/add(_:to:in:)`` to derive one.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Creates an id from a slug.
    public init(_ slug: String) { self.rawValue = slug }

    public init(stringLiteral value: String) { self.rawValue = value }

    /// The id a book file's path names: `finished/sci-fi/dune.md` → `dune`; `nil` for a path
    /// whose last component is not a book file name (`<slug>.md`, not hidden).
    package init?(bookPath path: String) {
        guard let slug = LibraryWalk.slug(ofBookFile: Path.name(of: path)) else { return nil }
        self.init(slug)
    }

    /// Whether the id is empty, which `add` reads as "derive it from the title".
    package var isEmpty: Bool { rawValue.isEmpty }

    public var description: String { rawValue }

    public static func < (lhs: BookID, rhs: BookID) -> Bool { lhs.rawValue < rhs.rawValue }
}
