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
        let extent = BookExtent(pages: pages, locations: book.locations, minutes: book.durationMinutes)
        try refuseOutOfTime(session, of: book, today: today)
        try refuseUnmeasurable(session, of: book, extent: extent)
        // The sessions before it: with untimed names, those of its day too, since it comes after them.
        let before = existing.filter { !session.precedes($0) }
        // Where they reached: the furthest `to`, in its own unit; of two within the slack of
        // positions in different units, the later one.
        var reached = before.compactMap(\.toPosition).reduce(nil as ReadingPosition?) { furthest, position in
            guard let furthest else { return position }
            return extent.isBefore(position, furthest) == true ? furthest : position
        }
        // Sessions that count only pages move the reader on from there (`--pages 20` then
        // `--to 40` reads pages 21 to 40): the progress in pages, when it is further.
        if let page = ReadingProgress(before, extent: extent).page, page > (reached.flatMap { extent.page($0) } ?? 0) {
            reached = .page(page)
        }
        if session.fromPosition == nil, session.pages == nil, let to = session.toPosition {
            switch reached {
            case nil: session.fromPosition = to.unit == .page ? .page(1) : ReadingPosition.start(in: to.unit)
            case let reached? where reached == to: session.fromPosition = to
            case .page(let page)?: session.fromPosition = .page(page + 1)
            case let reached?: session.fromPosition = reached
            }
        }
        if let to = session.toPosition, let reached, extent.isBefore(to, reached) == true {
            if case .page(let page) = to, case .page(let progress) = reached {
                throw .sessionPageBelowProgress(bookID: book.id, page: page, progress: progress)
            }
            throw refuse(.belowProgress(position: to, reached: reached))
        }
        try refuseEmptyOrPastLastPage(session, of: book, extent: extent, before: before)
        // Past where the next session starts, in any units the book's length compares (as pages).
        if let to = session.toPosition,
           let later = existing.first(where: { session.precedes($0) && ($0.fromPosition ?? $0.toPosition) != nil }),
           let start = later.fromPosition ?? later.toPosition, extent.isBefore(start, to) == true,
           let page = extent.page(to), let laterPage = extent.page(start) {
            throw refuse(.pastLaterSession(page: page, laterDay: later.day, laterPage: laterPage))
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
        let extent = BookExtent(book)
        try refuseOutOfTime(session, of: book, today: today)
        try refuseUnmeasurable(session, of: book, extent: extent)
        try refuseEmptyOrPastLastPage(session, of: book, extent: extent, before: others.filter { !session.precedes($0) })
    }

    /// Throws for a session after today or longer than a day.
    private static func refuseOutOfTime(_ session: ReadingSession, of book: Book, today: Day) throws(ShelfError) {
        if session.day > today { throw .impossibleSession(bookID: book.id, day: session.day, problem: .inTheFuture(today: today)) }
        if let minutes = session.minutes, minutes > minutesInADay {
            throw .impossibleSession(bookID: book.id, day: session.day, problem: .tooManyMinutes(minutes))
        }
    }

    /// Throws for a location or a time the book has no total for, or past that total.
    private static func refuseUnmeasurable(_ session: ReadingSession, of book: Book, extent: BookExtent) throws(ShelfError) {
        for position in [session.fromPosition, session.toPosition].compactMap({ $0 }) {
            guard position.unit == .location || position.unit == .time, let key = BookExtent.key(of: position.unit) else { continue }
            guard let total = extent.total(in: position.unit) else {
                throw .impossibleSession(bookID: book.id, day: session.day, problem: .unknownTotal(position: position, key: key))
            }
            if position.value > total {
                let end: ReadingPosition = position.unit == .time ? .time(minutes: total) : .location(total)
                throw .impossibleSession(bookID: book.id, day: session.day, problem: .pastEnd(position: position, total: end))
            }
        }
    }

    /// Throws for a session that records nothing, or reaches past the book's `pages`.
    /// - Parameter before: The book's sessions before this one, in reading order.
    private static func refuseEmptyOrPastLastPage(_ original: ReadingSession, of book: Book, extent: BookExtent,
                                                  before earlier: [ReadingSession]) throws(ShelfError) {
        func refuse(_ problem: SessionProblem) -> ShelfError {
            .impossibleSession(bookID: book.id, day: original.day, problem: problem)
        }
        let pages = extent.pages
        // In pages, as every figure counts it; a position the book cannot turn into pages (no
        // `pages`) still records where the reader is, when it moved on from the last one.
        let session = original.inPages(of: extent)
        let before = earlier.map { $0.inPages(of: extent) }
        let placed = original.toPosition.map { to in
            to.page == nil && extent.page(to) == nil && to != earlier.last?.toPosition
        } ?? false
        // A `to` below `from` is refused as such when the session is checked for writing.
        let movesPages = session.pagesRead(after: before.last) > 0 || (session.to ?? 0) < (session.from ?? 0) || placed
        let says = (session.minutes ?? 0) > 0 || !session.note.allSatisfy(\.isWhitespace) || !session.extra.isEmpty
        if !movesPages && !says { throw refuse(.empty) }
        let reaches = session.to ?? ((ReadingProgress(before).page ?? 0) + (session.pages ?? 0))
        if let pages, movesPages, reaches > pages { throw refuse(.pastLastPage(page: reaches, pages: pages)) }
    }
}

