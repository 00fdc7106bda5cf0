import ShelfKit

/// The services whose exports ``LibraryImporter`` reads. Each case names its service (a
/// `ReadingService`, in `Internal/Import/Services/`), which says all the import knows of it.
public enum ImportFormat: String, Sendable, CaseIterable, CustomStringConvertible {
    /// Goodreads' "Export Library" CSV, in its 24- and 31-column forms.
    case goodreads
    /// The StoryGraph's export CSV.
    case storygraph

    /// The service's name as people write it.
    public var description: String { service.name }

    /// The column of the export that holds a row's read status: `Exclusive Shelf`.
    public var statusColumn: String { service.statusColumn }
}

extension ImportFormat {
    /// The service whose export this is: a new service is its conformer, its case above and
    /// this line.
    var service: any ReadingService {
        switch self {
        case .goodreads: GoodreadsService()
        case .storygraph: StoryGraphService()
        }
    }
}
