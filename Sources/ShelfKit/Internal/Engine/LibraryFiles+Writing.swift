/// Adding, editing, moving, deleting and restoring books.
extension LibraryFiles {
    /// The trash, where deleted books wait to be restored.
    static var trash: String { ".shelf/trash" }

    // MARK: - Add

    /// Adds books, all or none.
    /// - Parameter known: The book files as they are now, known without a walk; `nil` walks.
    mutating func add(_ items: [NewBook], known: (any BookDirectory)? = nil) throws(ShelfError) -> [Book] {
        var plan = WritePlan()
        let keys = try planAdditions(items, known: known, into: &plan)
        try perform(plan, operation: "add")
        return keys.compactMap { plan.entries[$0]?.book }
    }

    // MARK: - Update

    /// Writes the changed keys of each book, all or none; files with no change are not touched.
    mutating func update(_ books: [Book]) throws(ShelfError) -> [Book] {
        var plan = WritePlan()
        var keys: [String] = []
        for book in books {
            if let read = book.version?.value { try planPlaceChange(of: book, readAs: read, into: &plan) }
            keys.append(try planUpdate(book, into: &plan))
        }
        try perform(plan, operation: "update")
        return try zip(books, keys).map { book, key throws(ShelfError) in
            guard let entry = plan.entries[key] else { throw .bookNotFound(reference: book.id.rawValue, closeMatches: []) }
            return entry.book
        }
    }

    /// Reads each book of `ids` once, lets `change` edit it and writes what it changed, in one
    /// plan: all or none. A slug given twice is read and changed once.
    /// - Returns: The books as written, in the order of `ids`, each once.
    mutating func update(_ ids: [BookID], _ change: (inout Book) throws(ShelfError) -> Void) throws(ShelfError) -> [Book] {
        var plan = WritePlan()
        var keys: [String] = []
        var seen = Set<BookID>()
        let unique = ids.filter { seen.insert($0).inserted }
        for id in unique {
            let read = try planReading(id, into: &plan).book
            var book = read
            try change(&book)
            try planPlaceChange(of: book, readAs: read, into: &plan)
            keys.append(try planUpdate(book, into: &plan))
        }
        try perform(plan, operation: "update")
        return try zip(unique, keys).map { id, key throws(ShelfError) in
            guard let entry = plan.entries[key] else { throw .bookNotFound(reference: id.rawValue, closeMatches: []) }
            return entry.book
        }
    }

    /// Reads a book, applies `change` and writes what it changed, under one hold of the lock.
    /// - Returns: The book as written, or what `change` threw (then nothing is written).
    mutating func update(_ id: BookID, _ change: (inout Book) throws(ShelfError) -> Void) throws(ShelfError) -> Book {
        let written = try update([id], change)
        guard let book = written.first else { throw .bookNotFound(reference: id.rawValue, closeMatches: []) }
        return book
    }

    /// A plan that starts from one reading of the book `id`, and the book read: an update reads
    /// the file once, and the swap checks the file still holds that reading as it replaces it.
    mutating func planStartingFromReading(_ id: BookID) throws(ShelfError) -> (plan: WritePlan, location: BookLocation, book: Book) {
        var plan = WritePlan()
        let (location, book) = try planReading(id, into: &plan)
        return (plan, location, book)
    }

    /// Reads the book `id` once into `plan`, as the entry its writes start from, and returns
    /// where it is and the book read.
    mutating func planReading(_ id: BookID, into plan: inout WritePlan) throws(ShelfError) -> (location: BookLocation, book: Book) {
        let location = try locate(id)
        let file = try BookFile.read(location, from: storage)
        plan.insert(WritePlan.Entry(source: location, destination: location, stamp: file.stamp, original: file.document.bytes,
                                    document: file.document, book: file.book), at: location.path)
        return (location, file.book)
    }

    /// A status or folder changed on a book read from the library moves it, as a move does (the
    /// dates its new status needs included), before its keys are written: `book.status =
    /// .finished` in an update is a finish, not a change that is silently dropped.
    mutating func planPlaceChange(of book: Book, readAs read: Book, into plan: inout WritePlan) throws(ShelfError) {
        guard book.status != read.status || book.folder != read.folder else { return }
        _ = try planMove(book.id, to: book.status, folder: book.folder != read.folder ? book.folder : nil, on: nil, into: &plan)
    }

