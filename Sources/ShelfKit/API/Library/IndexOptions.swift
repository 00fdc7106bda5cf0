/// Whether a ``FileLibrary`` keeps its index, `.shelf/index.sqlite`.
///
/// The index is a cache of what the files say, refreshed before every read; the files stay the
/// only truth. Without it every read parses the files (`shelf --no-index`), with the same answers.
public struct IndexOptions: Sendable, Hashable {
    /// Whether reads go through the index.
    public var isEnabled: Bool

    /// Creates options.
    public init(isEnabled: Bool) {
        self.isEnabled = isEnabled
    }

    /// Reads through the index, created when missing and rebuilt when unusable.
    public static let enabled = IndexOptions(isEnabled: true)
    /// Reads the files directly; the index is neither read nor written.
    public static let disabled = IndexOptions(isEnabled: false)

    /// Where the index lives, relative to the library root.
    public static let path = ".shelf/index.sqlite"
}
