/// How a ``ReadingSession`` is written in a file and read back.
enum SessionFormat {
    static let keys = ["from", "to", "minutes", "pages"]
    private static let knownKeys = Set(keys)

    /// Reads a session, collecting type errors and a `to` below `from`. A key a merge left in
    /// conflict reads as absent (``MergeConflictMarks``), so the session can still be listed
    /// and corrected; `check` reports the conflict.
    static func read(_ document: FrontMatterDocument, bookID: BookID, name: SessionFileName) -> (ReadingSession, [ShelfError]) {
        var reader = FieldReader(document)
        func position(_ key: String) -> ReadingPosition? {
            guard let text = reader.read({ document throws(FrontMatterError) in try document.string(key) }) else { return nil }
            if let position = ReadingPosition(text) { return position }
            reader.reject(key, reason: positionReason)
            return nil
        }
        let from = position("from"), to = position("to")
        let session = Self.session(
            bookID: bookID, name: name, from: from, to: to,
            pages: reader.read { document throws(FrontMatterError) in try document.int("pages") },
            minutes: reader.read { document throws(FrontMatterError) in try document.int("minutes") },
            extra: reader.extra(excluding: knownKeys), note: reader.body, path: document.path ?? "")
        if let from, let to, isBackwards(from: from, to: to) {
            reader.reject("to", reason: "is below from (\(from))")
        }
        return (session, MergeConflictMarks.withoutConflictedKeys(reader.errors, in: document))
    }

    /// A session of the book `bookID` named `name`, from the values its file holds.
    static func session(bookID: BookID, name: SessionFileName, from: ReadingPosition?, to: ReadingPosition?, pages: Int?,
                        minutes: Int?, extra: [YAMLValue.Entry], note: String, path: String) -> ReadingSession {
        var session = ReadingSession(
            bookID: bookID, day: name.day, time: name.time, sequence: name.sequence, suffix: name.suffix,
            pages: pages, minutes: minutes, extra: extra, note: note, path: path)
        session.fromPosition = from
        session.toPosition = to
        return session
    }

    /// Whether `to` is below `from` in the same unit, which a file may not say.
    static func isBackwards(from: ReadingPosition, to: ReadingPosition) -> Bool {
        from.unit == to.unit && to.value < from.value
    }

    /// Why a `from` or `to` that is no position is refused.
    static let positionReason = "should be a page (120), a percent (45%), a location (loc 3400) or a time (3h20m)"

    /// A position as a file holds it: a page as a number, the others as text (`45%`).
    static func yamlValue(_ position: ReadingPosition) -> YAMLValue {
        if case .page(let page) = position { return .int(page) }
        return .string(position.description)
    }

    /// A new session file: `from`, `to`, `minutes`, `pages`, extra keys, then the note.
    static func newFile(_ session: ReadingSession, path: String) throws(ShelfError) -> FrontMatterDocument {
        let values: [(String, YAMLValue?)] = [("from", session.fromPosition.map(yamlValue)), ("to", session.toPosition.map(yamlValue)),
                                              ("minutes", session.minutes.map(YAMLValue.int)), ("pages", session.pages.map(YAMLValue.int))]
        let entries = values.compactMap { pair in pair.1.map { YAMLValue.Entry(pair.0, $0) } } + session.extra
        return try DocumentWriting.newFile(entries: entries, body: session.note, path: path)
    }

    /// Throws when a session cannot be written: negative numbers, `to` below `from`, extra keys
    /// that are session keys.
    static func validate(_ session: ReadingSession, path: String) throws(ShelfError) {
        for (key, value) in [("from", session.fromPosition?.value), ("to", session.toPosition?.value), ("minutes", session.minutes),
                             ("pages", session.pages)] {
            if let value, value < 0 {
                throw .invalidValue(path: path, key: key, value: String(value), reason: "should not be negative", at: nil)
            }
        }
        for (key, position) in [("from", session.fromPosition), ("to", session.toPosition)] {
            if case .percent(let percent)? = position, percent > 100 {
                throw .invalidValue(path: path, key: key, value: "\(percent)%", reason: "should be at most 100%", at: nil)
            }
        }
        if let from = session.fromPosition, let to = session.toPosition, from.unit == to.unit, to.value < from.value {
            throw .invalidValue(path: path, key: "to", value: to.description, reason: "is below from (\(from))", at: nil)
        }
        for entry in session.extra where knownKeys.contains(entry.key) || entry.key.isEmpty {
            throw .invalidValue(path: path, key: entry.key, value: "", reason: "is a session field; set it on the session, not in extra",
                                at: nil)
        }
    }
}