    /// Removes front matter keys from one book (``planRemoval(of:from:into:)``); writes
    /// nothing when it has none of them.
    mutating func removeKeys(_ keys: [String], from book: Book) throws(ShelfError) -> (book: Book, absent: [String]) {
        var plan = WritePlan()
        let (key, absent) = try planRemoval(of: keys, from: book, into: &plan)
        guard let entry = plan.entries[key] else { throw .bookNotFound(reference: book.id.rawValue, closeMatches: []) }
        if absent.count < keys.count { try perform(plan, operation: "update") }
        return (entry.book, absent)
    }

    // MARK: - Move

    /// Moves a book and its sessions to another status or folder, setting `started` or
    /// `finished` when the book arrives in the reading or finished status without one.
    mutating func move(_ id: BookID, to status: Status, folder: String?) throws(ShelfError) -> Book {
        var plan = WritePlan()
        let moved = try planMove(id, to: status, folder: folder, on: nil, into: &plan)
        let source = plan.entries.values.first?.source?.path ?? moved.path
        try perform(Journal(operation: "move of \(id)", detail: source + " → " + moved.path, steps: plan.steps))
        remember(plan)
        return moved
    }

    /// Starts reading a book on `day` (``LibraryWriting/start(_:on:)``): a move to the reading
    /// status, and for a book in the finished or abandoned role a new read
    /// (`Book/beginNewRead(on:)`), begun before the move's dates, in one journal.
    mutating func start(_ id: BookID, on day: Day) throws(ShelfError) -> Book {
        var plan = WritePlan()
        // Decided on the book as the move reads it: its status is its folder's, or in an
        // adopted library the note's.
        let configuration = configuration
        let started = try planMove(id, to: configuration.status(for: .reading), folder: nil, on: day, preparing: { book in
            let role = configuration.role(of: book.status)
            if role == .finished || role == .abandoned { book.beginNewRead(on: day) }
        }, into: &plan)
        try perform(plan, operation: "start")
        remember(plan)
        return started
    }

    /// Moves a book as ``move(_:to:folder:)`` does and lets `change` edit it as it arrives,
    /// in one journal: a crash leaves the book where it was and as it was, or moved and
    /// changed, never moved without the change.
    /// The dates the move sets take `day`, or today.
    mutating func move(_ id: BookID, to status: Status, folder: String?, on day: Day?,
                       then change: (inout Book) throws(ShelfError) -> Void) throws(ShelfError) -> Book {
        var plan = WritePlan()
        var book = try planMove(id, to: status, folder: folder, on: day, into: &plan)
        try change(&book)
        let key = try planUpdate(book, into: &plan)
        try perform(plan, operation: "move", of: id)
        remember(plan)
        guard let entry = plan.entries[key] else { throw .bookNotFound(reference: id.rawValue, closeMatches: []) }
        return entry.book
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
        var steps: [JournalStep] = []
        var trashed: [String] = []
        try completeIgnoreFile()
        for (location, _) in files {
            let folder = try trashFolder(for: location)
            steps.append(.move(from: location.path, to: folder + "/" + location.path))
            if storage.isDirectory(location.sessionFolder) {
                steps.append(.move(from: location.sessionFolder, to: folder + "/" + location.sessionFolder))
            }
            // An adopted library's folders are the person's: none is removed.
            steps.append(.removeEmptyFolders(from: location.directory,
                                             stoppingAt: location.statusIsFolder ? location.status.name : location.directory))
            trashed.append(folder + "/" + location.path)
        }
        try perform(Journal(operation: Self.describe("delete", files.map(\.location.slug)),
                            detail: Self.summary(files.map(\.location.path)), steps: steps))
        for path in trashed { stamps[path] = nil }
        for (location, _) in files { locations[location.slug] = nil }
        return files.map(\.book)
    }

    /// Today's trash folder, or `<today>-2`, `-3`… when that folder already holds the book, at
    /// this path or another: each folder holds one copy of a slug, so the newest folder
    /// holding it is the copy deleted last.
    private func trashFolder(for location: BookLocation) throws(ShelfError) -> String {
        try firstTrashFolder { folder throws(ShelfError) in
            if storage.kind(of: folder) == nil { return true }
            let held = try LibraryWalk.walk(storage, base: folder, statuses: configuration.statuses, notes: configuration.noteLayout,
                                            includeSessions: false)
            return storage.kind(of: folder + "/" + location.path) == nil
                && storage.kind(of: folder + "/" + location.sessionFolder) == nil
                && held.locations(withSlug: location.slug).isEmpty
        }
    }

