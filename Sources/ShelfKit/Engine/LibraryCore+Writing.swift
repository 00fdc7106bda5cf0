/// Adding, editing, moving, deleting and restoring books.
extension LibraryCore {
    /// The trash, where deleted books wait to be restored.
    static var trash: String { ".shelf/trash" }

    // MARK: - Add

    /// Adds books, all or none.
    mutating func add(_ items: [(book: Book, status: Status, folder: String)]) throws(ShelfError) -> [Book] {
        let listing = try listing()
        var taken = listing.locationsBySlug.mapValues { $0.map(\.path) }
        var planned: [(location: BookLocation, document: FrontMatterDocument)] = []
        for item in items {
            try checkDestination(item.status, item.folder)
            var book = item.book
            let slug = book.id.isEmpty ? Slugifier.slug(for: book.title) : book.id.rawValue
            try PathSafety.checkSlug(slug)
            let location = BookLocation(status: item.status, folder: item.folder, slug: slug)
            if let existing = taken[slug]?.first { throw .alreadyExists(path: existing) }
            if storage.kind(of: location.path) != nil { throw .alreadyExists(path: location.path) }
            if storage.kind(of: location.sessionFolder) != nil { throw .alreadyExists(path: location.sessionFolder) }
            book.added = book.added ?? today()
            try BookFormat.validate(book, path: location.path)
            planned.append((location, try BookFormat.newFile(book, path: location.path)))
            taken[slug] = [location.path]
        }
        return try atomically { core throws(ShelfError) in
            var added: [Book] = []
            for plan in planned {
                try core.create(plan.document.bytes, at: plan.location.path)
                added.append(try BookFormat.book(from: plan.document, at: plan.location))
            }
            return added
        }
    }

    // MARK: - Update

    /// Writes the changed keys of each book, all or none; files with no change are not touched.
    mutating func update(_ books: [Book]) throws(ShelfError) -> [Book] {
        let listing = try listing()
        var order: [String] = []
        var pending: [String: (location: BookLocation, original: BookFile, document: FrontMatterDocument, book: Book)] = [:]
        for book in books {
            let location = try locate(book.id, in: listing)
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
        let plans = order.compactMap { pending[$0] }
        try atomically { core throws(ShelfError) in
            for plan in plans where plan.document.bytes != plan.original.document.bytes {
                try core.replace(plan.location.path, expecting: plan.original.stamp, with: plan.document.bytes)
            }
        }
        return try books.map { book throws(ShelfError) in
            let path = try locate(book.id, in: listing).path
            guard let plan = pending[path] else { throw .bookNotFound(reference: book.id.rawValue, closeMatches: []) }
            return plan.book
        }
    }

    // MARK: - Move

    /// Moves a book and its sessions to another status or folder, setting `started` or
    /// `finished` when the book arrives in `reading` or `finished` without one.
    mutating func move(_ id: BookID, to status: Status, folder: String?, startedOn: Day? = nil) throws(ShelfError) -> Book {
        let source = try locate(id, in: try listing())
        let file = try readForEditing(source)
        let destination = BookLocation(status: status, folder: folder ?? source.folder, slug: source.slug)
        try checkDestination(destination.status, destination.folder)
        if destination.path.hasPrefix(source.sessionFolder + "/") {
            throw .unsafeName(name: destination.folder, reason: "that is inside the book's own session folder")
        }
        var book = file.book
        if status == .reading, book.started == nil { book.started = startedOn ?? today() }
        if status == .finished, book.finished == nil { book.finished = today() }
        let edited = try BookFormat.edit(file.document, from: file.book, to: book)
        try atomically { core throws(ShelfError) in
            if let edited { try core.replace(source.path, expecting: file.stamp, with: edited.bytes) }
            guard destination != source else { return }
            try core.move(source.path, to: destination.path)
            if core.storage.isDirectory(source.sessionFolder) {
                try core.move(source.sessionFolder, to: destination.sessionFolder)
            }
            try core.removeEmptyDirectories(from: source.directory, stoppingAt: source.status.name)
        }
        let moved = try BookFormat.book(from: edited ?? file.document, at: destination)
        return moved
    }

    // MARK: - Delete and restore

    /// Moves books and their sessions to `.shelf/trash/<today>/<original path>`, all or none.
    mutating func delete(_ ids: [BookID]) throws(ShelfError) -> [Book] {
        let listing = try listing()
        var files: [(location: BookLocation, book: Book)] = []
        for id in ids {
            let location = try locate(id, in: listing)
            files.append((location, try readForEditing(location).book))
        }
        return try atomically { core throws(ShelfError) in
            for (location, _) in files {
                let folder = core.trashFolder(for: location)
                try core.move(location.path, to: folder + "/" + location.path)
                if core.storage.isDirectory(location.sessionFolder) {
                    try core.move(location.sessionFolder, to: folder + "/" + location.sessionFolder)
                }
                try core.removeEmptyDirectories(from: location.directory, stoppingAt: location.status.name)
                core.stamps[folder + "/" + location.path] = nil
            }
            return files.map(\.book)
        }
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
        let folders = try storage.entries(in: Self.trash).filter { $0.kind == .directory }.map(\.name)
            .sorted { Self.trashOrder($0) > Self.trashOrder($1) }
        for name in folders {
            let base = Self.trash + "/" + name
            let trashed = try LibraryListing.walk(storage, base: base, statuses: configuration.statuses, includeSessions: false)
            guard let location = trashed.locationsBySlug[id.rawValue]?.first else { continue }
            let current = try listing()
            if let existing = current.locationsBySlug[id.rawValue]?.first { throw .alreadyExists(path: existing.path) }
            try checkDestination(location.status, location.folder)
            try atomically { core throws(ShelfError) in
                try core.move(base + "/" + location.path, to: location.path)
                if core.storage.isDirectory(base + "/" + location.sessionFolder) {
                    try core.move(base + "/" + location.sessionFolder, to: location.sessionFolder)
                }
                try core.removeEmptyDirectories(from: Self.parent(of: base + "/" + location.path), stoppingAt: Self.trash)
            }
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
        var location = try locate(id, in: try listing())
        let book = try read(location).book
        var session = session
        let existing = try sessions(of: location)
        let progress = existing.filter { $0.day <= session.day }.compactMap(\.to).max()
        if session.from == nil, session.pages == nil, session.to != nil, let progress { session.from = progress }
        if let to = session.to, let progress, to < progress {
            throw .sessionPageBelowProgress(bookID: id, page: to, progress: progress)
        }
        let sequence = (existing.filter { $0.day == session.day }.map(\.sequence).max() ?? 0) + 1
        let name = SessionFileName(day: session.day, sequence: sequence)
        try SessionFormat.validate(session, path: location.sessionFolder + "/" + name.name)
        let statuses = configuration.statuses
        let target = statuses.contains(.reading) ? Status.reading : statuses.dropFirst().first
        let moves = book.status == statuses.first && target != nil
        return try atomically { core throws(ShelfError) in
            if moves, let target {
                _ = try core.move(id, to: target, folder: nil, startedOn: session.day)
                location.status = target
            }
            let path = location.sessionFolder + "/" + name.name
            let document = try SessionFormat.newFile(session, path: path)
            try core.create(document.bytes, at: path)
            let (written, _) = SessionFormat.read(document, bookID: id, name: name)
            return written
        }
    }
}
