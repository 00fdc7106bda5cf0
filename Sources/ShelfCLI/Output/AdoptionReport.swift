import Foundation
import ShelfKit

/// What `shelf init` found in a folder of notes it adopts: the books, the key of each field,
/// where the status lives, and what it could not place.
struct AdoptionReport {
    let survey: NoteSurvey

    /// The fields in the order the report lists them.
    private static let fields = ["title", "authors", "started", "finished", "rating", "pages", "isbn", "cover", "published",
                                 "publisher", "subtitle", "series", "language", "tags"]

    func write(wrote: Bool) throws {
        let conventions = survey.conventions
        let place = conventions.folder.isEmpty ? "the library's root" : conventions.folder + "/"
        var lines: [String] = []
        lines.append("Found \(Plural.counted(survey.bookCount, "book note")) in \(place): \(survey.howDecided).")
        if !survey.otherNotes.isEmpty {
            let shown = survey.otherNotes.prefix(5).joined(separator: ", ")
            let more = survey.otherNotes.count > 5 ? ", and \(survey.otherNotes.count - 5) more" : ""
            lines.append("Left alone \(Plural.counted(survey.otherNotes.count, "other note")): \(shown)\(more).")
        }
        lines.append("")
        var rows: [(String, String, String)] = [("field", "key", "notes")]
        for field in Self.fields {
            guard let count = survey.fieldCounts[field] else { continue }
            var key = conventions.key(for: field)
            if field == "rating" { key += " (out of \(conventions.ratingScale))" }
            if field == "finished", key == "date" { key += " (beside a finished status)" }
            rows.append((field, key, String(count)))
        }
        let widths = (rows.map(\.0.count).max() ?? 0, rows.map(\.1.count).max() ?? 0)
        for row in rows where rows.count > 1 {
            lines.append(row.0.padding(toLength: widths.0 + 2, withPad: " ", startingAt: 0)
                         + row.1.padding(toLength: widths.1 + 2, withPad: " ", startingAt: 0) + row.2)
        }
        if rows.count > 1 { lines.append("") }
        switch conventions.status {
        case .key(let key)?: lines.append("Status: in the key \(key), in the notes' words:")
        case .tag(let key)?: lines.append("Status: a tag in \(key), in the notes' words:")
        case .folder?: lines.append("Status: the folder a note is in, below \(place), named in the person's words:")
        case nil where !conventions.words.isEmpty: lines.append("Status: in the notes' text (Status:: …), in their words:")
        case nil: lines.append("Status: no note keeps one in a key or tag; a finish date says finished, a start date reading.")
        }
        for status in LibraryConfiguration.defaultStatuses {
            guard let words = conventions.words[status] else { continue }
            lines.append("  \(status.name): \(words.joined(separator: ", "))")
        }
        lines.append("\(survey.statedCount) state a status, \(survey.finishedByDate) have a finish date (finished), "
                     + "\(survey.unstatedCount) state nothing: shown as \(conventions.unstated.name) "
                     + "(notes.unstated in .shelf/config.yaml); nothing is written in them until you change that book.")
        if !survey.unknownWords.isEmpty {
            lines.append("Not placed: status words " + survey.unknownWords.map { "\"\($0.word)\" (\($0.count))" }.joined(separator: ", ")
                         + "; add them under notes.words.")
        }
        if !survey.unplacedKeys.isEmpty {
            let keys = survey.unplacedKeys.prefix(12).map { "\($0.key) (\($0.count))" }.joined(separator: ", ")
            lines.append("Kept as the notes' own keys: \(keys)\(survey.unplacedKeys.count > 12 ? ", …" : "").")
        }
        for problem in survey.unreadable.prefix(5) {
            lines.append("Could not read \(problem.path): \(problem.message)")
        }
        lines.append("Sessions go in \(NoteConventions.defaultSessions)/, hidden from sites and vaults.")
        lines.append(wrote ? "Wrote this map to .shelf/config.yaml; no note was changed."
                           : "Would write this to .shelf/config.yaml (nothing written):")
        try StandardOutput.writeLine(lines.joined(separator: "\n"))
    }
}
