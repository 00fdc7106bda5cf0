/// Turning what a person typed into one book.
extension LibraryFiles {
    /// How far a reference got without reading any file.
    enum NameResolution {
        case found(BookLocation)
        /// Not settled by slug or path; `prefixMatches` are slugs starting with it.
        case needsTitles(prefixMatches: [BookLocation])
    }

    /// Tries the reference as a slug, then as a path; otherwise gathers the slugs it starts.
    func resolveByName(_ reference: String, in listing: some BookDirectory) throws(ShelfError) -> NameResolution {
        if !(try listing.locations(withSlug: reference)).isEmpty { return .found(try locate(BookID(reference), in: listing)) }
        let path = Self.bookPath(reference)
        if let slug = BookLocation(path: path, in: configuration)?.slug,
           let location = try listing.locations(withSlug: slug).first(where: { $0.path == path }) {
            return .found(location)
        }
        let prefix = reference.lowercased()
        return .needsTitles(prefixMatches: prefix.isEmpty ? [] : try listing.locations(withSlugPrefix: prefix))
    }



    /// Finishes resolving with titles: the one book with the best ``ReferenceRank`` wins; several
    /// sharing it are ambiguous; none gives slugs a few edits away.
    /// `titles` need only be those whose folded title contains ``titleNeedle(of:)``.
    func resolve(_ reference: String, prefixMatches: [BookLocation], titles: [BookTitle],
                 in listing: some BookDirectory) throws(ShelfError) -> BookLocation {
        let needle = Self.titleNeedle(of: reference)
        var ranks: [String: ReferenceRank] = [:]
        for location in prefixMatches { ranks[location.slug] = .slugPrefix }
        for book in titles {
            guard let rank = ReferenceRank.of(title: book.title, folded: needle) else { continue }
            ranks[book.id] = min(ranks[book.id] ?? rank, rank)
        }
        guard let best = ranks.values.min() else {
            throw .bookNotFound(reference: reference, closeMatches: Suggestions.closeMatches(to: reference, among: try listing.slugs(ofLengths: Suggestions.lengths(near: reference))))
        }
        let candidates = ranks.filter { $0.value == best }.map(\.key).sorted()
        if candidates.count == 1, let only = candidates.first {
            if let location = prefixMatches.first(where: { $0.slug == only }) { return location }
            return try locate(BookID(only), in: listing)
        }
        throw .ambiguousReference(reference: reference, candidates: candidates)
    }

    /// What a title must contain, folded, to be ranked for `reference`: the reference folded,
    /// without the spaces around it.
    static func titleNeedle(of reference: String) -> String {
        TextFolding.fold(String(reference.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed()))
    }
}

/// What finding a book by what a person typed asks of the library's book files: a walk
/// (``LibraryWalk``), or the index once watchman vouches for it (``IndexedBookFiles``), which
/// answers without making a location of each of 100,000 books.
protocol BookDirectory: Sendable {
    /// The book files with slug `slug`, in path order.
    func locations(withSlug slug: String) throws(ShelfError) -> [BookLocation]
    /// The book files whose slug, lowercased, starts with `prefix` (lowercased).
    func locations(withSlugPrefix prefix: String) throws(ShelfError) -> [BookLocation]
    /// At least every slug of a book file whose lowercased length in characters is within
    /// `lengths`, each once: the slugs a did-you-mean weighs (``Suggestions/lengths(near:)``).
    func slugs(ofLengths lengths: ClosedRange<Int>) throws(ShelfError) -> [String]
}

extension BookDirectory {
    /// Whether `slug`, lowercased, starts with `prefix`: lowercasing only the slugs that have
    /// capitals (or bytes past ASCII), as a library of 100,000 slugs rarely does.
    static func slug(_ slug: String, startsWith prefix: String) -> Bool {
        let plain = slug.utf8.allSatisfy { $0 < 0x80 && !(UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) }
        return plain ? slug.hasPrefix(prefix) : slug.lowercased().hasPrefix(prefix)
    }
}

extension LibraryWalk: BookDirectory {
    func locations(withSlugPrefix prefix: String) -> [BookLocation] {
        books.filter { Self.slug($0.slug, startsWith: prefix) }
    }

    func slugs(ofLengths lengths: ClosedRange<Int>) -> [String] { Array(slugs) }
}
