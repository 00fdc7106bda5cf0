/// Changing a library. Every write is atomic on disk, and batch writes happen all or not at all.
///
/// Cancelling the task of a write stops it before it writes anything (also while it waits for
/// another process to finish writing), or between two files, undoing the files already written:
/// it throws ``ShelfError/cancelled``.
public protocol LibraryWriting: Sendable {
    /// Adds a book as a new file `<status>/<folder>/<slug>.md`.
    ///
    /// The slug is the book's id, or derived from the title when the id is empty; `added`
    /// defaults to today. The file is written in canonical key order.
    /// - Returns: The book as written, with id, status, folder and path filled in.
    /// - Throws: ``ShelfError/alreadyExists(path:)`` for a slug in use,
    ///   ``ShelfError/unknownStatus(name:known:)``, ``ShelfError/unsafeName(name:reason:)`` for a
    ///   folder or slug that is not safe, ``ShelfError/invalidValue(path:key:value:reason:at:)``.
    @discardableResult
    func add(_ book: Book, to status: Status, in folder: String) async throws(ShelfError) -> Book

    /// Writes the keys changed in `book` since it was read to its file, key by key, leaving every
    /// other byte as it was; when nothing changed, nothing is written. A status or folder changed
    /// since the book was read moves it first, as ``move(_:to:folder:)`` does (with the date its
    /// new status needs); the path follows. A book without a version cannot move this way.
    ///
    /// What changed is what differs from the version the book was read from (``Book/version``,
    /// kept through `Codable`). Those changes are made to the file as it is now, found by its
    /// path or, when it moved, by its slug: keys that another program, or another copy of the
    /// book, changed meanwhile keep their new values. A book that was not read from the library
    /// (no version: built by hand, as a form builds one) sets the values it gives and removes
    /// nothing, so `Book(id: "dune", title: "Dune", rating: 4)` sets the rating and keeps the
    /// authors; removing a key takes a copy read from the library. The file must not have
    /// changed since this library last read it.
    /// - Throws: ``ShelfError/editConflict(path:key:at:)`` when the file changed a key
    ///   this book also changes, to another value; ``ShelfError/changedOnDisk(path:)`` for a
    ///   book without a version whose file changed; invalid values of the keys changed.
    @discardableResult
    func update(_ book: Book) async throws(ShelfError) -> Book

    /// Reads the book with slug `id`, lets `change` edit it, and writes what it changed, all
    /// while holding the writer lock, so no other write can come in between: the pattern of a
    /// Core Data `perform` block.
    ///
    /// ```swift
    /// try await library.update("dune") { $0.rating = 5 }
    /// ```
    /// - Returns: The book as written.
    /// - Throws: What `change` throws (nothing is written then; a value `Book.setting` refuses,
    ///   say), and the errors of ``update(_:)-(Book)``.
    @discardableResult
    func update(_ id: BookID, _ change: @Sendable (inout Book) throws(ShelfError) -> Void) async throws(ShelfError) -> Book

    /// Moves a book and its session folder to another status and folder (`nil` keeps the
    /// folder), removing folders left empty. Arriving in the reading status sets `started`,
    /// arriving in the finished status sets `finished` (``StatusRole``), each only when unset;
    /// leaving the to-read status takes out `next` (`UpNextOrder`); a move to where the book
    /// already is changes nothing.
    @discardableResult
    func move(_ id: BookID, to status: Status, folder: String?) async throws(ShelfError) -> Book

    /// Moves a book as ``move(_:to:folder:)`` does, the dates it sets taking `day` (`nil` for
    /// today), and lets `change` edit it as it arrives (those dates are already in it), written
    /// as one change: `shelf finish --date yesterday --rating 4`.
    ///
    /// ```swift
    /// try await library.move("dune", to: .finished, folder: nil, on: Day("2026-11-20")) { $0.rating = 4.5 }
    /// ```
    /// - Throws: What `change` throws (nothing is written then), the errors of a move and of
    ///   ``update(_:)-(Book)``, and ``ShelfError/invalidValue(path:key:value:reason:at:)``
    ///   for a `day` after today.
    @discardableResult
    func move(_ id: BookID, to status: Status, folder: String?, on day: Day?,
              then change: @Sendable (inout Book) throws(ShelfError) -> Void) async throws(ShelfError) -> Book

