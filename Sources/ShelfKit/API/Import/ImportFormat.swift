/// The services whose exports ``LibraryImporter`` reads.
public enum ImportFormat: String, Sendable, CaseIterable, CustomStringConvertible {
    /// Goodreads' "Export Library" CSV, in its 24- and 31-column forms.
    case goodreads
    /// The StoryGraph's export CSV.
    case storygraph

    /// The service's name as people write it.
    public var description: String {
        switch self {
        case .goodreads: "Goodreads"
        case .storygraph: "StoryGraph"
        }
    }
}