extension SessionRules {
    /// What `check` reports of sessions already written that contradict their book: a `to`
    /// past its `pages`, a location or time past its `locations` or `duration` or without them,
    /// a `to` below a position an earlier session reached (going backwards in date order, compared
    /// across units through the book's length, `BookExtent/isBefore(_:_:)`), and sessions before its `started` or after its `finished`, each at the
    /// key at fault. For a book read before, only its current read's sessions.
    /// - Parameter finishCounts: Whether the book is in the finished status, where its
    ///   `finished` says when the read ended; elsewhere it is a date left from a finish taken
    ///   back (the book moved to the books to read, then begun), which no session contradicts.
    static func contradictions(of book: Book, in document: FrontMatterDocument, finishCounts: Bool,
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
        let extent = BookExtent(book)
        var reached: (position: ReadingPosition, day: Day)?
        for (session, sessionDocument) in ordered {
            guard let to = session.toPosition else { continue }
            for (key, position) in [("from", session.fromPosition), ("to", to)] {
                guard let position, position.unit == .location || position.unit == .time,
                      let totalKey = BookExtent.key(of: position.unit) else { continue }
                if let total = extent.total(in: position.unit) {
                    if position.value > total {
                        let end = position.unit == .time ? ReadingDuration.text(total) : String(total)
                        problems.append(problem(sessionDocument, key, "\(key) is past the end of \(book.path) (\(totalKey) \(end)), "
                                                + "found \"\(position)\""))
                    }
                } else {
                    problems.append(problem(sessionDocument, key, "\(key) is a \(position.unit == .time ? "time" : "location"), "
                                            + "but \(book.path) has no \(totalKey) to measure it against, found \"\(position)\""))
                }
            }
            if case .page(let page) = to, let pages = book.pages, page > pages {
                problems.append(problem(sessionDocument, "to", "to is past the last page of \(book.path) (\(pages)), found \"\(to)\""))
            }
            if let reached, extent.isBefore(to, reached.position) == true {
                problems.append(problem(sessionDocument, "to",
                                        "to goes back below \(reached.position.spoken), reached on \(reached.day), found \"\(to)\""))
            } else if let reached, let from = session.fromPosition, extent.isBefore(from, reached.position) == true {
                // Two sessions over the same part of the book (two devices logging one sitting):
                // what lies between is counted twice.
                let span: String
                if case .page(let first) = from, case .page(let last) = reached.position {
                    span = "pages \(first)–\(last) are"
                } else {
                    span = "\(from.spoken) to \(reached.position.spoken) is"
                }
                problems.append(problem(sessionDocument, "from",
                                        "from is below \(reached.position.spoken), reached on \(reached.day), so \(span) "
                                            + "counted twice; correct one of the two sessions, found \"\(from)\""))
            }
            if reached.map({ extent.isBefore($0.position, to) == true }) ?? true { reached = (to, session.day) }
        }
        if let started = book.started, let first = ordered.first?.session, first.day < started {
            problems.append(problem(document, "started",
                                    "started is after the first session, \(first.path), found \"\(started)\""))
        }
        if finishCounts, let finished = book.finished, let last = ordered.last?.session, last.day > finished {
            problems.append(problem(document, "finished",
                                    "finished is before the last session, \(last.path), found \"\(finished)\""))
        }
        // The read's own dates, where they count: a finished book ends no earlier than it began.
        if finishCounts, let started = book.started, let finished = book.finished, finished < started {
            problems.append(problem(document, "finished", "finished is before the day the read began (started: \(started)), found \"\(finished)\""))
        }
        return problems
    }
}
