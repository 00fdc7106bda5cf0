import ArgumentParser
import Foundation
import ShelfKit

/// `shelf reindex`: rebuilds `.shelf/index.sqlite` from the files.
struct ReindexCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reindex",
        abstract: "Rebuild the index (.shelf/index.sqlite) from the files.",
        discussion: """
            The index is a cache: every command refreshes it from the files it finds changed, \
            and it is rebuilt by itself when missing, damaged or of another version. This \
            command throws it away and reads every file again.

            Example:
              shelf reindex
            """
    )

    @OptionGroup var library: LibraryOptions

    func run() async throws {
        let library = try library.open()
        let start = Date()
        try await library.rebuildIndex()
        let scan = try await library.scan()
        let books = scan.books.count
        let seconds = String(format: "%.2f", Date().timeIntervalSince(start))
        try StandardOutput.writeLine("indexed \(Plural.counted(books, "book")) in \(seconds) s")
        LibraryWarning.print(scan.problems, paths: library.displayPaths)
    }
}
