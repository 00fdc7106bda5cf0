package import ShelfKit

/// The sessions of one library book after an import: its KOReader turns (those its imported
/// session files keep and those of the database, united) split into sessions, placed among the
/// sessions logged by hand, and compared with the files it has.
struct KOReaderBookSessions {
    /// The session files to write.
    var changes: [SessionChange] = []
    /// Sessions the import writes or leaves as they are, in time order.
    var sessions: [ReadingSession] = []
    /// Imported sessions already as they should be.
    var unchanged = 0
    var added = 0
    var updated = 0
    var removed = 0
    /// The turns the sessions hold.
    var turns = 0
    /// Sessions not written because they are after the day the book was finished.
    var afterFinish: [Day] = []
    /// Sessions logged by hand that overlap an imported one, and imported files that could not
    /// be read back: reported, never changed.
    var problems: [Problem] = []

    /// The first and last day of the sessions written.
    var days: ClosedRange<Day>? {
        guard let first = sessions.first?.day, let last = sessions.last?.day else { return nil }
        return first...max(first, last)
    }

    /// Plans `book`'s sessions.
    /// - Parameters:
    ///   - newTurns: The database's turns of each md5 the book is read as.
    ///   - readerPages: KOReader's page count of each md5, for a book without `pages`.
    ///   - existing: The book's sessions now.
    ///   - finished: The day the book counts as finished, after which no session is written.
    init(book: Book, newTurns: [String: [PageTurn]], readerPages: [String: Int], existing: [ReadingSession],
         finished: Day?, rules: KOReaderSessionRules) {
        // The sessions an earlier import wrote, by md5, and the turns they keep.
        var imported: [ReadingSession] = []
        var keptTurns: [String: [PageTurn]] = [:]
        var byHand: [ReadingSession] = []
        for session in existing {
            guard case .string(let encoded)? = session.extra.first(where: { $0.key == KOReaderSessionKeys.turns })?.value else {
                byHand.append(session)
                continue
            }
            guard let turns = KOReaderSessionKeys.decode(encoded), let md5 = Self.md5(of: session) else {
                problems.append(Problem(path: session.path, line: 0, column: 0,
                                        message: "\(KOReaderSessionKeys.turns) is not a list of KOReader page turns; the session is left as it is"))
                continue
            }
            imported.append(session)
            keptTurns[md5, default: []] += turns
        }

        // Every md5's turns, united, split into sessions.
        struct Draft {
            var md5: String
            var turns: [PageTurn]
            var start: Int64
            var end: Int64
            var day: Day
            var time: TimeOfDay
        }
        var drafts: [Draft] = []
        for md5 in Set(keptTurns.keys).union(newTurns.keys).sorted() {
            let turns = KOReaderSessionRules.union(keptTurns[md5] ?? [], newTurns[md5] ?? [])
            for group in rules.split(turns) {
                guard let first = group.first, let local = rules.localStart(first.start) else { continue }
                drafts.append(Draft(md5: md5, turns: group, start: first.start, end: group.map(\.end).max() ?? first.end,
                                    day: local.day, time: local.time))
            }
        }
        drafts.sort { ($0.start, $0.md5) < ($1.start, $1.md5) }

        // Placed among the sessions by hand, in reading order: where the reading had got to
        // before each imported session decides the pages it adds.
        let extent = BookExtent(book)
        let readStart = book.currentReadStart
        // Where the current read had got to, and where an earlier read's imported sessions had
        // (those before `currentReadStart`, which `check` holds to nothing of the current read).
        var reached = 0
        var reachedBefore = 0
        var handIndex = 0
        let hand = byHand.sorted { $0.precedes($1) }
        func reach(_ session: ReadingSession) {
            if let start = readStart, session.day < start { return }
            if let to = session.inPages(of: extent).to { reached = max(reached, to) }
        }
        var planned: [ReadingSession] = []
        var plannedStarts: [Int64] = []
        for draft in drafts {
            while handIndex < hand.count, (hand[handIndex].day, hand[handIndex].time?.minutes ?? -1) <= (draft.day, draft.time.minutes) {
                reach(hand[handIndex])
                handIndex += 1
            }
            if let finished, draft.day > finished {
                afterFinish.append(draft.day)
                continue
            }
            let inCurrentRead = readStart.map { draft.day >= $0 } ?? true
            var level = inCurrentRead ? reached : reachedBefore
            let pages = book.pages ?? readerPages[draft.md5]
            var low = Int.max, high = 0, seconds = 0
            for turn in draft.turns {
                let range = KOReaderSessionRules.pages(of: turn, in: pages)
                low = min(low, range.lowerBound)
                high = max(high, range.upperBound)
                seconds += turn.duration
            }
            var session = ReadingSession(bookID: book.id, day: draft.day, time: draft.time, sequence: 1,
                                         suffix: KOReaderSessionKeys.suffix, minutes: (seconds + 30) / 60)
            // Only the pages not reached before: a page read again is time, not progress, and
            // no two sessions count one page.
            if high > level {
                session.fromPosition = .page(max(low, level + 1))
                session.toPosition = .page(high)
                level = high
            }
            if inCurrentRead { reached = level } else { reachedBefore = level }
            session.extra = [YAMLValue.Entry(KOReaderSessionKeys.source, .string(KOReaderSessionKeys.sourceValue)),
                             YAMLValue.Entry(KOReaderSessionKeys.md5, .string(draft.md5)),
                             YAMLValue.Entry(KOReaderSessionKeys.turns, .string(KOReaderSessionKeys.encode(draft.turns)))]
            if let previous = planned.last, previous.day == session.day, previous.time == session.time {
                session.sequence = previous.sequence + 1
            }
            turns += draft.turns.count
            planned.append(session)
            plannedStarts.append(draft.start)
            for other in hand where Self.overlaps(other, draft.day, draft.time.minutes, minutes: Int((draft.end - draft.start + 59) / 60)) {
                problems.append(Problem(path: other.path, line: 0, column: 0,
                                        message: "logged by hand at the time of the KOReader session \(Self.stem(of: session)) "
                                            + "(\(draft.time)–\(rules.localStart(draft.end)?.time.description ?? "")); "
                                            + "both kept: remove one if they are the same reading"))
            }
        }

        // Compared with the files: same name and values, unchanged; same name, rewritten (the
        // person's note and keys kept); a name no longer made, removed (its note carried to
        // the session that now holds its first page turn).
        var oldByName: [String: ReadingSession] = [:]
        for session in imported { oldByName[Self.stem(of: session)] = session }
        let names = Set(planned.map(Self.stem(of:)))
        var carried: [Int: [String]] = [:]
        for old in imported where !names.contains(Self.stem(of: old)) {
            removed += 1
            changes.append(.remove(old))
            let note = old.note.trimmingSpaces()
            guard !note.isEmpty else { continue }
            let start = Self.turns(of: old).first?.start ?? 0
            let index = plannedStarts.lastIndex { $0 <= start } ?? 0
            if planned.indices.contains(index) { carried[index, default: []].append(old.note) }
        }
        for (index, new) in planned.enumerated() {
            var new = new
            if let notes = carried[index] { new.note = notes.joined(separator: "\n") }
            guard let old = oldByName[Self.stem(of: new)] else {
                added += 1
                changes.append(.create(new))
                sessions.append(new)
                continue
            }
            var desired = old
            desired.fromPosition = new.fromPosition
            desired.toPosition = new.toPosition
            desired.minutes = new.minutes
            for entry in new.extra {
                if let position = desired.extra.firstIndex(where: { $0.key == entry.key }) {
                    desired.extra[position] = entry
                } else {
                    desired.extra.append(entry)
                }
            }
            if let notes = carried[index] { desired.note = ([old.note] + notes).joined(separator: "\n") }
            if desired.fromPosition == old.fromPosition, desired.toPosition == old.toPosition, desired.minutes == old.minutes,
               desired.extra == old.extra, desired.note == old.note {
                unchanged += 1
            } else {
                updated += 1
                changes.append(.replace(old, with: desired))
            }
            sessions.append(desired)
        }
    }

