internal import FrontMatter

/// What makes a session possible: the rules `log` holds a new session to, and `check` holds the
/// sessions already written to, so the Swift API refuses what the command does.
enum SessionRules {
    /// The most minutes one day holds.
    static let minutesInADay = 24 * 60

    /// `session` as it will be written, with `from` filled in when only `to` is given (the page
    /// after the progress so far, or that page when `to` is where the book already is).
    /// - Parameters:
    ///   - pages: The book's page count the session is held to (the one a caller corrects it to).
    ///   - existing: The book's sessions, in reading order. `session` has its time and sequence,
    ///     which place it among them.
    /// - Throws: ``ShelfError/impossibleSession(bookID:day:problem:)``, and
    ///   ``ShelfError/sessionPageBelowProgress(bookID:page:progress:)`` for a `to` below the page
    ///   the sessions up to its day reached.
    static func checked(_ session: ReadingSession, of book: Book, pages: Int?, after existing: [ReadingSession],
                        today: Day) throws(ShelfError) -> ReadingSession {
        func refuse(_ problem: SessionProblem) -> ShelfError {
            .impossibleSession(bookID: book.id, day: session.day, problem: problem)
        }
        var session = session
        try refuseOutOfTime(session, of: book, today: today)
        // The sessions before it: with untimed names, those of its day too, since it comes after them.
        let before = existing.filter { !session.precedes($0) }
        let reached = before.compactMap(\.to).max()
        if session.from == nil, session.pages == nil, let to = session.to {
            session.from = to == reached ? to : (reached ?? 0) + 1
        }
        if let to = session.to, let reached, to < reached {
            throw .sessionPageBelowProgress(bookID: book.id, page: to, progress: reached)
        }
        try refuseEmptyOrPastLastPage(session, of: book, pages: pages, before: before)
        if let to = session.to, let later = existing.first(where: { session.precedes($0) && ($0.from ?? $0.to) != nil }),
           let start = later.from ?? later.to, to > start {
            throw refuse(.pastLaterSession(page: to, laterDay: later.day, laterPage: start))
        }
        return session
    }

    /// A correction of a session already written, as ``LibraryWriting/update(_:)-(ReadingSession)``
    /// holds it: refused when it is impossible in itself (after today, longer than a day, empty,
    /// past the book's last page), but not for pages at odds with the other sessions, which
    /// the person may be correcting one after the other (``contradictions(of:in:sessions:)``
    /// reports those).
    /// - Parameter others: The book's other sessions, in reading order.
    static func checkCorrection(_ session: ReadingSession, of book: Book, among others: [ReadingSession],
                                today: Day) throws(ShelfError) {
        try refuseOutOfTime(session, of: book, today: today)
        try refuseEmptyOrPastLastPage(session, of: book, pages: book.pages, before: others.filter { !session.precedes($0) })
    }

    /// Throws for a session after today or longer than a day.
    private static func refuseOutOfTime(_ session: ReadingSession, of book: Book, today: Day) throws(ShelfError) {
        if session.day > today { throw .impossibleSession(bookID: book.id, day: session.day, problem: .inTheFuture(today: today)) }
        // Reading a finished book again is a new read, begun with `start`; a session after the
        // book was finished would contradict it (and `check` would say so).
        if let finished = book.finished, session.day > finished {
            throw .impossibleSession(bookID: book.id, day: session.day, problem: .afterFinished(finished))
        }
        if let minutes = session.minutes, minutes > minutesInADay {
            throw .impossibleSession(bookID: book.id, day: session.day, problem: .tooManyMinutes(minutes))
        }
    }

    /// Throws for a session that records nothing, or reaches past the book's `pages`.
    /// - Parameter before: The book's sessions before this one, in reading order.
    private static func refuseEmptyOrPastLastPage(_ session: ReadingSession, of book: Book, pages: Int?,
                                                  before: [ReadingSession]) throws(ShelfError) {
        func refuse(_ problem: SessionProblem) -> ShelfError {
            .impossibleSession(bookID: book.id, day: session.day, problem: problem)
        }
        // A `to` below `from` is refused as such when the session is checked for writing.
        let movesPages = session.pagesRead(after: before.last) > 0 || (session.to ?? 0) < (session.from ?? 0)
        let says = (session.minutes ?? 0) > 0 || !session.note.allSatisfy(\.isWhitespace) || !session.extra.isEmpty
        if !movesPages && !says { throw refuse(.empty) }
        let reaches = session.to ?? ((ReadingProgress(before).page ?? 0) + (session.pages ?? 0))
        if let pages, movesPages, reaches > pages { throw refuse(.pastLastPage(page: reaches, pages: pages)) }
    }
}

extension SessionRules {
    /// What `check` reports of sessions already written that contradict their book: a `to`
    /// past its `pages`, a `to` below a page an earlier session reached (pages going backwards
    /// in date order), and sessions before its `started` or after its `finished`, each at the
    /// key at fault. For a book read before, only its current read's sessions.
    static func contradictions(of book: Book, in document: FrontMatterDocument,
                               sessions: [(session: ReadingSession, document: FrontMatterDocument)]) -> [Problem] {
        var problems: [Problem] = []
        // At the value, as the other problems of a value are.
        func problem(_ document: FrontMatterDocument, _ key: String, _ message: String) -> Problem {
            let start = document.fields.entry(key)?.value.span.start
            return Problem(path: document.path ?? "", line: start?.line ?? 0, column: start?.column ?? 0, message: message)
        }
        // A book read before is held to the sessions of its current read: the earlier reads'
        // sessions went back to page 1 when the new read began.
        let ordered = sessions.filter { item in book.currentReadStart.map { item.session.day >= $0 } ?? true }
            .sorted { $0.session.precedes($1.session) }
        var reached: (page: Int, day: Day)?
        for (session, sessionDocument) in ordered {
            guard let to = session.to else { continue }
            if let pages = book.pages, to > pages {
                problems.append(problem(sessionDocument, "to", "to is past the last page of \(book.path) (\(pages)), found \"\(to)\""))
            }
            if let reached, to < reached.page {
                problems.append(problem(sessionDocument, "to",
                                        "to goes back below page \(reached.page), reached on \(reached.day), found \"\(to)\""))
            } else if let reached, let from = session.from, from < reached.page {
                // Two sessions over the same pages (two devices logging one sitting): the pages
                // between are counted twice.
                problems.append(problem(sessionDocument, "from",
                                        "from is below page \(reached.page), reached on \(reached.day), so pages \(from)–\(reached.page) "
                                            + "are counted twice; correct one of the two sessions, found \"\(from)\""))
            }
            if to > reached?.page ?? 0 { reached = (to, session.day) }
        }
        if let started = book.started, let first = ordered.first?.session, first.day < started {
            problems.append(problem(document, "started",
                                    "started is after the first session, \(first.path), found \"\(started)\""))
        }
        if let finished = book.finished, let last = ordered.last?.session, last.day > finished {
            problems.append(problem(document, "finished",
                                    "finished is before the last session, \(last.path), found \"\(finished)\""))
        }
        return problems
    }
}
