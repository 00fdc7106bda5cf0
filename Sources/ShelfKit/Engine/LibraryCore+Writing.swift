/// Adding, editing, moving, deleting and restoring books.
extension LibraryCore {
    /// The trash, where deleted books wait to be restored.
    static var trash: String { ".shelf/trash" }

    // MARK: - Add

    /// Adds books, all or none.
    mutating func add(_ items: [(book: Book, status: Status, folder: String)]) throws(ShelfError) -> [Book] {
        let took = try lockForWriting()
        defer { unlockForWriting(took) }
        let listing = try listing()
        var taken = listing.locationsBySlug.mapValues { $0.map(\.path) }
        var planned: [(location: BookLocation, document: FrontMatterDocument)] = []
        for item in items {
            let folder = PathSafety.normalized(item.folder)
            try checkDestination(item.status, folder)
            var book = item.book
            let slug = PathSafety.normalized(book.id.isEmpty ? Slugifier.slug(for: book.title) : book.id.rawValue)
            try PathSafety.checkSlug(slug)
            let location = BookLocation(status: item.status, folder: folder, slug: slug)
            if let existing = taken[slug]?.first { throw .alreadyExists(path: existing) }
            if storage.kind(of: location.path) != nil { throw .alreadyExists(path: location.path) }
            if storage.kind(of: location.sessionFolder) != nil { throw .alreadyExists(path: location.sessionFolder) }
            book.added = book.added ?? today()
            try BookFormat.validate(book, path: location.path)
            planned.append((location, try BookFormat.newFile(book, path: location.path)))
            taken[slug] = [location.path]
        }
        let added = try planned.map { plan throws(ShelfError) in try BookFormat.book(from: plan.document, at: plan.location) }
        try perform(Journal(operation: Self.describe("add", planned.map(\.location.slug)),
                            detail: Self.summary(planned.map(\.location.path)),
                            steps: planned.map { JournalStep.create($0.location.path, $0.document.bytes) }))
        return added
    }

    // MARK: - Update

    /// Writes the changed keys of each book, all or none; files with no change are not touched.
    mutating func update(_ books: [Book]) throws(ShelfError) -> [Book] {
        let took = try lockForWriting()
        defer { unlockForWriting(took) }
        var order: [String] = []
        var pending: [String: (location: BookLocation, original: BookFile, document: FrontMatterDocument, book: Book)] = [:]
        // Each book is found from the path it was read from, not by a walk, so editing one book
        // costs the same in any library; `readForEditing` refuses a file changed since.
        var paths: [String] = []
        for book in books {
            let location = try locate(book)
            paths.append(location.path)
            if pending[location.path] == nil {
                let file = try readForEditing(location)
                pending[location.path] = (location, file, file.document, file.book)
                order.append(location.path)
            }
            guard let current = pending[location.path] else { continue }
            var new = book
            (new.id, new.status, new.folder, new.path) = (current.book.id, current.book.status, current.book.folder, current.book.path)
            try BookFormat.validate(new, path: location.path)
            if let edited = try BookFormat.edit(current.document, from: current.book, to: new) {
                pending[location.path]?.document = edited
                pending[location.path]?.book = try BookFormat.book(from: edited, at: location)
            }
        }
        let plans = order.compactMap { pending[$0] }.filter { $0.document.bytes != $0.original.document.bytes }
        try perform(Journal(operation: Self.describe("update", plans.map(\.location.slug)),
                            detail: Self.summary(plans.map(\.location.path)),
                            steps: plans.map { .replace($0.location.path, expecting: $0.original.stamp, with: $0.document.bytes) }))
        return try zip(books, paths).map { book, path throws(ShelfError) in
            guard let plan = pending[path] else { throw .bookNotFound(reference: book.id.rawValue, closeMatches: []) }
            return plan.book
        }
    }

    // MARK: - Move