    /// The first of today's trash folders, `<today>`, `<today>-2`, `-3`…, that `isFree` accepts.
    func firstTrashFolder(where isFree: (String) throws(ShelfError) -> Bool) throws(ShelfError) -> String {
        let day = today().description
        var sequence = 1
        while true {
            let folder = Self.trash + "/" + (sequence == 1 ? day : "\(day)-\(sequence)")
            if try isFree(folder) { return folder }
            sequence += 1
        }
    }

    /// `.shelf/.gitignore` with the lines shelf needs that it lacks, before the trash is written:
    /// deleted books are not part of the library in git.
    mutating func completeIgnoreFile(with line: String = ShelfIgnoreFile.trashLine) throws(ShelfError) {
        let path = ShelfIgnoreFile.path
        let existing = storage.isFile(path) ? try storage.read(path) : nil
        guard let completed = ShelfIgnoreFile.completing(existing, with: line) else { return }
        try storage.write(completed, to: path)
    }

    /// Marks the book file at `path` open in an editor by this process (``EditMarkers``).
    /// - Throws: ``ShelfError/bookBeingEdited(path:pid:)`` when another process has it open.
    mutating func markEditing(_ path: String) throws(ShelfError) {
        if let open = EditMarkers.open(in: storage).first(where: { $0.path == path }) {
            throw .bookBeingEdited(path: open.path, pid: open.pid)
        }
        if !storage.isDirectory(EditMarkers.folder) { try storage.makeDirectory(EditMarkers.folder) }
        try storage.write(Array(path.utf8), to: EditMarkers.ownMarker)
    }

    /// Removes this process's marker.
    mutating func unmarkEditing() {
        try? storage.removeFile(EditMarkers.ownMarker)
    }

    /// The file of the book `reference` names when it is a slug or a path, found without
    /// reading any file; nil for other references.
    func bookPathByName(_ reference: String) throws(ShelfError) -> String? {
        let listing = try listing()
        if case .found(let location) = try resolveByName(reference, in: listing) { return location.path }
        return nil
    }

    /// Every book in the trash, the most recently deleted first.
    func trashedBooks() throws(ShelfError) -> [TrashedBook] {
        var books: [TrashedBook] = []
        for name in try trashFolderNames() {
            guard let deleted = Day(name.prefix(10)) else { continue }
            let base = Self.trash + "/" + name
            let walk = try LibraryWalk.walk(storage, base: base, statuses: configuration.statuses, notes: configuration.noteLayout,
                                          includeSessions: false)
            for location in walk.books.sorted(by: { $0.path < $1.path }) {
                var title: String?
                if let bytes = try? storage.read(base + "/" + location.path),
                   let document = try? FrontMatterDocument(libraryFile: bytes, path: location.path, lenient: location.notes != nil) {
                    title = try? BookFormat.bookAndProblems(from: document, at: location).book.title
                }
                books.append(TrashedBook(id: BookID(location.slug), deleted: deleted, folder: name,
                                         path: base + "/" + location.path, originalPath: location.path, title: title))
            }
        }
        return books
    }

    /// The trash's day folders, newest first.
    private func trashFolderNames() throws(ShelfError) -> [String] {
        try storage.entries(in: Self.trash).filter { $0.kind == .directory && Day($0.name.prefix(10)) != nil }.map(\.name)
            .sorted { Self.trashOrder($0) > Self.trashOrder($1) }
    }

    /// Puts a deleted book back where it was: the copy deleted last, the last one deleted on
    /// `day`, or the one at `trashPath` (`.shelf/trash/<day>/<original path>`).
    mutating func restore(_ id: BookID?, deletedOn day: Day? = nil, trashPath: String? = nil) throws(ShelfError) -> Book {
        let trashed = try trashedBooks()
        var id = id
        if let wanted = id, !trashed.contains(where: { $0.id == wanted }) { id = try Self.trashedID(named: wanted.rawValue, among: trashed) }
        let copies = trashed.filter { copy in
            if let id, copy.id != id { return false }
            if let day, copy.deleted != day { return false }
            if let trashPath, copy.path != Self.bookPath(trashPath) { return false }
            return true
        }
        guard let copy = copies.first else {
            if let trashPath { throw .notInTrashAt(path: trashPath) }
            let id = id ?? ""
            if let day {
                let days = try trashedBooks().filter { $0.id == id }.map(\.folder)
                if !days.isEmpty { throw .notDeletedOn(id, day: day, deletedIn: days) }
            }
            throw .notInTrash(id)
        }
        let base = Self.trash + "/" + copy.folder
        guard let location = BookLocation(path: copy.originalPath, in: configuration) else {
            throw .notInTrashAt(path: copy.path)
        }
        let current = try listing()
        if let existing = current.locations(withSlug: copy.id.rawValue).first { throw .restoreBlocked(copy.id, existingPath: existing.path) }
        try checkDestination(location.status, location.folder)
        var steps: [JournalStep] = [.move(from: base + "/" + location.path, to: location.path)]
        if storage.isDirectory(base + "/" + location.sessionFolder) {
            steps.append(.move(from: base + "/" + location.sessionFolder, to: location.sessionFolder))
        }
        steps.append(.removeEmptyFolders(from: Path.parent(of: base + "/" + location.path), stoppingAt: Self.trash))
        try perform(Journal(operation: "restore of \(copy.id)", detail: base + "/" + location.path + " → " + location.path,
                            steps: steps))
        return try read(location).book
    }

