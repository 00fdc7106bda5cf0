/// Finding every problem in a library's files.
extension LibraryFiles {
    /// One book file and its sessions, checked together so a scan can spread them over cores.
    struct CheckUnit: Sendable {
        var location: BookLocation
        var sessionNames: [String]
        /// Whether the book is in the finished status (``SessionRules/contradictions(of:in:finishCounts:sessions:)``).
        var finishCounts: Bool
        /// The statuses in the finished role, for a book of an adopted library, whose status
        /// is known once it is read.
        var finishedStatuses: [Status] = []
    }

    /// The problems of one book file and its session files, and where its ISBN is, for the
    /// duplicates across files.
    static func problems(of unit: CheckUnit, in storage: Storage) -> (problems: [Problem], isbn: DuplicateKeys.ISBNMark?) {
        var problems: [Problem] = []
        var isbn: DuplicateKeys.ISBNMark?
        let path = unit.location.path
        var read: (book: Book, document: FrontMatterDocument)?
        do throws(ShelfError) {
            let notes = unit.location.notes
            let document = try FrontMatterDocument(libraryFile: try storage.read(path), path: path, lenient: notes != nil)
            // A note among the books that is not one has nothing to check.
            if let notes, !NoteFormat.isBook(document, conventions: notes.conventions) { return ([], nil) }
            let (book, errors) = BookFormat.read(document, at: unit.location)
            // A note's rating is on its own scale, read to shelf's 0–5 with its decimals
            // (`4.2`, `8/10`): the rule of half steps is shelf's, not the note's.
            let valueProblems = BookFormat.valueProblems(of: book, in: document).filter { problem in
                guard notes != nil, case .invalidValue(_, let key, _, _, _) = problem else { return true }
                return key != notes?.conventions.key(for: "rating") && key != "rating"
            }
            problems += MergeConflictMarks.withoutConflictedKeys(errors + valueProblems, in: document)
                .map { Problem($0, path: path) }
            problems += document.duplicateKeys.map { Problem(.invalidFrontMatter($0), path: path) }
            if let notes { problems += NoteFormat.problems(of: document, conventions: notes.conventions).map { Problem($0, path: path) } }
            problems += MergeConflictMarks.problems(in: document, path: path, place: .book(slug: unit.location.slug))
            read = (book, document)
            isbn = DuplicateKeys.isbnMark(of: book, in: document, path: path)
            if let cover = book.cover, let file = CoverFile.path(of: cover, besideBookIn: unit.location.directory),
               storage.kind(of: file) == nil {
                let node = document[notes?.conventions.key(for: "cover") ?? "cover"]
                let location = node.map { document.location(of: $0) }
                problems.append(Problem(path: path, line: location?.line ?? 0, column: location?.column ?? 0,
                                        message: "cover names \(cover), and there is no \(file)"))
            }
        } catch {
            problems.append(Problem(error, path: path))
        }
        let folder = unit.location.sessionFolder
        var sessions: [(session: ReadingSession, document: FrontMatterDocument)] = []
        var named: [String: SessionFileName] = [:]
        for name in unit.sessionNames where name.hasSuffix(".md") && !name.hasPrefix(".") {
            guard let parsed = SessionFileName(name) else {
                problems.append(Problem(path: folder + "/" + name, line: 0, column: 0,
                                        message: "session file name is not a date; name it YYYY-MM-DD-HHMM.md or YYYY-MM-DD.md"))
                continue
            }
            named[name] = parsed
        }
        storage.readEach(unit.sessionNames.filter { named[$0] != nil }, in: folder) { name, bytes in
            let sessionPath = folder + "/" + name
            guard let parsed = named[name] else { return }
            do throws(ShelfError) {
                let document = try FrontMatterDocument(libraryFile: try bytes.get(), path: sessionPath)
                let (session, errors) = SessionFormat.read(document, bookID: BookID(unit.location.slug), name: parsed)
                problems += MergeConflictMarks.withoutConflictedKeys(errors, in: document).map { Problem($0, path: sessionPath) }
                problems += MergeConflictMarks.problems(in: document, path: sessionPath,
                                                       place: .session(slug: unit.location.slug, name: String(name.dropLast(3))))
                sessions.append((session, document))
            } catch {
                problems.append(Problem(error, path: sessionPath))
            }
        }
        if let read {
            // In an adopted library the status is the note's, known once it is read.
            let finishCounts = unit.location.statusIsFolder ? unit.finishCounts
                : unit.finishedStatuses.contains(unit.location.status(of: read.book))
            problems += SessionRules.contradictions(of: read.book, in: read.document, finishCounts: finishCounts, sessions: sessions)
        }
        return (problems, isbn)
    }

    /// The errors not about a key a merge left in conflict: that key gets one problem of its
    /// own, saying how to resolve it, instead of "should be a number".

    /// Problems that come from the library as a whole: the configuration, duplicate slugs and
    /// session folders whose book is gone. The entries a walk by name cannot see are the
    /// storage's own scan (``LibraryStorage/entryProblems(statuses:)``).
    func libraryProblems(_ listing: LibraryWalk) -> [Problem] {
        var problems: [Problem] = []
        if storage.isFile(LibraryConfiguration.path) {
            do throws(ShelfError) {
                _ = try LibraryConfiguration(yaml: try storage.read(LibraryConfiguration.path))
            } catch {
                problems.append(Problem(error, path: LibraryConfiguration.path))
            }
        }
        // A folder the walk could not list is among the entries' problems
        // (``LibraryStorage/entryProblems(statuses:)``), once.
        problems += listing.duplicateProblems
        for folder in listing.orphanSessionFolders {
            problems.append(Problem(path: folder + "/", line: 0, column: 0,
                                    message: "session folder without a book: \(folder).md does not exist"))
        }
        return problems
    }
}