    /// Starts reading a book on `day`: moves it to the status of the reading role, keeping its
    /// folder, and sets `started`. A book in the finished or abandoned role begins a new read
    /// (`Book/beginNewRead(on:)`): its read so far goes to `reads` with its dates and rating,
    /// its sessions stay, and its progress starts again. This is `shelf start --again`.
    /// - Returns: The book as written.
    @discardableResult
    func start(_ id: BookID, on day: Day) async throws(ShelfError) -> Book

    /// Renames a book: its file and its session folder take the slug `slug`, where they are, in
    /// one all-or-nothing write that keeps every byte of them. `shelf move BOOK --slug NEW`.
    ///
    /// ```swift
    /// try await library.rename("dune-1965", to: "dune")
    /// ```
    /// - Returns: The book with its new id and path.
    /// - Throws: ``ShelfError/unsafeName(name:reason:)`` for a slug that cannot name a file,
    ///   ``ShelfError/alreadyExists(path:)`` for a slug another book of the library has, in any
    ///   status (also one differing only in case), or a file or folder where the book would go.
    @discardableResult
    func rename(_ id: BookID, to slug: BookID) async throws(ShelfError) -> Book

    /// Moves a book and its sessions to `.shelf/trash/<today>/<original path>`.
    /// - Returns: The book as it was before deletion.
    @discardableResult
    func delete(_ id: BookID) async throws(ShelfError) -> Book

    /// Deletes several books as ``delete(_:)-(BookID)`` deletes one, all or none: a slug that
    /// names no book, or a write that fails, leaves every book where it was.
    /// - Returns: The books as they were before deletion, each once.
    @discardableResult
    func delete(_ ids: [BookID]) async throws(ShelfError) -> [Book]

    /// Reads every book `query` matches, lets `change` edit each and writes those it changed,
    /// all or none, as ``update(_:_:)`` does one: tag every unread book of an author, say.
    ///
    /// ```swift
    /// try await library.update(matching: try Query(parsing: "author:herbert status:to-read", today: .today())) { $0.tags.append("dune-saga") }
    /// ```
    /// The books are those the query matches when the call begins; each is read again under
    /// the writer lock before `change` sees it.
    /// - Returns: The books as written.
    /// - Throws: ``ShelfError/invalidQuery(_:)``, what `change` throws (nothing is written then),
    ///   and the errors of ``update(_:)-(Book)``.
    @discardableResult
    func update(matching query: Query, _ change: @Sendable (inout Book) throws(ShelfError) -> Void) async throws(ShelfError) -> [Book]

    /// Records a reading session as `<slug>/<day>.md`, or `<day>-N.md` after the first of that
    /// day. A book still in the first status moves to `reading` first, started on the session's
    /// day. With only `to` given, `from` is the page after the progress so far.
    ///
    /// The session must fit: not after today, not empty (pages, minutes, a note or a key of its
    /// own), at most a day's minutes, within the book's pages, and between the pages of the
    /// sessions before and after its day. `pagesTotal` corrects the book's `pages` in the same
    /// write, for an edition longer than the file said.
    /// - Throws: ``ShelfError/impossibleSession(bookID:day:problem:)``,
    ///   ``ShelfError/sessionPageBelowProgress(bookID:page:progress:)`` when `to` is below the page
    ///   already reached, ``ShelfError/invalidValue(path:key:value:reason:at:)``.
    @discardableResult
    func log(_ session: ReadingSession, for id: BookID, pagesTotal: Int?) async throws(ShelfError) -> ReadingSession

    /// Corrects a session already written: writes what changed in `from`, `to`, `pages`,
    /// `minutes`, `extra` and `note` since the session was read, changing only the lines of
    /// those keys (and the body for the note), and renames the file when `day` or `time`
    /// changed (`2026-11-20-0740.md` → `2026-11-19-2130.md`, the next free `-N` when that name
    /// is taken), all in one write. A session moved before its book's `started` moves `started`
    /// back in the same write.
    ///
    /// The file is found by the book and the name the session was read with, so a session of a
    /// book moved since still finds it. The correction must be possible in itself (not after
    /// today, not empty, at most a day's minutes, within the book's pages); pages at odds with
    /// the book's other sessions are written and reported in ``SessionUpdate/contradictions``.
    /// ```swift
    /// var session = try await library.session(.last, of: "dune")
    /// session.to = 130
    /// try await library.update(session)
    /// ```
    /// A copy read before the file changed (its ``ReadingSession/version``, kept through
    /// `Codable`) merges key by key, as a book does: what it changed is written onto the file as
    /// it is now, and what the file changed meanwhile stays.
    /// - Throws: ``ShelfError/editConflict(path:key:at:)`` when the file changed a key
    ///   the copy changes too, to another value; ``ShelfError/changedOnDisk(path:)`` when a
    ///   session without a version changed since this library last read it;
    ///   ``ShelfError/sessionNotFound(bookID:reference:sessions:)``,
    ///   ``ShelfError/impossibleSession(bookID:day:problem:)``,
    ///   ``ShelfError/invalidValue(path:key:value:reason:at:)``.
    @discardableResult
    func update(_ session: ReadingSession) async throws(ShelfError) -> SessionUpdate

