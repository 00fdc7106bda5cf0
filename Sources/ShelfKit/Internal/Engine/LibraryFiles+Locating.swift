/// Finding one book without walking the library, so a write to one book costs the same in a
/// library of 100 books or 100,000.
///
/// Each shortcut is checked on disk and falls back to the walk when it cannot be trusted: a
/// walk is always right, a shortcut only saves time.
extension LibraryFiles {
    /// The book with slug `id`: where this library last found it while its file is still a book
    /// there, else found by walking the library (which also refuses a duplicate slug).
    ///
    /// A copy of the book made behind the library's back after it was found is not noticed here;
    /// `shelf check` and every listing report it.
    mutating func locate(_ id: BookID) throws(ShelfError) -> BookLocation {
        if let known = locations[id.rawValue], known.slug == id.rawValue, isBook(known) { return known }
        let location = try locate(id, in: try listing())
        locations[id.rawValue] = location
        return location
    }

    /// Where `book` is: the file it was read from when that is still the book's file, else found
    /// by its id. Whether the file still holds what was read is checked when it is written.
    mutating func locate(_ book: Book) throws(ShelfError) -> BookLocation {
        if let location = BookLocation(path: book.path, in: configuration),
           location.slug == book.id.rawValue, isBook(location) {
            return location
        }
        return try locate(book.id)
    }

    /// Whether a walk would list `location` as a book: a regular file whose folders are neither
    /// hidden nor a book's session folder. A slug shaped like a session file name is left to the
    /// walk, which tells a folder of sessions from a folder of books by all of its files.
    func isBook(_ location: BookLocation) -> Bool {
        if let notes = location.notes {
            return !location.slug.isEmpty && !location.slug.hasPrefix(".")
                && (location.isBundle || !NoteLayout.isSkipped(fileName: location.fileName))
                && storage.kind(of: location.path) == .file && location.status == notes.root
                && !location.folder.split(separator: "/").contains { $0.hasPrefix(".") }
        }
        guard configuration.statuses.contains(location.status), !location.slug.isEmpty,
              !location.slug.hasPrefix("."), SessionFileName(location.slug + ".md") == nil,
              storage.kind(of: location.path) == .file else { return false }
        var directory = location.status.name
        for component in location.folder.split(separator: "/", omittingEmptySubsequences: false) where !location.folder.isEmpty {
            if component.isEmpty || component.hasPrefix(".") || storage.isFile(BookLocation.bookPath(ofSessionFolder: directory + "/" + component)) {
                return false
            }
            directory += "/" + component
        }
        return true
    }

    /// The slug a reference names if it is a slug or a book path (`finished/dune.md`), to look
    /// up in the index before ``resolveWithoutWalking(_:indexed:)``.
    func slug(named reference: String) -> String? {
        guard reference.contains("/") else { return reference.isEmpty ? nil : reference }
        return BookLocation(path: Self.bookPath(reference), in: configuration)?.slug
    }

    /// The book a reference names exactly, found without a walk, or `nil` when only a walk can
    /// tell (the walk gives the same answer, and the errors for references that name no book).
    ///
    /// - Parameter indexed: The files named `<slug>.md` for ``slug(named:)`` that the index held
    ///   at its last refresh, or `nil` without an index. A slug or path is taken only when the
    ///   index knew exactly one file by that name and it is that book on disk: the index cannot
    ///   know of a copy made since its last refresh, but without it nothing short of a walk proves
    ///   a slug unique, and a duplicate must be refused as the walk refuses it.
    mutating func resolveWithoutWalking(_ reference: String, indexed: [String]?) -> BookLocation? {
        guard let slug = slug(named: reference), let indexed, indexed.count == 1, let path = indexed.first,
              let location = BookLocation(path: path, in: configuration), location.slug == slug,
              !reference.contains("/") || Self.bookPath(reference) == path, isBook(location) else { return nil }
        locations[slug] = location
        return location
    }

    /// A path reference as the library-relative path of a book file: `./finished/dune` →
    /// `finished/dune.md`, as ``resolveByName(_:in:)`` reads it.
    static func bookPath(_ reference: String) -> String {
        var path = reference
        while path.hasPrefix("./") { path.removeFirst(2) }
        if !path.hasSuffix(".md") { path += ".md" }
        return path
    }
}
