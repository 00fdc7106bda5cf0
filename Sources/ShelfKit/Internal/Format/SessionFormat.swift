/// How a ``ReadingSession`` is written in a file and read back.
enum SessionFormat {
    static let keys = ["from", "to", "minutes", "pages"]
    private static let knownKeys = Set(keys)

    /// Reads a session, collecting type errors and a `to` below `from`. A key a merge left in
    /// conflict reads as absent (``MergeConflictMarks``), so the session can still be listed
    /// and corrected; `check` reports the conflict.
    static func read(_ document: FrontMatterDocument, bookID: BookID, name: SessionFileName) -> (ReadingSession, [ShelfError]) {
        var reader = FieldReader(document)
        let session = ReadingSession(
            bookID: bookID, day: name.day, time: name.time, sequence: name.sequence,
            from: reader.read { document throws(FrontMatterError) in try document.int("from") },
            to: reader.read { document throws(FrontMatterError) in try document.int("to") },
            pages: reader.read { document throws(FrontMatterError) in try document.int("pages") },
            minutes: reader.read { document throws(FrontMatterError) in try document.int("minutes") },
            extra: reader.extra(excluding: knownKeys),
            note: reader.body,
            path: document.path ?? ""
        )
        if let from = session.from, let to = session.to, to < from {
            reader.reject("to", reason: "is below from (\(from))")
        }
        return (session, MergeConflictMarks.withoutConflictedKeys(reader.errors, in: document))
    }

    /// A new session file: `from`, `to`, `minutes`, `pages`, extra keys, then the note.
    static func newFile(_ session: ReadingSession, path: String) throws(ShelfError) -> FrontMatterDocument {
        let values: [(String, Int?)] = [("from", session.from), ("to", session.to), ("minutes", session.minutes),
                                        ("pages", session.pages)]
        let entries = values.compactMap { pair in pair.1.map { YAMLValue.Entry(pair.0, .int($0)) } } + session.extra
        return try DocumentWriting.newFile(entries: entries, body: session.note, path: path)
    }

    /// Throws when a session cannot be written: negative numbers, `to` below `from`, extra keys
    /// that are session keys.
    static func validate(_ session: ReadingSession, path: String) throws(ShelfError) {
        for (key, value) in [("from", session.from), ("to", session.to), ("minutes", session.minutes), ("pages", session.pages)] {
            if let value, value < 0 {
                throw .invalidValue(path: path, key: key, value: String(value), reason: "should not be negative", line: 0, column: 0)
            }
        }
        if let from = session.from, let to = session.to, to < from {
            throw .invalidValue(path: path, key: "to", value: String(to), reason: "is below from (\(from))", line: 0, column: 0)
        }
        for entry in session.extra where knownKeys.contains(entry.key) || entry.key.isEmpty {
            throw .invalidValue(path: path, key: entry.key, value: "", reason: "is a session field; set it on the session, not in extra",
                                line: 0, column: 0)
        }
    }
}
