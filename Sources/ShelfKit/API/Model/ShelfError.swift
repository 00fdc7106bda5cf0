/// Everything that can go wrong in ShelfKit, each case with the context a person needs to act.
///
/// ``description`` (also ``errorDescription``, for an app's alerts) is the message to show:
/// file problems read `path:line:column: message` like a compiler's, and lookups suggest what
/// was probably meant. Messages speak of the library and its files, never of commands; a
/// front end adds its own hints (the CLI adds `shelf init` and `--library` to
/// ``libraryNotFound(searchedFrom:)`` and ``notALibrary(path:enclosingLibrary:)``, and
/// `shelf init --inside-library` to ``insideLibrary(path:library:)``).
public enum ShelfError: Error, Sendable, Hashable, CustomStringConvertible {
    /// No book matches `reference`; `closeMatches` are slugs a few edits away.
    case bookNotFound(reference: String, closeMatches: [String])
    /// `reference` matches several books.
    case ambiguousReference(reference: String, candidates: [String])
    /// Two or more files share a slug.
    case duplicateSlug(slug: String, paths: [String])
    /// A file's front matter could not be read or edited.
    case invalidFrontMatter(FrontMatterError)
    /// A value of the wrong type or out of range. `reason` completes "`key` …". `path` is empty for a
    /// value given to a book that has no file yet, and the message then names no file. `location`
    /// is where the value stands in the file, `nil` for a value that is not (yet) in a file.
    case invalidValue(path: String, key: String, value: String, reason: String, at: SourceLocation?)
    /// A file or folder is already where something would be written.
    case alreadyExists(path: String)
    /// The file changed on disk since the library read it; nothing was written.
    case changedOnDisk(path: String)
    /// The file changed `key` since the book being saved was read, and the book changes it too,
    /// to another value; nothing was written. `location` points at the key in the file (at the
    /// body's first line for `body`; `nil` when the file no longer has the key).
    case editConflict(path: String, key: String, at: SourceLocation?)
    /// The file was saved twice while shelf replaced it: nothing of shelf's was written, the
    /// first save is in place and the second is kept as `copy`, beside it.
    case savedTwiceDuringWrite(path: String, copy: String)
    /// A status that is not in the configuration.
    case unknownStatus(name: String, known: [String])
    /// No library in the folder searched or above it.
    case libraryNotFound(searchedFrom: String)
    /// A folder named as the library has no `.shelf` folder, so it is not one;
    /// `enclosingLibrary` is the library above it, when it is inside one.
    case notALibrary(path: String, enclosingLibrary: String?)
    /// A new library would be created inside `library`, whose books it would then share.
    case insideLibrary(path: String, library: String)
    /// A system call failed.
    case io(path: String, operation: String, message: String)
    /// A logged session ends below the page the book had already reached.
    case sessionPageBelowProgress(bookID: BookID, page: Int, progress: Int)
    /// A session of the book on `day` that cannot be logged, and why.
    case impossibleSession(bookID: BookID, day: Day, problem: SessionProblem)
    /// The book has no session `reference` names (`SessionReference`); `sessions` are the
    /// names of its sessions, the most recent last.
    case sessionNotFound(bookID: BookID, reference: String, sessions: [String])
    /// A day names no single session: the book has `sessions` (their names) on `day`.
    case ambiguousSession(bookID: BookID, day: Day, sessions: [String])
    /// A slug, folder or status name that could leave the library or is not a usable file name.
    case unsafeName(name: String, reason: String)
    /// No deleted book with this id is in the trash.
    case notInTrash(BookID)
    /// The book is in the trash, but no copy of it was deleted on `day`; `deletedIn` are the
    /// trash folders that hold it (`2026-11-24`, `2026-11-24-2`).
    case notDeletedOn(BookID, day: Day, deletedIn: [String])
    /// No deleted book is at this path in the trash.
    case notInTrashAt(path: String)
    /// The book file is open in `shelf edit` in another process, whose save would overwrite
    /// this write: nothing was written.
    case bookBeingEdited(path: String, pid: Int32)
    /// A book in the trash cannot come back because another book took its slug meanwhile.
    case restoreBlocked(BookID, existingPath: String)
    /// Another process holds the library's writer lock (`.shelf/lock`) and kept it longer than
    /// a writer waits.
    case libraryBusy
    /// The task running a write was cancelled, waiting for the writer lock or midway; what was
    /// written is undone.
    case cancelled
    /// Writing would go through a symbolic link, which could lead out of the library.
    case symbolicLink(path: String)
    /// A query that cannot be understood; the error points at the term.
    case invalidQuery(QueryError)
    /// The book is not in the to-read status, so it has no place in the up-next order
    /// (`UpNextOrder`); `status` is where it is.
    case notToRead(BookID, status: String)
    /// A reading session is already running in this library (``LiveSession``): one at a time.
    case liveSessionRunning(BookID, started: LocalDateTime)
    /// No reading session is running; with a book, that book's session ended meanwhile
    /// (stopped or cancelled by another process), so it was not saved again.
    case noLiveSession(BookID?)
    /// This device has no write left to take back (`UndoHistory` keeps the last writes made
    /// here, not those of other devices or editors).
    case nothingToUndo
    /// The last write, `operation`, cannot be taken back: `path` changed since it was made (a
    /// later edit, a sync, another program), or the write changed too much to be kept (`path`
    /// is `nil`). Nothing was changed.
    case cannotUndo(operation: String, path: String?)
    /// `.shelf/config.yaml` says the library's files are in format `found`, written by a newer
    /// shelf than this one, which knows formats up to `supported`: it reads the library and
    /// writes nothing.
    case newerFormat(found: Int, supported: Int)
    /// The note at `path` lies among the book notes of an adopted library but is not a book by
    /// the library's test (`notes.only` in `.shelf/config.yaml`): it is left out of every listing.
    case notABook(path: String)
    /// The file at `path` was given as an export of the reading service `expected` but is one of
    /// `service`: its header, on `line`, has that service's `columns`. `serviceID` names the
    /// service as its import is asked for (`storygraph`), for a front end to offer it.
    case exportOfAnotherService(path: String, line: Int, service: String, serviceID: String, expected: String, columns: [String])

