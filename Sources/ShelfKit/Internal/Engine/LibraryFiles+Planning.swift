internal import FrontMatter
/// Working out additions, moves and updates into a ``WritePlan`` before anything is written, so
/// any mix of them is written as one journal.
///
/// Nothing here touches the disk but to read: a book the plan moves is still at its source,
/// and is found and read there.
extension LibraryFiles {
    /// Plans new books.
    /// - Returns: The plan's keys for the books, in order.
    /// - Throws: ``ShelfError/alreadyExists(path:)`` when a slug is taken, and the errors of
    ///   unsafe names and invalid values.
    /// - Parameter setsDates: Give a book the dates its status implies, as a move into it does
    ///   (``arrivalDates(_:in:on:)``), and refuse dates in the future; a batch's books say what
    ///   their dates are.
    mutating func planAdditions(_ items: [NewBook], setsDates: Bool = true, known: (any BookDirectory)? = nil,
                                preparing: ((BookLocation, inout Book) throws(ShelfError) -> Void)? = nil,
                                into plan: inout WritePlan) throws(ShelfError) -> [String] {
        // An empty list must not cost a walk of the whole library.
        guard !items.isEmpty else { return [] }
        let listing: any BookDirectory
        if let known { listing = known } else { listing = try self.listing() }
        // The paths of the slugs this batch adds, which the listing does not hold yet.
        var added: [String: String] = [:]
        var keys: [String] = []
        for item in items {
            var folder = PathSafety.normalized(item.folder)
            let notes = configuration.noteLayout
            if let notes {
                try configuration.require(item.status)
                folder = NoteFormat.folder(for: item.status, from: folder, conventions: notes.conventions)
            }
            try checkDestination(item.status, folder)
            var book = item.book
            let named = book.id.isEmpty ? notes?.conventions.fileName(forTitle: book.title) : nil
            let slug = PathSafety.normalized(named ?? (book.id.isEmpty ? Slugifier.slug(for: book.title) : book.id.rawValue))
            try PathSafety.checkSlug(slug)
            // An adopted library's new note goes in its notes folder, its status written in it.
            let location = BookLocation(status: notes?.root ?? item.status, folder: folder, slug: slug, notes: notes)
            if let existing = try listing.locations(withSlug: slug).first?.path ?? added[slug] ?? plan.addition(BookID(slug)) { throw .alreadyExists(path: existing) }
            if storage.kind(of: location.path) != nil { throw .alreadyExists(path: location.path) }
            if storage.kind(of: location.sessionFolder) != nil { throw .alreadyExists(path: location.sessionFolder) }
            book.added = book.added ?? today()
            try preparing?(location, &book)
            if setsDates {
                arrivalDates(&book, in: item.status, on: nil)
                try refuseImpossibleDates(book, keys: nil, in: item.status, path: location.path)
            }
            try BookFormat.validate(book, path: location.path)
            book.status = item.status
            let document: FrontMatterDocument
            if let notes {
                document = try NoteFormat.newFile(book, path: location.path, conventions: notes.conventions)
            } else {
                document = try BookFormat.newFile(book, path: location.path)
            }
            let written = try BookFormat.book(from: document, at: location)
            plan.insert(WritePlan.Entry(source: nil, destination: location, stamp: nil, original: [], document: document,
                                        book: written),
                        at: location.path)
            added[slug] = location.path
            keys.append(location.path)
        }
        return keys
    }

