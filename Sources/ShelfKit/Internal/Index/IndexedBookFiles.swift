/// The book files as the index holds them, once watchman has vouched that a walk would find
/// the same (``IndexedReads/currentBookFiles(_:)``): what finding a book by what a person typed
/// asks, answered with a query each, without a location made of every book.
struct IndexedBookFiles: BookDirectory {
    private let index: LibraryIndex
    private let configuration: LibraryConfiguration
    /// Every slug, read once: a prefix and a did-you-mean both look through them.
    private let slugs: [String]

    init(index: LibraryIndex, configuration: LibraryConfiguration) throws(ShelfError) {
        self.index = index
        self.configuration = configuration
        slugs = try index.bookFileSlugs { BookLocation(path: $0, in: configuration)?.slug }
    }

    func locations(withSlug slug: String) throws(ShelfError) -> [BookLocation] {
        try index.paths(named: slug).compactMap { BookLocation(path: $0, in: configuration) }.filter { $0.slug == slug }
    }

    func locations(withSlugPrefix prefix: String) throws(ShelfError) -> [BookLocation] {
        var found: [BookLocation] = []
        for slug in slugs where Self.slug(slug, startsWith: prefix) { found += try locations(withSlug: slug) }
        return found
    }

    func everySlug() -> [String] { slugs }
}
