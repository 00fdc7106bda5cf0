import ArgumentParser
import Foundation
import ShelfKit

/// `shelf restore BOOK`: brings a book back from the trash.
struct RestoreCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "restore",
        abstract: "Bring a removed book back from .shelf/trash/ to where it was.",
        discussion: """
            The book is named as other commands name one: its slug, the start of it or words of its \
            title. Brings back the copy removed last; `--from DAY` takes the one removed that day, \
            and a path in the trash (as `shelf trash` prints it) names one copy.

            Examples:
              shelf restore clean-code
              shelf restore "The Fall of Hyperion"
              shelf restore circe --from 2026-11-20
              shelf restore .shelf/trash/2026-11-20/to-read/circe.md
            """
    )

    @OptionGroup var library: LibraryOptions

    @Argument(help: "The removed book: its slug, a slug prefix or words of its title, or its path in .shelf/trash/.")
    var book: String

    @Option(name: .customLong("from"), help: "The day the copy to restore was removed (YYYY-MM-DD).")
    var deleted: String?

    func validate() throws {
        if let deleted, Day(deleted) == nil { throw ValidationError("--from takes YYYY-MM-DD, got \"\(deleted)\"") }
        if deleted != nil, trashPath != nil { throw ValidationError("--from chooses among copies of a slug; a path in the trash names one already") }
    }

    /// The argument as a path in the trash, from the library or from a folder in it.
    private var trashPath: String? {
        var path = book
        while path.hasPrefix("./") { path.removeFirst(2) }
        if path.hasPrefix(".shelf/trash/") { return path }
        guard let range = path.range(of: "/.shelf/trash/") else { return nil }
        return String(path[path.index(after: range.lowerBound)...])
    }

    func run() async throws {
        let library = try library.open()
        let restored: Book
        if let trashPath {
            restored = try await library.restore(trashedAt: trashPath)
        } else {
            restored = try await library.restore(BookID(book), deletedOn: deleted.flatMap { Day($0) })
        }
        try StandardOutput.writeLine(library.displayPaths(restored.path))
    }
}
