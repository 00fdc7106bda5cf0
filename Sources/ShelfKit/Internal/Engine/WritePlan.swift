/// Every book file a write will leave, worked out before anything is written, so that the whole
/// write becomes one journal.
///
/// One journal is what makes a batch crash-atomic: recovery rolls the last journal forward, so
/// a batch written as several journals could be left with its first parts done and the rest
/// not. Planning also folds the changes each book gets into one write of its final bytes, at
/// its final place: a replayed journal recognises a finished write by its new bytes and an
/// unstarted one by the stamp of the old, and two writes to one path would leave the first
/// unrecognisable once the second was made.
struct WritePlan: Sendable {
    /// One book the write touches.
    struct Entry: Sendable {
        /// Where the file is now; `nil` for a book the write adds.
        var source: BookLocation?
        /// Where the file ends.
        var destination: BookLocation
        /// The stamp of the file as read, which the write must still find; `nil` for a new book.
        var stamp: FileStamp?
        /// The bytes read, to tell whether the file changes at all.
        var original: [UInt8]
        /// What the file ends holding.
        var document: FrontMatterDocument
        /// The book as it ends: what a further update of it in the same write is compared with.
        var book: Book
        /// Whether a session folder moves with the book.
        var movesSessions = false
        /// The file beside the book its `cover` names (`dune.jpg`), which moves with it.
        var movesCover: String?

        /// Whether the file moves.
        var moves: Bool { source.map { $0 != destination } ?? false }

        /// Whether the file is new or its bytes change.
        var writes: Bool { source == nil || document.bytes != original }
    }

    /// The entries, by the path the book has on disk now (for a new book, where it was first
    /// planned), so that every change to one file lands in the same entry.
    private(set) var entries: [String: Entry] = [:]
    /// Keys in the order the books were first touched, for a stable journal.
    private var order: [String] = []
    /// Keys in the order the books were first moved.
    private var moveOrder: [String] = []
    /// The keys of new books, by slug: they are not on disk to be found yet.
    private var additions: [String: String] = [:]

    /// The key of the book with slug `id` the write adds, if it adds one.
    func addition(_ id: BookID) -> String? {
        additions[id.rawValue]
    }

    /// Records a book the write touches for the first time.
    mutating func insert(_ entry: Entry, at key: String) {
        if entries[key] == nil { order.append(key) }
        if entry.source == nil { additions[entry.destination.slug] = key }
        entries[key] = Self.versioned(entry)
    }

    /// Records a further change to a book already planned.
    mutating func update(_ entry: Entry, at key: String) {
        if entry.moves, !moveOrder.contains(key) { moveOrder.append(key) }
        entries[key] = Self.versioned(entry)
    }

    /// The entry with its book marked as the version of the bytes the file will hold, so the
    /// books a write hands back can be edited and saved again.
    private static func versioned(_ entry: Entry) -> Entry {
        var entry = entry
        entry.book.markRead(from: entry.stamp.flatMap { entry.document.bytes == entry.original ? $0 : nil }
                            ?? FileStamp(entry.document.bytes))
        return entry
    }

    /// The books that change at all, in the order they were first touched.
    var changes: [Entry] {
        order.compactMap { entries[$0] }.filter { $0.moves || $0.writes }
    }

    /// The journal steps, in the order they are made: new files, then moves (each book file,
    /// its session folder, the folders left empty), then the replaced files at their final place
    /// with the stamp of the bytes read at the source, since a move does not change content.
    var steps: [JournalStep] {
        let planned = order.compactMap { entries[$0] }
        var steps = planned.filter { $0.source == nil }.map { JournalStep.create($0.destination.path, $0.document.bytes) }
        for entry in moveOrder.compactMap({ entries[$0] }) {
            guard let source = entry.source, entry.moves else { continue }
            steps.append(.move(from: source.path, to: entry.destination.path))
            if entry.movesSessions { steps.append(.move(from: source.sessionFolder, to: entry.destination.sessionFolder)) }
            if let cover = entry.movesCover, source.directory != entry.destination.directory {
                steps.append(.move(from: Path.joined(source.directory, cover), to: Path.joined(entry.destination.directory, cover)))
            }
            // An adopted library's folders are the person's: none is removed.
            steps.append(.removeEmptyFolders(from: source.directory,
                                             stoppingAt: source.statusIsFolder ? source.status.name : source.directory))
        }
        for entry in planned where entry.source != nil && entry.writes {
            guard let stamp = entry.stamp else { continue }
            steps.append(.replace(entry.destination.path, expecting: stamp, with: entry.document.bytes))
        }
        return steps
    }
}