    /// Moves a book and its sessions to another status or folder, setting `started` or
    /// `finished` when the book arrives in `reading` or `finished` without one.
    mutating func move(_ id: BookID, to status: Status, folder: String?) throws(ShelfError) -> Book {
        let took = try lockForWriting()
        defer { unlockForWriting(took) }
        let plan = try planMove(id, to: status, folder: folder, startedOn: nil)
        try perform(Journal(operation: "move of \(id)", detail: plan.detail, steps: plan.steps))
        if let moved = BookLocation(path: plan.book.path, statuses: configuration.statuses) { locations[id.rawValue] = moved }
        return plan.book
    }

    /// The steps that move a book: its file, its session folder, the folders left empty, then
    /// the `started` or `finished` date written into the file at its new place.
    private mutating func planMove(_ id: BookID, to status: Status, folder: String?,
                                   startedOn: Day?) throws(ShelfError) -> (steps: [JournalStep], book: Book, detail: String) {
        // The slug does not change, so a move cannot make a duplicate; the destination is
        // checked to be free as each step is made.
        let source = try locate(id)
        let file = try readForEditing(source)
        let destination = BookLocation(status: status, folder: folder.map(PathSafety.normalized) ?? source.folder, slug: source.slug)
        try checkDestination(destination.status, destination.folder)
        if destination.path.hasPrefix(source.sessionFolder + "/") {
            throw .unsafeName(name: destination.folder, reason: "that is inside the book's own session folder")
        }
        var book = file.book
        if status == .reading, book.started == nil { book.started = startedOn ?? today() }
        if status == .finished, book.finished == nil { book.finished = today() }
        let edited = try BookFormat.edit(file.document, from: file.book, to: book)
        var steps: [JournalStep] = []
        if destination != source {
            steps.append(.move(from: source.path, to: destination.path))
            if storage.isDirectory(source.sessionFolder) {
                steps.append(.move(from: source.sessionFolder, to: destination.sessionFolder))
            }
            steps.append(.removeEmptyFolders(from: source.directory, stoppingAt: source.status.name))
        }
        if let edited { steps.append(.replace(destination.path, expecting: file.stamp, with: edited.bytes)) }
        let moved = try BookFormat.book(from: edited ?? file.document, at: destination)
        return (steps, moved, source.path + " → " + destination.path)
    }

    // MARK: - Delete and restore

    /// Moves books and their sessions to `.shelf/trash/<today>/<original path>`, all or none.
    mutating func delete(_ ids: [BookID]) throws(ShelfError) -> [Book] {
        let took = try lockForWriting()
        defer { unlockForWriting(took) }
        let listing = try listing()
        var files: [(location: BookLocation, book: Book)] = []
        for id in ids {
            let location = try locate(id, in: listing)
            files.append((location, try readForEditing(location).book))
        }
        var steps: [JournalStep] = []
        var trashed: [String] = []
        for (location, _) in files {
            let folder = trashFolder(for: location)
            steps.append(.move(from: location.path, to: folder + "/" + location.path))
            if storage.isDirectory(location.sessionFolder) {
                steps.append(.move(from: location.sessionFolder, to: folder + "/" + location.sessionFolder))
            }
            steps.append(.removeEmptyFolders(from: location.directory, stoppingAt: location.status.name))
            trashed.append(folder + "/" + location.path)
        }
        try perform(Journal(operation: Self.describe("delete", files.map(\.location.slug)),
                            detail: Self.summary(files.map(\.location.path)), steps: steps))
        for path in trashed { stamps[path] = nil }
        for (location, _) in files { locations[location.slug] = nil }
        return files.map(\.book)
    }

    /// Today's trash folder, or `<today>-2`, `-3`… when the same path was already deleted today.
    private func trashFolder(for location: BookLocation) -> String {
        let day = today().description
        var sequence = 1
        while true {
            let folder = Self.trash + "/" + (sequence == 1 ? day : "\(day)-\(sequence)")
            if storage.kind(of: folder + "/" + location.path) == nil,
               storage.kind(of: folder + "/" + location.sessionFolder) == nil {
                return folder
            }
            sequence += 1
        }
    }

