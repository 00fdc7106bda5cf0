/// How a person names one of a book's sessions: its file name without `.md`
/// (`2026-11-20-0740-kbxt`, `2026-11-20`, `2026-11-20-2`), that name without its letters when
/// no other session shares it (`2026-11-20-0740`), a day when the book has exactly one
/// session that day (`2026-11-20`, `yesterday`, `3d`, as `Day/parse(_:today:)` reads them),
/// or `last`, the latest in reading order.
///
/// ```swift
/// let session = try SessionReference("yesterday").resolve(in: try await library.sessions(of: "dune"), of: "dune")
/// ```
package struct SessionReference: Sendable, Hashable, CustomStringConvertible {
    /// What the person wrote, less a trailing `.md` and any folders before the name.
    package let text: String

    /// The book's latest session.
    package static let last = SessionReference("last")

    /// A reference as written; a path to the file (`reading/dune/2026-11-20-0740.md`) names it too.
    package init(_ text: String) {
        var name = text.split(separator: "/").last.map(String.init) ?? text
        if name.hasSuffix(".md") { name.removeLast(3) }
        self.text = name
    }

    package var description: String { text }

    /// The session of `sessions` (one book's, as ``LibraryReading/sessions(of:)`` returns them)
    /// this reference names: a file name first, then a day.
    /// - Throws: ``ShelfError/sessionNotFound(bookID:reference:sessions:)``, or
    ///   ``ShelfError/ambiguousSession(bookID:day:sessions:)`` for a day with several sessions.
    package func resolve(in sessions: [ReadingSession], of bookID: BookID, today: Day = .today()) throws(ShelfError) -> ReadingSession {
        let ordered = sessions.sorted { $0.precedes($1) }
        let names = ordered.map(\.name)
        if self == .last, let last = ordered.last { return last }
        if let index = names.firstIndex(of: text) { return ordered[index] }
        let unlettered = ordered.filter { session in
            session.suffix != nil && SessionFileName(day: session.day, time: session.time, sequence: session.sequence).stem == text
        }
        if unlettered.count == 1 { return unlettered[0] }
        if let first = unlettered.first { throw .ambiguousSession(bookID: bookID, day: first.day, sessions: unlettered.map(\.name)) }
        if self != .last, let day = Day.parse(text, today: today) {
            let thatDay = ordered.filter { $0.day == day }
            if thatDay.count == 1 { return thatDay[0] }
            if thatDay.count > 1 { throw .ambiguousSession(bookID: bookID, day: day, sessions: thatDay.map(\.name)) }
        }
        throw .sessionNotFound(bookID: bookID, reference: text, sessions: names)
    }
}

extension ReadingSession {
    /// The file's name without `.md` (`2026-11-20-0740`): how a person names the session
    /// (`SessionReference`).
    package var name: String {
        let file = path.split(separator: "/").last.map(String.init) ?? ""
        if file.hasSuffix(".md"), SessionFileName(file) != nil { return String(file.dropLast(3)) }
        return SessionFileName(day: day, time: time, sequence: sequence, suffix: suffix).stem
    }
}
