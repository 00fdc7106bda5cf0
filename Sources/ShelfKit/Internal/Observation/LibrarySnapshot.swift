/// Every book and session file of a library with its stamp (size, times, inode), as the
/// observer last saw them; comparing two gives the changes between them.
struct LibrarySnapshot: Sendable {
    struct Entry: Sendable, Hashable {
        /// The book the file is, or whose session it is.
        var book: BookID
        var info: FileSystem.FileInfo?
    }

    /// Book file path → its entry.
    private(set) var books: [String: Entry] = [:]
    /// Session file path → its entry.
    private(set) var sessions: [String: Entry] = [:]

    /// The files a walk made with `collectInfo` and `includeSessions` found.
    init(_ walk: LibraryWalk) {
        books.reserveCapacity(walk.books.count)
        for (index, location) in walk.books.enumerated() {
            let id = BookID(location.slug)
            books[location.path] = Entry(book: id, info: index < walk.bookInfo.count ? walk.bookInfo[index] : nil)
            let folder = location.sessionFolder
            guard let names = walk.sessionFiles[folder] else { continue }
            let infos = walk.sessionInfo[folder] ?? []
            for (position, name) in names.enumerated() where SessionFileName(name) != nil {
                sessions[folder + "/" + name] = Entry(book: id, info: position < infos.count ? infos[position] : nil)
            }
        }
    }

    /// Whether `path` is a book or session file of the snapshot.
    func knows(_ path: String) -> Bool { books[path] != nil || sessions[path] != nil }

    /// What changed from this snapshot to `newer`, in path order. A file gone from one path
    /// and found at another under the same book (and, for a session, the same name) is a move.
    func changes(to newer: LibrarySnapshot) -> (books: [BookFileChange], sessions: [SessionFileChange]) {
        let books = Self.changes(from: self.books, to: newer.books) { entry, _ in entry.book.rawValue }
            .map { BookFileChange(id: $0.entry.book, path: $0.path, kind: $0.kind) }
        let sessions = Self.changes(from: self.sessions, to: newer.sessions) { entry, path in
            entry.book.rawValue + "/" + Path.name(of: path)
        }.map { SessionFileChange(book: $0.entry.book, path: $0.path, kind: $0.kind) }
        return (books, sessions)
    }

    /// Brings the entries of `paths`, all known to the snapshot, up to date from their files
    /// under `root`, and says what changed: gone, or a new stamp, or written per the event.
    mutating func refresh(_ paths: [ChangedPath], root: String) -> (books: [BookFileChange], sessions: [SessionFileChange]) {
        var bookChanges: [BookFileChange] = []
        var sessionChanges: [SessionFileChange] = []
        // The last event of a path says most; earlier ones only whether it was written.
        var written: [String: Bool] = [:]
        for path in paths { written[path.path, default: false] = written[path.path, default: false] || path.wasWritten }
        for (path, wasWritten) in written.sorted(by: { ByteOrder.precedes($0.key, $1.key) }) {
            let info = FileSystem.fileInfo(at: root + "/" + path)
            if let entry = books[path] {
                guard let kind = Self.kind(entry, info, wasWritten) else { continue }
                books[path] = info.map { Entry(book: entry.book, info: $0) }
                bookChanges.append(BookFileChange(id: entry.book, path: path, kind: kind))
            } else if let entry = sessions[path] {
                guard let kind = Self.kind(entry, info, wasWritten) else { continue }
                sessions[path] = info.map { Entry(book: entry.book, info: $0) }
                sessionChanges.append(SessionFileChange(book: entry.book, path: path, kind: kind))
            }
        }
        return (bookChanges, sessionChanges)
    }

    private static func kind(_ entry: Entry, _ info: FileSystem.FileInfo?, _ wasWritten: Bool) -> FileChangeKind? {
        guard let info else { return .removed }
        return info != entry.info || wasWritten ? .changed : nil
    }

    private static func changes(from old: [String: Entry], to new: [String: Entry], moveKey: (Entry, String) -> String)
        -> [(path: String, entry: Entry, kind: FileChangeKind)] {
        var found: [(path: String, entry: Entry, kind: FileChangeKind)] = []
        var removed: [String: [String]] = [:]
        var added: [String: [String]] = [:]
        for (path, entry) in old {
            if let now = new[path] {
                if now.info != entry.info { found.append((path, now, .changed)) }
            } else {
                removed[moveKey(entry, path), default: []].append(path)
            }
        }
        for (path, entry) in new where old[path] == nil { added[moveKey(entry, path), default: []].append(path) }
        for (key, paths) in removed {
            // One file gone and one come under the same key: the same file, moved.
            if paths.count == 1, let arrivals = added[key], arrivals.count == 1, let entry = new[arrivals[0]] {
                found.append((arrivals[0], entry, .moved(from: paths[0])))
                added[key] = nil
            } else {
                for path in paths { if let entry = old[path] { found.append((path, entry, .removed)) } }
            }
        }
        for paths in added.values { for path in paths { if let entry = new[path] { found.append((path, entry, .added)) } } }
        return found.sorted { ByteOrder.precedes($0.path, $1.path) }
    }
}
