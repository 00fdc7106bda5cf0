import ArgumentParser
import Foundation
import ShelfKit

/// `shelf trash`: what `shelf rm` moved to `.shelf/trash/`.
struct TrashCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "trash",
        abstract: "List the removed books in .shelf/trash/, the most recently removed first.",
        discussion: """
            Each line is the day the book was removed, its path in the trash and its title. \
            `shelf restore BOOK` brings back the copy removed last; `--from DAY` or the path \
            chooses another.

            Example:
              $ shelf trash
              DELETED     PATH                                         TITLE
              2026-11-24  .shelf/trash/2026-11-24-2/to-read/circe.md   Circe
              2026-11-24  .shelf/trash/2026-11-24/to-read/circe.md     Circe
              $ shelf restore .shelf/trash/2026-11-24/to-read/circe.md
            """
    )

    @OptionGroup var library: LibraryOptions

    func run() async throws {
        let library = try library.open()
        let trashed = try await library.trashedBooks()
        guard !trashed.isEmpty else {
            printError("shelf: the trash is empty")
            return
        }
        let terminal = Terminal.current(environment: ProcessInfo.processInfo.environment)
        var table = Table(columns: [.init(title: "DELETED"), .init(title: "PATH", givesWay: 1), .init(title: "TITLE", givesWay: 0)])
        for book in trashed {
            table.append([book.deleted.description, library.displayPaths(book.path), book.title ?? ""])
        }
        try StandardOutput.write(table.render(width: terminal.width, terminal: terminal))
    }
}
