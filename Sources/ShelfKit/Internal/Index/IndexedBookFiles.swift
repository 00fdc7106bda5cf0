/// The book files as the index holds them, once watchman has vouched that a walk would find
/// the same (``IndexedReads/currentBookFiles(_:)``): what finding a book by what a person typed
/// asks, answered with a query each, without a location made of every book.
struct IndexedBookFiles: BookDirectory {
    private let index: LibraryIndex
    private let configuration: LibraryConfiguration

    init(index: LibraryIndex, configuration: LibraryConfiguration) throws(ShelfError) {
        self.index = index
        self.configuration = configuration
    }

    func locations(withSlug slug: String) throws(ShelfError) -> [BookLocation] {
        try index.paths(named: slug).compactMap { BookLocation(path: $0, in: configuration) }.filter { $0.slug == slug }
    }

    func locations(withSlugPrefix prefix: String) throws(ShelfError) -> [BookLocation] {
        var found: [BookLocation] = []
        let slugs = try index.bookFileSlugs(startingWith: prefix) { BookLocation(path: $0, in: configuration)?.slug }
        for slug in slugs.sorted() where Self.slug(slug, startsWith: prefix) { found += try locations(withSlug: slug) }
        return found
    }

    func slugs(ofLengths lengths: ClosedRange<Int>) throws(ShelfError) -> [String] {
        try index.bookFileSlugs(ofLengths: lengths) { BookLocation(path: $0, in: configuration)?.slug }
    }
}