    /// The slug of the deleted book `reference` names as a reference names a book in the library
    /// (``LibraryReading/resolve(_:)``): a slug prefix or words of its title, the best rank
    /// winning; several books sharing it are ambiguous.
    /// - Throws: ``ShelfError/notInTrash(_:)`` when none matches.
    static func trashedID(named reference: String, among copies: [TrashedBook]) throws(ShelfError) -> BookID {
        let needle = TextFolding.fold(String(reference.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed()))
        let prefix = reference.lowercased()
        var ranks: [BookID: ReferenceRank] = [:]
        for copy in copies {
            var rank = prefix.isEmpty || !copy.id.rawValue.lowercased().hasPrefix(prefix) ? nil : ReferenceRank.slugPrefix
            if let title = copy.title, let byTitle = ReferenceRank.of(title: title, folded: needle) { rank = min(rank ?? byTitle, byTitle) }
            if let rank { ranks[copy.id] = min(ranks[copy.id] ?? rank, rank) }
        }
        guard let best = ranks.values.min() else { throw .notInTrash(BookID(reference)) }
        let candidates = ranks.filter { $0.value == best }.map(\.key.rawValue).sorted()
        guard candidates.count == 1, let only = candidates.first else { throw .ambiguousReference(reference: reference, candidates: candidates) }
        return BookID(only)
    }

    /// `2024-03-01-2` after `2024-03-01`, which a plain string comparison gets right only up to -9.
    private static func trashOrder(_ name: String) -> (String, Int) {
        (String(name.prefix(10)), SessionFileName(name + ".md")?.sequence ?? 1)
    }

    // MARK: - Sessions

    /// Writes a session file named by its day, the time it began and letters drawn at random
    /// (``SessionFileName``), moving a book that is
    /// still in the first status to `reading` first, and setting its `pages` to `pagesTotal`
    /// when given, in the same journal. The session must fit the book and the sessions logged
    /// (``SessionRules``).
    ///
    /// A session without a time gets one (``defaultTime(of:after:)``), and one without a suffix
    /// gets one: the name then differs from a session of the same book logged on another device,
    /// even in the same minute, which git would otherwise report as two files added at one path.
    /// - Parameter finishing: Steps the same journal takes after writing the session (the
    ///   running session's file leaving `.shelf/live/`).
    mutating func log(_ session: ReadingSession, for id: BookID, pagesTotal: Int? = nil,
                      finishing: [JournalStep] = []) throws(ShelfError) -> ReadingSession {
        // Read once, into the plan the move and the corrections below start from.
        var plan = WritePlan()
        var (location, book) = try planReading(id, into: &plan)
        // Remembered as a read remembers it: a later write without a version checks the file against it.
        stamps[location.path] = plan.entries[location.path]?.stamp
        let existing = try sessions(of: location)
        var session = session
        session.time = session.time ?? defaultTime(of: session, after: existing)
        // Later than now today: only where the library's today is the clock's (a library
        // given a fixed day, as tests and previews give it, has no time of day to hold it to).
        if session.day == today(), session.day == LocalDateTime.now().day, let time = session.time, time > now() {
            throw .impossibleSession(bookID: id, day: session.day, problem: .laterToday(time: time, now: now()))
        }
        // A second session of this library in the same minute reads after the first by its
        // number; the letters then keep it apart from another device's.
        let sameMinute = existing.filter { $0.day == session.day && $0.time == session.time }
        session.sequence = (sameMinute.filter { session.suffix == nil || $0.suffix == session.suffix }.map(\.sequence).max() ?? 0) + 1
        if session.suffix == nil { session.suffix = SessionFileName.newSuffix(avoiding: Set(sameMinute.compactMap(\.suffix))) }
        let name = SessionFileName(day: session.day, time: session.time, sequence: session.sequence, suffix: session.suffix)
        // What cannot be written at all (a negative page, 120%, `to` below `from`) before what
        // contradicts the book.
        try SessionFormat.validate(session, path: location.sessionFolder + "/" + name.name)
        // Only the current read's sessions: a re-read starts again from page 1.
        try refuseAfterFinish(session.day, of: book)
        session = try SessionRules.checked(session, of: book, pages: pagesTotal ?? book.pages,
                                           after: book.sessionsOfCurrentRead(existing), today: today())
        let statuses = configuration.statuses
        let target = configuration.status(for: .reading)
        let moves = book.status == statuses.first && statuses.count > 1 && statuses.contains(target)
        if moves {
            let moved = try planMove(id, to: target, folder: nil, on: session.day, into: &plan)
            // The session goes beside the book where it arrives: the reading status's folder,
            // or in an adopted library wherever its status puts the note.
            location = BookLocation(path: moved.path, in: configuration) ?? location
        }
        var corrected = book
        if let pagesTotal { corrected.pages = pagesTotal }
        // A session proves the book was started by its day: a backdated one moves `started`
        // back, in the same write, so that `check` never finds a session before it.
        if let started = book.started, session.day < started { corrected.started = session.day }
        if corrected != book { _ = try planUpdate(corrected, into: &plan) }
        var steps = plan.steps
        let path = location.sessionFolder + "/" + name.name
        let document = try SessionFormat.newFile(session, path: path)
        steps.append(.create(path, document.bytes))
        steps += finishing
        try perform(Journal(operation: "log of a session of \(id)", detail: path, steps: steps))
        locations[id.rawValue] = location
        let (written, _) = SessionFormat.read(document, bookID: id, name: name)
        return written
    }