    /// Plans a move of a book and its sessions to another status or folder, setting `started`
    /// or `finished` when the book arrives in the reading or finished status without one
    /// (``arrivalDates(_:in:on:)``), unless `setsDates` is false (a batch's updates say what
    /// the dates are). A move to where the book already is plans nothing.
    ///
    /// A move from the finished status to the reading one takes the finish back, and from the
    /// abandoned one the putting down: `finished` or `stopped` goes, so that the next `finish`
    /// or `abandon` sets its own day and no later session contradicts it. Other moves change
    /// only places (a note begun from the books to read keeps every date it has): a date stays
    /// in the file, where it counts only in its own status, and the move can be made back.
    /// - Parameters:
    ///   - day: The day the dates the move sets take, `nil` for today; a day in the future is
    ///     refused.
    ///   - preparing: A change made to the book as it is before the move's own (``start(_:on:)``
    ///     begins a new read there, so the read that ends keeps its dates).
    /// - Returns: The book as it arrives.
    mutating func planMove(_ id: BookID, to status: Status, folder: String?, on day: Day?, setsDates: Bool = true,
                           preparing: ((inout Book) -> Void)? = nil, into plan: inout WritePlan) throws(ShelfError) -> Book {
        // The slug does not change, so a move cannot make a duplicate; the destination is
        // checked to be free as each step is made.
        let key = try planKey(plan.addition(id), checkingStamp: false, orLocate: { core throws(ShelfError) in try core.locate(id) },
                              in: &plan)
        guard var entry = plan.entries[key] else { throw .bookNotFound(reference: id.rawValue, closeMatches: []) }
        let current = entry.destination
        // In an adopted library the status is in the note, not the path: a change of status
        // edits the note where it is, and only a change of folder moves it.
        var destinationFolder = folder.map(PathSafety.normalized) ?? current.folder
        if let notes = current.notes {
            destinationFolder = NoteFormat.folder(for: status, from: destinationFolder, conventions: notes.conventions)
        }
        var destination = BookLocation(status: current.statusIsFolder ? status : current.status,
                                       folder: destinationFolder, slug: current.slug, notes: current.notes)
        destination.isBundle = current.isBundle
        if current.isBundle, destination.folder != current.folder {
            throw .unsafeName(name: destination.folder, reason: "\(current.path) is a page bundle, kept with its files in its folder; "
                                + "move that folder by hand")
        }
        let currentStatus = current.status(of: entry.book)
        try configuration.require(status)
        try checkDestination(destination.status, destination.folder)
        try checkPlannedDestination(destination, in: plan)
        let origin = entry.source ?? current
        if destination.path.hasPrefix(origin.sessionFolder + "/") {
            throw .unsafeName(name: destination.folder, reason: "that is inside the book's own session folder")
        }
        var book = entry.book
        preparing?(&book)
        // Only a book that arrives gets the dates: `finish` of a book already in finished/
        // changes nothing.
        book.status = status
        if setsDates && (destination != current || status != currentStatus) {
            let before = entry.book
            if status != currentStatus, configuration.role(of: status) == .reading {
                switch configuration.role(of: currentStatus) {
                case .finished?: book.finished = nil
                case .abandoned?: book.stopped = nil
                default: break
                }
            }
            arrivalDates(&book, in: status, on: day)
            if before.started == nil, book.earlierReads.isEmpty, let started = book.started,
               let first = firstSessionDay(in: origin), first < started {
                // Sessions a book has before it is first started (written by hand, imported from
                // an e-reader) prove it was started by the first one's day, as a backdated log
                // does: `check` finds no session before `started`.
                book.started = first
            }
            let set = Set(BookChanges(from: before, to: book).keys)
            try refuseImpossibleDates(book, keys: set, in: status, path: current.path)
        }
        // A book that leaves the books to read leaves their up-next order (`UpNextOrder`), in
        // the same write: `start`, a first logged session, any move.
        if status != currentStatus && configuration.role(of: status) != .toRead { book.next = nil }
        if let edited = try BookFormat.edit(entry.document, from: entry.book, to: book, notes: current.notes) { entry.document = edited }
        entry.destination = destination
        entry.book = try BookFormat.book(from: entry.document, at: destination)
        if let source = entry.source {
            entry.movesSessions = storage.isDirectory(source.sessionFolder)
            // A cover named by its file name alone (`cover: dune.jpg`, as a fetch saves it)
            // goes where the book goes, so the name keeps pointing at it.
            if let cover = book.cover?.trimmingSpaces(), CoverFile.isBesideBook(cover),
               storage.kind(of: Path.joined(source.directory, cover)) == .file {
                entry.movesCover = cover
            }
        }
        plan.update(entry, at: key)
        // The planned book carries the version of the bytes it will have, so that a copy handed
        // back and edited later is checked against them, not taken as the file's whole truth.
        return plan.entries[key]?.book ?? entry.book
    }

    /// The day of the earliest session file beside the book at `location`, by its name; `nil`
    /// when it has none or its folder cannot be listed.
    func firstSessionDay(in location: BookLocation) -> Day? {
        let entries = (try? storage.entries(in: location.sessionFolder)) ?? []
        return entries.filter { $0.kind == .file }.compactMap { SessionFileName($0.name)?.day }.min()
    }

