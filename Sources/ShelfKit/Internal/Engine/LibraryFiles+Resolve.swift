/// Turning what a person typed into one book.
extension LibraryFiles {
    /// How far a reference got without reading any file.
    enum NameResolution {
        case found(BookLocation)
        /// Not settled by slug, path or prefix; `prefixMatches` are slugs starting with it.
        case needsTitles(prefixMatches: [BookLocation])
    }

    /// Tries the reference as a slug, a path, then a slug prefix.
    func resolveByName(_ reference: String, in listing: LibraryWalk) throws(ShelfError) -> NameResolution {
        if !listing.locations(withSlug: reference).isEmpty { return .found(try locate(BookID(reference), in: listing)) }
        let path = Self.bookPath(reference)
        if let location = listing.books.first(where: { $0.path == path }) { return .found(location) }
        let prefix = reference.lowercased()
        let prefixMatches = prefix.isEmpty ? [] : listing.books.filter { $0.slug.lowercased().hasPrefix(prefix) }
        if prefixMatches.count == 1, let only = prefixMatches.first { return .found(only) }
        return .needsTitles(prefixMatches: prefixMatches)
    }

    /// Finishes resolving with titles: one title containing the reference wins; several
    /// candidates are ambiguous; none gives slugs a few edits away.
    func resolve(_ reference: String, prefixMatches: [BookLocation], books: [Book],
                 in listing: LibraryWalk) throws(ShelfError) -> BookLocation {
        let needle = TextFolding.fold(String(reference.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed()))
        let titleMatches = needle.isEmpty ? [] : books.filter { TextFolding.contains($0.title, folded: needle) }
        if prefixMatches.isEmpty, titleMatches.count == 1, let only = titleMatches.first {
            return try locate(only.id, in: listing)
        }
        let candidates = Set(prefixMatches.map(\.slug) + titleMatches.map(\.id.rawValue)).sorted()
        if !candidates.isEmpty { throw .ambiguousReference(reference: reference, candidates: candidates) }
        throw .bookNotFound(reference: reference, closeMatches: Suggestions.closeMatches(to: reference, among: listing.slugs))
    }
}
