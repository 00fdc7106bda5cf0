/// Renaming a book: a new slug for its file and its session folder, in one journal.
extension LibraryFiles {
    /// Renames the book `id` to `slug` where it is, with its session folder, keeping every byte
    /// of both; a rename to the slug it has changes nothing.
    /// - Throws: ``ShelfError/unsafeName(name:reason:)`` for a slug that cannot name a file,
    ///   ``ShelfError/alreadyExists(path:)`` for a slug another book has (in any status, also
    ///   differing only in case, as macOS and Windows compare names) or a path already taken.
    mutating func rename(_ id: BookID, to slug: BookID) throws(ShelfError) -> Book {
        // The running session is filed under the slug, and would be left without its book.
        if let running = try liveSession(), running.bookID == id { throw .liveSessionRunning(id, started: running.started) }
        var plan = WritePlan()
        let renamed = try planRename(id, to: slug.rawValue, into: &plan)
        try perform(plan, operation: "rename", of: id)
        remember(plan)
        if renamed.id != id { locations[id.rawValue] = nil }
        return renamed
    }

    /// Plans the rename of ``rename(_:to:)``.
    /// - Returns: The book as it ends.
    mutating func planRename(_ id: BookID, to newSlug: String, into plan: inout WritePlan) throws(ShelfError) -> Book {
        let slug = PathSafety.normalized(newSlug)
        try PathSafety.checkSlug(slug)
        let key = try planKey(plan.addition(id), checkingStamp: false, orLocate: { core throws(ShelfError) in try core.locate(id) },
                              in: &plan)
        guard var entry = plan.entries[key] else { throw .bookNotFound(reference: id.rawValue, closeMatches: []) }
        let current = entry.destination
        guard slug != current.slug else { return entry.book }
        let listing = try listing()
        let folded = slug.lowercased()
        if let taken = listing.locations(withSlug: slug).first
            ?? listing.slugs.first(where: { $0 != current.slug && $0.lowercased() == folded }).flatMap({ listing.locations(withSlug: $0).first }) {
            throw .alreadyExists(path: taken.path)
        }
        if current.isBundle {
            throw .unsafeName(name: slug, reason: "\(current.path) is a page bundle, named by its folder; rename that folder by hand")
        }
        let destination = BookLocation(status: current.status, folder: current.folder, slug: slug, notes: current.notes)
        // A case-only rename finds its own file on a file system that ignores case.
        if slug.lowercased() != current.slug.lowercased() {
            if storage.kind(of: destination.path) != nil { throw .alreadyExists(path: destination.path) }
            if storage.kind(of: destination.sessionFolder) != nil { throw .alreadyExists(path: destination.sessionFolder) }
        }
        entry.destination = destination
        entry.book = try BookFormat.book(from: entry.document, at: destination)
        if let source = entry.source { entry.movesSessions = storage.isDirectory(source.sessionFolder) }
        plan.update(entry, at: key)
        return plan.entries[key]?.book ?? entry.book
    }
}
