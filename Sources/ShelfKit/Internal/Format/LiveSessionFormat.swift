internal import FrontMatter

/// The file of a reading session in progress, `.shelf/live/<slug>.md`: front matter with the
/// book, the moment it began, the page it began on and the pauses, and the notes as the body,
/// one line each.
///
/// ```
/// ---
/// book: cloud-atlas
/// started: 2026-11-24T09:30:12+01:00
/// page: 97
/// pauses:
///   - [2026-11-24T09:40:00+01:00, 2026-11-24T09:45:00+01:00]
///   - [2026-11-24T09:50:00+01:00]
/// ---
/// Sonmi's chapter.
/// ```
enum LiveSessionFormat {
    /// The folder of the live sessions, relative to the library; device-local, in `.shelf/.gitignore`.
    static let folder = ".shelf/live"

    /// The file of `bookID`'s live session, relative to the library.
    static func path(of bookID: BookID) -> String { folder + "/" + bookID.rawValue + ".md" }

    /// The file's bytes.
    static func bytes(of live: LiveSession) -> [UInt8] {
        // The slug through the YAML emitter: a file named `#1.md` or `null.md` has a slug that
        // would read back as a comment or as no value when written plain.
        var text = "---\nbook: \(YAMLValue.string(live.bookID.rawValue))\nstarted: \(live.started)\n"
        if let page = live.startPage { text += "page: \(page)\n" }
        if !live.pauses.isEmpty {
            text += "pauses:\n"
            for pause in live.pauses {
                text += "  - [\(pause.start)" + (pause.end.map { ", \($0)" } ?? "") + "]\n"
            }
        }
        text += "---\n"
        for line in live.notes { text += line + "\n" }
        return Array(text.utf8)
    }

    /// Reads a live session file.
    /// - Throws: ``ShelfError/invalidFrontMatter(_:)`` or ``ShelfError/invalidValue(path:key:value:reason:at:)``
    ///   naming the line and column of what cannot be read.
    static func read(_ bytes: [UInt8], path: String) throws(ShelfError) -> LiveSession {
        let document = try FrontMatterDocument(libraryFile: bytes, path: path)
        func invalid(_ key: String, _ node: YAMLNode?, _ reason: String) -> ShelfError {
            let location = node.map { document.location(of: $0) } ?? document.location(ofKey: key)
            return .invalidValue(path: path, key: key, value: node.map { $0.text ?? $0.value.description } ?? "",
                                 reason: reason, at: SourceLocation(line: location.line, column: location.column))
        }
        func moment(_ key: String, _ node: YAMLNode?) throws(ShelfError) -> LocalDateTime {
            guard let text = node?.text, let moment = LocalDateTime(text) else {
                throw invalid(key, node, "expected a date and time as YYYY-MM-DDTHH:MM:SS+HH:MM")
            }
            return moment
        }
        guard let book = document["book"]?.text, !book.isEmpty else { throw invalid("book", document["book"], "expected the book's slug") }
        let started = try moment("started", document["started"])
        var page: Int?
        if let node = document["page"], !node.isNull {
            guard let value = node.value.wholeNumber, value >= 0 else { throw invalid("page", node, "expected a page number") }
            page = value
        }
        var pauses: [LiveSession.Pause] = []
        if let node = document["pauses"], !node.isNull {
            guard case .sequence(let list) = node else { throw invalid("pauses", node, "expected a list of [start, end] pairs") }
            for (index, item) in list.items.enumerated() {
                guard case .sequence(let pair) = item, (1...2).contains(pair.items.count),
                      pair.items.count == 2 || index == list.items.count - 1 else {
                    throw invalid("pauses", item, "expected [start, end], or [start] for the last pause while paused")
                }
                let start = try moment("pauses", pair.items[0])
                let end = pair.items.count == 2 ? try moment("pauses", pair.items[1]) : nil
                pauses.append(LiveSession.Pause(start: start, end: end))
            }
        }
        var notes = LiveSession.lines(of: document.body)
        if notes.last == "" { notes.removeLast() }
        return LiveSession(bookID: BookID(book), started: started, startPage: page, pauses: pauses, notes: notes)
    }
}