    public var description: String {
        switch self {
        case .bookNotFound(let reference, let closeMatches):
            let base = "no book matches \"\(reference)\""
            guard !closeMatches.isEmpty else { return base }
            return base + "; did you mean " + Suggestions.alternatives(closeMatches) + "?"
        case .ambiguousReference(let reference, let candidates):
            return "\"\(reference)\" matches \(candidates.count) books: \(candidates.joined(separator: ", ")); "
                + "use more of the slug or title"
        case .duplicateSlug(let slug, let paths):
            return "\(paths.count) books have the slug \"\(slug)\": \(paths.joined(separator: ", ")); "
                + "rename all but one of the files"
        case .invalidFrontMatter(let error):
            return error.description
        case .invalidValue(let path, let key, let value, let reason, let location):
            let found = value.isEmpty ? "" : ", found \"\(value)\""
            // A value typed for a book not yet written (`shelf add --set`) has no file to name.
            guard !path.isEmpty else { return "\(key) \(reason)\(found)" }
            return "\(Self.place(path, location)): \(key) \(reason)\(found)"
        case .alreadyExists(let path):
            return "\(path) already exists; choose another slug or folder"
        case .changedOnDisk(let path):
            return "\(path) changed on disk since it was read; nothing was written — read it again and retry"
        case .editConflict(let path, let key, let location):
            let what = key == "body" ? "the body" : key
            return "\(Self.place(path, location)): \(what) was changed in the file since this copy of the book was read, and the copy "
                + "changes it too; nothing was written — read the book again, then make the change"
        case .savedTwiceDuringWrite(let path, let copy):
            return "\(path) was saved twice while shelf was writing it; nothing of shelf's was written — the first save is "
                + "in place and the second is in \(copy): keep the one you want, then retry"
        case .unknownStatus(let name, let known):
            return "unknown status \"\(name)\"; the statuses are \(known.joined(separator: ", "))"
                + " (set in .shelf/config.yaml)"
        case .libraryNotFound(let searchedFrom):
            return "no library found in \(searchedFrom) or any folder above it"
        case .notALibrary(let path, let enclosingLibrary):
            let inside = enclosingLibrary.map { "; it is a folder of the library \($0)" } ?? ""
            return "\(path) is not a library: it has no .shelf folder\(inside)"
        case .insideLibrary(let path, let library):
            return "\(path) is inside the library \(library), which would list the new library's books as its own"
        case .io(let path, let operation, let message):
            return "\(path): \(operation) failed: \(message)"
        case .sessionPageBelowProgress(let bookID, let page, let progress):
            return "the session ends on page \(page), but \(bookID) was already at page \(progress); "
                + "check the page numbers"
        case .impossibleSession(let bookID, let day, let problem):
            switch problem {
            case .pastLastPage(let page, let pages):
                return "the session reaches page \(page), past the last page of \(bookID) (\(pages)); "
                    + "check the page numbers, or correct the book's page count if the edition is longer"
            case .inTheFuture(let today):
                return "the session's day, \(day), is after today (\(today)); log it on the day you read"
            case .laterToday(let time, let now):
                return "the session begins at \(time) today, later than now (\(now)); give the time it began"
            case .empty:
                return "the session of \(bookID) on \(day) records nothing; give the pages, the minutes or a note"
            case .tooManyMinutes(let minutes):
                return "the session lasts \(minutes) minutes, more than a day holds (1440); check the minutes"
            case .afterFinished(let finished):
                return "\(bookID) was finished on \(finished), before the session's day, \(day); "
                    + "to read it again, begin a new read"
            case .pastEnd(let position, let total):
                return "the session reaches \(position.spoken), past the end of \(bookID) (\(total.spoken)); "
                    + "check the position, or correct the book's \(position.unit == .time ? "duration" : "locations")"
            case .unknownTotal(let position, let key):
                return "the session gives \(position.spoken), but \(bookID) has no \(key) to measure it against; "
                    + "set the book's \(key) first"
            case .belowProgress(let position, let reached):
                return "the session ends at \(position.spoken), before \(reached.spoken), where the sessions before it "
                    + "reached; check the position or the day"
            case .pastLaterSession(let page, let laterDay, let laterPage):
                return "the session of \(day) ends on page \(page), but a later one of \(bookID), on \(laterDay), "
                    + "starts on page \(laterPage); check the page numbers or the day"
            }
        case .sessionNotFound(let bookID, let reference, let sessions):
            let what = reference == SessionReference.last.text ? "no sessions" : "no session \"\(reference)\""
            guard !sessions.isEmpty else { return "\(bookID) has \(what)" }
            let shown = sessions.count > 5 ? ["…"] + sessions.suffix(5) : sessions
            return "\(bookID) has \(what); its sessions: " + shown.joined(separator: ", ")
        case .ambiguousSession(let bookID, let day, let sessions):
            return "\(bookID) has \(sessions.count) sessions on \(day): \(sessions.joined(separator: ", ")); name one of them"
        case .unsafeName(let name, let reason):
            return "\"\(name)\" cannot be used as a name in the library: \(reason)"
        case .notInTrash(let id):
            return "\(id) is not in the trash (.shelf/trash)"
        case .notDeletedOn(let id, let day, let folders):
            return "no copy of \(id) in the trash was deleted on \(day); it is in .shelf/trash/ under "
                + folders.joined(separator: ", ")
        case .notInTrashAt(let path):
            return "\(path) is not a deleted book in the trash (.shelf/trash)"
        case .bookBeingEdited(let path, let pid):
            return "\(path) is open in an editor (process \(pid)), whose save would overwrite this change; "
                + "nothing was written — close the editor, then try again"
        case .restoreBlocked(let id, let existingPath):
            return "cannot restore \(id): \(existingPath) has that slug now; rename or remove it first, then restore"
        case .libraryBusy:
            return "another program is writing to this library; try again"
        case .cancelled:
            return "the write was cancelled; nothing was changed"
        case .symbolicLink(let path):
            return "\(path) is a symbolic link; shelf never writes through links — replace it with the file or folder itself"
        case .notToRead(let id, let status):
            return "\(id) is in \(status): only books still to read have a place up next"
        case .invalidQuery(let error):
            return error.description
        case .liveSessionRunning(let id, let started):
            return "a reading session of \(id) is running, begun \(started.day) at \(started.time); "
                + "one session at a time: stop or cancel it first"
        case .noLiveSession(let id):
            guard let id else { return "no reading session is running" }
            return "the reading session of \(id) is no longer running: it was stopped or cancelled elsewhere"
        case .nothingToUndo:
            return "there is no write to take back: the last writes made on this device are already undone, "
                + "or none were made"
        case .cannotUndo(let operation, let path):
            guard let path else {
                return "the \(operation) changed too many files to be kept, so it cannot be taken back; nothing was changed"
            }
            return "cannot take back the \(operation): \(path) changed since, and undoing would lose that change; "
                + "nothing was changed — change the file back by hand, or keep it as it is"
        case .newerFormat(let found, let supported):
            return "this library is in format \(found) (.shelf/config.yaml), written by a newer shelf; this one writes "
                + "format \(supported) and reads it without changing anything — update shelf to change the library"
        case .notABook(let path):
            return "\(path) is not a book: it does not pass the test of which notes are books (notes.only in .shelf/config.yaml)"
        case .exportOfAnotherService(let path, let line, let service, _, let expected, let columns):
            return "\(path):\(line):1: line \(line) is the header of a \(service) export, not of a \(expected) one (it has the "
                + "column\(columns.count == 1 ? "" : "s") \(columns.joined(separator: ", "))); import it as a \(service) export"
        }
    }


    /// A type error from a typed read, as the library reports it: path, key, value, position.
    static func from(_ error: FrontMatterError, document: FrontMatterDocument) -> ShelfError {
        guard case .typeMismatch(let key, let expected, _, let location) = error else { return .invalidFrontMatter(error) }
        return .invalidValue(path: location.path ?? document.path ?? "", key: key,
                             value: document[key].map(Self.valueText) ?? "", reason: "should be \(expected)",
                             at: SourceLocation(line: location.line, column: location.column))
    }

    /// `path:line:column` when the place in the file is known, else the path alone.
    private static func place(_ path: String, _ location: SourceLocation?) -> String {
        guard let location else { return path }
        return "\(path):\(location.line):\(location.column)"
    }

    /// A value as a person wrote it: a scalar's text, a list or mapping in flow style.
    static func valueText(_ node: YAMLNode) -> String {
        node.text ?? node.value.description
    }
}