    /// Sets the date a book arriving in `status` gets from its role, when the book has none:
    /// `started` in the reading status, `finished` in the finished one, `stopped` in the
    /// abandoned one, to `day` or today.
    /// `shelf add --status`, a move and a first logged session all come here.
    func arrivalDates(_ book: inout Book, in status: Status, on day: Day?) {
        switch configuration.role(of: status) {
        case .reading?: if book.started == nil { book.started = day ?? today() }
        case .finished?: if book.finished == nil { book.finished = day ?? today() }
        case .abandoned?: if book.stopped == nil { book.stopped = day ?? today() }
        case .toRead?, nil: break
        }
    }

    /// Throws when `started`, `finished` or `stopped`, among `keys` (`nil` for all), is after
    /// today: a book cannot have been started or finished on a day still to come; and when the
    /// finish a caller sets in the finished status, or the stop in the abandoned one (or the start
    /// it moves past them), is before the read began. Elsewhere those dates count nowhere (a
    /// wrong finish put back among the books to read keeps its day). Imports (batches) do not
    /// come here: an export may record a finish before a start, and `check` reports it.
    func refuseImpossibleDates(_ book: Book, keys: Set<String>?, in status: Status, path: String) throws(ShelfError) {
        let today = today()
        for (key, day) in [("started", book.started), ("finished", book.finished), ("stopped", book.stopped)] where keys?.contains(key) ?? true {
            if let day, day > today {
                throw .invalidValue(path: path, key: key, value: day.description,
                                    reason: "is after today (\(today))", at: nil)
            }
        }
        guard let started = book.started else { return }
        let role = configuration.role(of: status)
        for (key, day, counts) in [("finished", book.finished, role == .finished), ("stopped", book.stopped, role == .abandoned)] {
            guard counts, let day, day < started, keys.map({ $0.contains(key) || $0.contains("started") }) ?? true else { continue }
            throw .invalidValue(path: path, key: key, value: day.description,
                                reason: "is before the day the read began (started: \(started))", at: nil)
        }
    }

    /// Plans writing the keys a caller changed in a book; its place is the one the plan gives it,
    /// so an update after a move edits the moved file.
    ///
    /// The changes are the differences between the book and the version it was read from
    /// (``Book/version``), applied onto the book as the file holds it now (or as the plan
    /// already changed it): a key someone else changed meanwhile keeps their value, unless the
    /// caller changed it too, which is a conflict. A book with no version states every value: the
    /// file must still be what this library last read of it.
    /// - Returns: The plan's key for the book; its final version is the entry's `book` once
    ///   everything is planned.
    /// - Throws: ``ShelfError/editConflict(path:key:at:)``, and the errors of invalid
    ///   values of the keys changed.
    /// - Parameter checksDates: Refuse a `started` or `finished` the caller set to a day in
    ///   the future; a batch's books say what their dates are.
    mutating func planUpdate(_ book: Book, checksDates: Bool = true, into plan: inout WritePlan) throws(ShelfError) -> String {
        let key = try planKey(plan.addition(book.id), checkingStamp: book.version == nil,
                              orLocate: { core throws(ShelfError) in try core.locate(book) }, in: &plan)
        guard var entry = plan.entries[key] else { throw .bookNotFound(reference: book.id.rawValue, closeMatches: []) }
        let current = entry.book
        let base = book.version?.value ?? current
        // A book without a version was not read from the library (a form's, a test's): its
        // missing fields are not removals, or `Book(id:title:rating:)` would empty the file.
        let changes = book.version == nil ? BookChanges(from: base, to: book).givenIn(book) : BookChanges(from: base, to: book)
        guard !changes.isEmpty else { return key }
        if let conflict = changes.conflict(base: base, current: current, new: book) {
            let fileKey = BookFormat.fileKey(for: conflict, in: entry.document, notes: entry.destination.notes)
            let location = conflict == "body" ? SourceLocation(path: nil, line: entry.document.bodyFirstLine, column: 1)
                : entry.document.location(ofKey: fileKey)
            throw .editConflict(path: entry.destination.path, key: fileKey, at: SourceLocation(line: location.line, column: location.column))
        }
        var new = changes.applied(to: current, from: book)
        (new.id, new.status, new.folder, new.path) = (current.id, current.status, current.folder, current.path)
        try BookFormat.validate(new, path: entry.destination.path, keys: Set(changes.keys))
        let status = entry.destination.status(of: entry.book)
        if checksDates { try refuseImpossibleDates(new, keys: Set(changes.keys), in: status, path: entry.destination.path) }
        if let edited = try BookFormat.edit(entry.document, from: current, to: new, notes: entry.destination.notes) {
            entry.document = edited
            entry.book = try BookFormat.book(from: edited, at: entry.destination)
        }
        plan.update(entry, at: key)
        return key
    }