    /// Throws for a session on `day` of a book that counts as finished before it
    /// (``LibraryConfiguration/finishedDay(of:)``): reading it again is a new read, begun with
    /// `start`, and a session after the finish would contradict the book.
    func refuseAfterFinish(_ day: Day, of book: Book) throws(ShelfError) {
        if let finished = configuration.finishedDay(of: book), day > finished {
            throw .impossibleSession(bookID: book.id, day: day, problem: .afterFinished(finished))
        }
    }

    /// When a session logged without a time began: its minutes before now when it is today's
    /// (not before midnight), else the time it is logged at, which at least keeps two devices'
    /// sessions of one day apart; and never before a session of that day already logged, since
    /// a session logged without a time is the day's latest (two logged in a row, the second
    /// longer, keep the order they were read in).
    func defaultTime(of session: ReadingSession, after existing: [ReadingSession]) -> TimeOfDay {
        let now = now()
        let time = session.day == today() ? now.minus(minutes: session.minutes ?? 0) : now
        let latest = existing.filter { $0.day == session.day }.compactMap(\.time).max()
        return latest.map { Swift.max($0, time) } ?? time
    }

    // MARK: - Journal notes

    /// Writes a plan as one journal, noted as `<operation> of <slug>` or `… of <n> books`.
    /// - Parameters:
    ///   - book: The book the operation is of, when it is not the slug the plan ends with (a
    ///     rename is of the old slug).
    ///   - firstSteps: Steps the journal takes before the plan's, such as the configuration a
    ///     batch changes.
    ///   - lastSteps: Steps after the plan's, such as the session files a batch writes.
    mutating func perform(_ plan: WritePlan, operation: String, of book: BookID? = nil,
                          after firstSteps: [JournalStep] = [], then lastSteps: [JournalStep] = []) throws(ShelfError) {
        let changes = plan.changes
        try perform(Journal(operation: Self.describe(operation, book.map { [$0.rawValue] } ?? changes.map(\.destination.slug)),
                            detail: Self.summary(changes.map { change in
                                guard change.moves, let source = change.source else { return change.destination.path }
                                return source.path + " → " + change.destination.path
                            }), steps: firstSteps + plan.steps + lastSteps))
    }

    /// `add of dune`, or `update of 200 books`.
    static func describe(_ operation: String, _ slugs: [String]) -> String {
        slugs.count == 1 ? "\(operation) of \(slugs[0])" : "\(operation) of \(slugs.count) books"
    }

    /// The paths an operation changes, the first three by name.
    static func summary(_ paths: [String]) -> String {
        paths.count <= 3 ? paths.joined(separator: ", ") : paths.prefix(3).joined(separator: ", ") + " and \(paths.count - 3) more"
    }
}
