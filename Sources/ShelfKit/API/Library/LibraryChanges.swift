/// What changed in a library's files, as ``FileLibrary/changes(from:)`` reports it: the books
/// and sessions added, changed, moved or removed since the last report, whoever changed them
/// (this process, another `shelf`, an editor, `git checkout`, a sync tool).
///
/// Paths are relative to the library root. One report covers a burst of events that arrived
/// together, so a `git checkout` of 100 files is one report, not 100.
public struct LibraryChanges: Sendable, Hashable {
    /// The books whose files changed, by path.
    public var books: [BookFileChange]
    /// The reading sessions whose files changed, by path.
    public var sessions: [SessionFileChange]
    /// Whether the library was compared whole: events may have been lost (a queue overflow, a
    /// recrawl, the source of events gone and another taken), so the report is of every
    /// difference from the last one, however it came about.
    public var isFullComparison: Bool
    /// Where the events came from.
    public var source: ObservationSource.Kind

    /// Whether nothing a library reads changed.
    public var isEmpty: Bool { books.isEmpty && sessions.isEmpty }

    /// Creates a report.
    public init(books: [BookFileChange], sessions: [SessionFileChange], isFullComparison: Bool, source: ObservationSource.Kind) {
        self.books = books
        self.sessions = sessions
        self.isFullComparison = isFullComparison
        self.source = source
    }
}

/// How one file of a library changed.
public enum FileChangeKind: Sendable, Hashable {
    /// The file is new.
    case added
    /// Its bytes (or at least its size, time or identity) changed where it is.
    case changed
    /// It went from `from` to where the change's `path` says, in one report: a rename, a
    /// `shelf move`, a `git mv`. Its bytes may have changed too.
    case moved(from: String)
    /// The file is gone.
    case removed
}

/// A book file that changed.
public struct BookFileChange: Sendable, Hashable {
    /// The book's id, from its file name.
    public var id: BookID
    /// The book file; for a removal, where it was.
    public var path: String
    /// What happened to it.
    public var kind: FileChangeKind

    /// Creates a change.
    public init(id: BookID, path: String, kind: FileChangeKind) {
        self.id = id
        self.path = path
        self.kind = kind
    }
}

/// A session file that changed.
public struct SessionFileChange: Sendable, Hashable {
    /// The book the session belongs to.
    public var book: BookID
    /// The session file, the ``ReadingSession/id`` of the session; for a removal, where it was.
    public var path: String
    /// What happened to it.
    public var kind: FileChangeKind

    /// Creates a change.
    public init(book: BookID, path: String, kind: FileChangeKind) {
        self.book = book
        self.path = path
        self.kind = kind
    }
}

/// Where ``FileLibrary/changes(from:)`` learns of changes to files.
public enum ObservationSource: Sendable, Hashable {
    /// watchman where a server runs (and `SHELF_NO_WATCHMAN` is not set), else the platform's
    /// file events, else a comparison every second.
    case automatic
    /// A watchman subscription, at the server listening on `socket` (`nil`: `WATCHMAN_SOCK`,
    /// else the one `watchman get-sockname` names). When the server goes away the observer
    /// goes on with the platform's file events.
    case watchman(socket: String?)
    /// The platform's file events: inotify on Linux.
    case fileEvents
    /// A comparison of the whole library every `interval`: slow to notice, never wrong.
    case polling(every: Duration)

    /// The kind of source a report came from.
    public enum Kind: Sendable, Hashable {
        case watchman
        case fileEvents
        case polling
    }
}