    /// Puts the most recently deleted book with `id` back where it was.
    mutating func restore(_ id: BookID) throws(ShelfError) -> Book {
        let took = try lockForWriting()
        defer { unlockForWriting(took) }
        let folders = try storage.entries(in: Self.trash).filter { $0.kind == .directory }.map(\.name)
            .sorted { Self.trashOrder($0) > Self.trashOrder($1) }
        for name in folders {
            let base = Self.trash + "/" + name
            let trashed = try LibraryListing.walk(storage, base: base, statuses: configuration.statuses, includeSessions: false)
            guard let location = trashed.locationsBySlug[id.rawValue]?.first else { continue }
            let current = try listing()
            if let existing = current.locationsBySlug[id.rawValue]?.first { throw .restoreBlocked(id, existingPath: existing.path) }
            try checkDestination(location.status, location.folder)
            var steps: [JournalStep] = [.move(from: base + "/" + location.path, to: location.path)]
            if storage.isDirectory(base + "/" + location.sessionFolder) {
                steps.append(.move(from: base + "/" + location.sessionFolder, to: location.sessionFolder))
            }
            steps.append(.removeEmptyFolders(from: Self.parent(of: base + "/" + location.path), stoppingAt: Self.trash))
            try perform(Journal(operation: "restore of \(id)", detail: base + "/" + location.path + " → " + location.path,
                                steps: steps))
            return try read(location).book
        }
        throw .notInTrash(id)
    }

    /// `2024-03-01-2` after `2024-03-01`, which a plain string comparison gets right only up to -9.
    private static func trashOrder(_ name: String) -> (String, Int) {
        (String(name.prefix(10)), SessionFileName(name + ".md")?.sequence ?? 1)
    }

    // MARK: - Sessions

    /// Writes a session file with the next free name for its day, moving a book that is still
    /// in the first status to `reading` first.
    mutating func log(_ session: ReadingSession, for id: BookID) throws(ShelfError) -> ReadingSession {
        let took = try lockForWriting()
        defer { unlockForWriting(took) }
        var location = try locate(id)
        let book = try read(location).book
        var session = session
        let existing = try sessions(of: location)
        let progress = existing.filter { $0.day <= session.day }.compactMap(\.to).max()
        // A first session read from page 1, as the example library and most people write it.
        if session.from == nil, session.pages == nil, session.to != nil { session.from = progress ?? 1 }
        if let to = session.to, let progress, to < progress {
            throw .sessionPageBelowProgress(bookID: id, page: to, progress: progress)
        }
        let sequence = (existing.filter { $0.day == session.day }.map(\.sequence).max() ?? 0) + 1
        let name = SessionFileName(day: session.day, sequence: sequence)
        try SessionFormat.validate(session, path: location.sessionFolder + "/" + name.name)
        let statuses = configuration.statuses
        let target = statuses.contains(.reading) ? Status.reading : statuses.dropFirst().first
        let moves = book.status == statuses.first && target != nil
        var steps: [JournalStep] = []
        if moves, let target {
            steps = try planMove(id, to: target, folder: nil, startedOn: session.day).steps
            location.status = target
        }
        let path = location.sessionFolder + "/" + name.name
        let document = try SessionFormat.newFile(session, path: path)
        steps.append(.create(path, document.bytes))
        try perform(Journal(operation: "log of a session of \(id)", detail: path, steps: steps))
        locations[id.rawValue] = location
        let (written, _) = SessionFormat.read(document, bookID: id, name: name)
        return written
    }

    // MARK: - Journal notes

    /// `add of dune`, or `update of 200 books`.
    private static func describe(_ operation: String, _ slugs: [String]) -> String {
        slugs.count == 1 ? "\(operation) of \(slugs[0])" : "\(operation) of \(slugs.count) books"
    }

    /// The paths an operation changes, the first three by name.
    private static func summary(_ paths: [String]) -> String {
        paths.count <= 3 ? paths.joined(separator: ", ") : paths.prefix(3).joined(separator: ", ") + " and \(paths.count - 3) more"
    }
}