    /// Plans removing `keys` from a book's front matter with all their lines, whatever their
    /// values hold: also a value shelf cannot read, which an update leaves alone because the
    /// book read from the file does not have it.
    /// - Returns: The plan's key for the book, and the keys the file did not have.
    mutating func planRemoval(of keys: [String], from book: Book,
                              into plan: inout WritePlan) throws(ShelfError) -> (key: String, absent: [String]) {
        // Found from the book's path, as an update is: a slug two books share is no obstacle.
        let key = try planKey(plan.addition(book.id), checkingStamp: false,
                              orLocate: { core throws(ShelfError) in try core.locate(book) }, in: &plan)
        guard var entry = plan.entries[key] else { throw .bookNotFound(reference: book.id.rawValue, closeMatches: []) }
        var absent: [String] = []
        var document = entry.document
        do throws(FrontMatterError) {
            // A field's key names it whichever key the file holds it under (`author` for `authors`).
            let fileKeys = keys.map { BookFormat.fileKey(for: $0, in: document, notes: entry.destination.notes) }
            for (name, fileKey) in zip(keys, fileKeys) where !(try document.removeValue(forKey: fileKey)) {
                absent.append(name)
            }
        } catch {
            throw .invalidFrontMatter(error)
        }
        guard absent.count < keys.count else { return (key, absent) }
        let book = try BookFormat.book(from: document, at: entry.destination)
        try BookFormat.validate(book, path: entry.destination.path, keys: ["title"])
        (entry.document, entry.book) = (document, book)
        plan.update(entry, at: key)
        return (key, absent)
    }

    /// The plan's key for a book: the one of a book it adds, else the path the book is found at
    /// on disk, read into the plan the first time.
    /// - Parameter checkingStamp: Refuse a file that changed since this library last read or
    ///   wrote it (``readForEditing(_:)``), for a write that states whole values rather than
    ///   changes to the file as it is now.
    mutating func planKey(_ added: String?, checkingStamp: Bool,
                          orLocate locate: (inout LibraryFiles) throws(ShelfError) -> BookLocation,
                          in plan: inout WritePlan) throws(ShelfError) -> String {
        if let added { return added }
        let location = try locate(&self)
        if plan.entries[location.path] == nil {
            // Each book is found from the path it was read from, not by a walk, so editing one
            // book costs the same in any library.
            let file = checkingStamp ? try readForEditing(location) : try BookFile.read(location, from: storage)
            plan.insert(WritePlan.Entry(source: location, destination: location, stamp: file.stamp,
                                        original: file.document.bytes, document: file.document, book: file.book),
                        at: location.path)
        }
        return location.path
    }

    /// Throws when a book the plan adds would take a folder on the way to `destination` for its
    /// sessions, which ``checkDestination(_:_:)`` cannot see on disk yet.
    private func checkPlannedDestination(_ destination: BookLocation, in plan: WritePlan) throws(ShelfError) {
        var directory = destination.status.name
        for component in destination.folder.split(separator: "/") {
            if plan.addition(BookID(String(component))) == BookLocation.bookPath(ofSessionFolder: directory + "/" + component) {
                throw .unsafeName(name: destination.folder,
                                  reason: "\(directory)/\(component).md is a book, so that folder holds its sessions")
            }
            directory += "/" + component
        }
    }

    /// Remembers where the books a plan moved went, so the next write to one finds it without a
    /// walk. Call once the plan is written.
    mutating func remember(_ plan: WritePlan) {
        for entry in plan.changes where entry.moves { locations[entry.destination.slug] = entry.destination }
    }
}