    /// The md5 an imported session names.
    static func md5(of session: ReadingSession) -> String? {
        guard case .string(let md5)? = session.extra.first(where: { $0.key == KOReaderSessionKeys.md5 })?.value else { return nil }
        return md5.lowercased()
    }

    /// The turns an imported session keeps.
    private static func turns(of session: ReadingSession) -> [PageTurn] {
        guard case .string(let encoded)? = session.extra.first(where: { $0.key == KOReaderSessionKeys.turns })?.value else { return [] }
        return KOReaderSessionKeys.decode(encoded) ?? []
    }

    static func stem(of session: ReadingSession) -> String {
        KOReaderSessionNaming.stem(of: session)
    }

    /// Whether a session logged with a time and minutes overlaps the minutes from `start`.
    private static func overlaps(_ session: ReadingSession, _ day: Day, _ start: Int, minutes: Int) -> Bool {
        guard session.day == day, let time = session.time, let length = session.minutes, length > 0 else { return false }
        return time.minutes < start + max(1, minutes) && start < time.minutes + length
    }
}

/// The names of session files, as the importer and its dry run show them.
package enum KOReaderSessionNaming {
    /// A session's file name without `.md`: `2025-11-12-2130-koreader`, `2025-11-12-2130-2-koreader`.
    package static func stem(of session: ReadingSession) -> String {
        var stem = session.day.description
        if let time = session.time { stem += "-" + time.compact }
        if session.sequence > 1 { stem += "-\(session.sequence)" }
        if let suffix = session.suffix { stem += "-" + suffix }
        return stem
    }
}