    /// Moves a session's file to the trash, `.shelf/trash/<today>/<its path>`, from where it can
    /// be moved back by hand; a session folder left empty is removed, in the same write.
    /// - Returns: The file's path in the trash.
    /// - Throws: ``ShelfError/changedOnDisk(path:)`` when the file changed since the session
    ///   was read, ``ShelfError/sessionNotFound(bookID:reference:sessions:)``.
    @discardableResult
    func delete(_ session: ReadingSession) async throws(ShelfError) -> String

    /// Takes back the last write made on this device that is not taken back yet — an add, an
    /// update, a move or finish, a delete, a logged or corrected session, a batch — as one
    /// all-or-nothing write: every file it created is removed, every file it replaced gets its
    /// bytes back, every file it moved or trashed moves back. Called again, it takes back the
    /// write before, up to the last 50.
    ///
    /// ```swift
    /// try await library.move("dune", to: "finished")
    /// let undone = try await library.undoLastWrite()   // dune is back in reading, byte for byte
    /// ```
    /// The history is this device's (`.shelf/undo/`, kept out of git); a change made by another
    /// program is never taken back or overwritten.
    /// - Returns: The write taken back.
    /// - Throws: ``ShelfError/nothingToUndo``; ``ShelfError/cannotUndo(operation:path:)`` when a
    ///   file the write changed has changed again since, and nothing is written.
    @discardableResult
    func undoLastWrite() async throws(ShelfError) -> RecordedWrite

    /// The writes ``undoLastWrite()`` can take back, the next one first.
    func undoableWrites() async throws(ShelfError) -> [RecordedWrite]
}

extension LibraryWriting {
    /// Sets front matter keys of the book `id`, each typed and checked as ``Book/setting(_:to:)``
    /// does, in one write made while holding the writer lock (``update(_:_:)``): only the lines
    /// of those keys change in the file. This is `shelf set`.
    ///
    /// ```swift
    /// try await library.set([.init("rating", .double(4.5)), .init("format", .string("paperback"))], of: "dune")
    /// ```
    /// - Returns: The book as written; equal to the book before when every value was already so.
    @discardableResult
    package func set(_ values: [YAMLValue.Entry], of id: BookID) async throws(ShelfError) -> Book {
        try await update(id) { book throws(ShelfError) in
            for entry in values { book = try book.setting(entry.key, to: entry.value) }
        }
    }
}

extension LibraryWriting {
    /// Records a reading session, keeping the book's page count (``log(_:for:pagesTotal:)``).
    @discardableResult
    public func log(_ session: ReadingSession, for id: BookID) async throws(ShelfError) -> ReadingSession {
        try await log(session, for: id, pagesTotal: nil)
    }

    /// Moves a book to another status, keeping its folder (``move(_:to:folder:)``).
    @discardableResult
    public func move(_ id: BookID, to status: Status) async throws(ShelfError) -> Book {
        try await move(id, to: status, folder: nil)
    }

    /// Moves a book and lets `change` edit it as it arrives, in one write, the dates the move
    /// sets taking today (``move(_:to:folder:on:then:)``).
    @discardableResult
    public func move(_ id: BookID, to status: Status, folder: String?,
                     then change: @Sendable (inout Book) throws(ShelfError) -> Void) async throws(ShelfError) -> Book {
        try await move(id, to: status, folder: folder, on: nil, then: change)
    }

    /// Moves a book to another status, keeping its folder, and lets `change` edit it as it
    /// arrives, in one write (``move(_:to:folder:on:then:)``).
    @discardableResult
    public func move(_ id: BookID, to status: Status, then change: @Sendable (inout Book) throws(ShelfError) -> Void) async throws(ShelfError) -> Book {
        try await move(id, to: status, folder: nil, on: nil, then: change)
    }
}
