import ArgumentParser
internal import FrontMatter
import ShelfCLI
import ShelfKit
import ShelfMetadata

/// One edit a person makes to a book, through the `shelf` commands run in process or the API.
///
/// Each runs on a fresh library holding the one note in `to-read/`, so a status change really
/// moves it and sets its date.
enum CorpusOperation: String, CaseIterable, Sendable {
    case setKnown = "set rating=4"
    case setCustom = "set shelf-check=corpus"
    case unset = "unset"
    case start = "start"
    case finish = "finish"
    case finishRating = "finish --rating 4.5"
    case log = "log --to 10"
    case move = "move abandoned"
    case update = "API update"
    case fetch = "fetch (a recorded Open Library edition)"

    /// The key `set` adds to every note: no note in the corpus has it.
    static let customKey = "shelf-check"

    /// Keys `unset` cannot remove: the title, and what comes from where the file is.
    static let keptKeys: Set<String> = ["title", "id", "path", "status", "folder", "slug"]

    /// Where the note is after the operation.
    var destination: Status {
        switch self {
        case .setKnown, .setCustom, .unset, .update, .fetch: .toRead
        case .start, .log: .reading
        case .finish, .finishRating: .finished
        case .move: .abandoned
        }
    }

    /// The key `unset` removes from a note: its last one, next to the closing fence, that a
    /// person may remove.
    static func keyToUnset(in document: FrontMatterDocument) -> String? {
        document.fields.entries.last { !keptKeys.contains($0.key) }?.key
    }

    /// What the operation meant to change.
    struct Intent {
        /// The keys whose lines may change.
        var keys: Set<String>
        /// Keys the file must have afterwards.
        var present: Set<String> = []
        /// Keys the file must not have afterwards.
        var absent: Set<String> = []
    }

    /// Runs the operation on the book `slug` of the library at `root`.
    /// - Parameter unsetKey: The key `unset` removes.
    /// - Returns: What it meant to change, or `nil` when it does not apply to the note (`unset`
    ///   of a note with nothing but a title).
    func perform(slug: String, root: String, unsetKey: String?) async throws -> Intent? {
        let library = ["--library", root, "--no-index"]
        switch self {
        case .setKnown:
            try await ShelfMain.run(["set", slug, "rating=4"] + library)
            return Intent(keys: ["rating"], present: ["rating"])
        case .setCustom:
            try await ShelfMain.run(["set", slug, "\(Self.customKey)=corpus"] + library)
            return Intent(keys: [Self.customKey], present: [Self.customKey])
        case .unset:
            guard let unsetKey else { return nil }
            try await ShelfMain.run(["unset", slug, unsetKey] + library)
            return Intent(keys: [unsetKey], absent: [unsetKey])
        case .start:
            try await ShelfMain.run(["start", slug] + library)
            return Intent(keys: ["started"], present: ["started"])
        case .finish:
            try await ShelfMain.run(["finish", slug] + library)
            return Intent(keys: ["finished"], present: ["finished"])
        case .finishRating:
            try await ShelfMain.run(["finish", slug, "--rating", "4.5"] + library)
            return Intent(keys: ["finished", "rating"], present: ["finished", "rating"])
        case .log:
            try await ShelfMain.run(["log", slug, "--to", "10"] + library)
            return Intent(keys: ["started"], present: ["started"])
        case .move:
            try await ShelfMain.run(["move", slug, "abandoned"] + library)
            return Intent(keys: ["stopped"], present: ["stopped"])
        case .update:
            // A custom key the note has, else a new one: replacing a person's own value in
            // whatever shape they wrote it is the harder edit.
            let files = try FileLibrary(root: root, index: .disabled)
            var book = try await files.book(BookID(slug))
            let custom = book.extra.first?.key ?? Self.customKey
            book = try book.setting("rating", to: .double(2.5)).setting(custom, to: .string("changed by the API"))
            try await files.update(book)
            return Intent(keys: ["rating", custom], present: ["rating", custom])
        case .fetch:
            // What `shelf fetch --yes` writes once Open Library has answered (the answers
            // themselves are FetchCommandTests' and ShelfMetadataTests'): the keys the note
            // lacks, the edition's id, and the cover beside it, in one write.
            let files = try FileLibrary(root: root, index: .disabled)
            let read = try await files.book(BookID(slug))
            let filled = Self.fetched.filling(read, idKey: "openlibrary")
            let cover = filled.takesCover ? [BookAttachment(fileExtension: "jpg", bytes: Self.coverBytes, key: "cover")] : []
            try await files.update(BookID(slug), attaching: cover) { book in
                book = Self.fetched.filling(book, idKey: "openlibrary").book
            }
            var keys = Set(filled.changes.map(\.key)).union(cover.isEmpty ? [] : ["cover"])
            // A note's authors may be under `author`, which is where they are then written.
            if keys.contains("authors") { keys.insert("author") }
            return Intent(keys: keys, present: ["openlibrary"])
        }
    }

    /// The edition `fetch` fills notes from.
    static let fetched = EditionRecord(
        id: "OL26242482M", title: "Dune", subtitle: "40th Anniversary Edition", authors: ["Frank Herbert"], isbn: "9780441172719",
        published: .year(1965), pages: 535, publisher: "Ace Books", language: "en", coverID: 111)

    /// The start of a JPEG file, as the cover `fetch` saves.
    static let coverBytes: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10] + Array("JFIF".utf8) + [0x00, 0xFF, 0xD9]

    /// Whether an error is about the file itself (YAML it cannot read, a duplicate key, a value
    /// of the wrong type), rather than an edit shelf does not know how to make on valid YAML.
    static func isProblemInFile(_ error: any Error) -> Bool {
        let frontMatterError: FrontMatterError
        switch error {
        case let error as FrontMatterError: frontMatterError = error
        case ShelfError.invalidFrontMatter(let error): frontMatterError = error
        case ShelfError.invalidValue(_, _, _, _, let location): return location != nil
        default: return false
        }
        if case .unsupportedEdit = frontMatterError { return false }
        return true
    }

    /// An error as `shelf` shows it.
    static func message(_ error: any Error) -> String {
        if let error = error as? ShelfError { return error.description }
        if let error = error as? FrontMatterError { return error.description }
        let message = Shelf.fullMessage(for: error)
        return message.isEmpty ? String(describing: error) : message
    }
}
