import ArgumentParser
import ShelfKit

/// `shelf move BOOK STATUS [--folder F]`: moves a book to any status or folder;
/// `shelf move BOOK --slug NEW` renames it.
struct MoveCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "move",
        abstract: "Move a book to another status or folder, or rename it, with its sessions.",
        discussion: """
            Moving to reading sets started, moving to finished sets finished, when they are empty; \
            from finished or abandoned back to reading takes the finish or abandon back (finished \
            or stopped goes); other moves keep the dates, which count only in their status. \
            --folder alone files the book in another folder of its status. \
            --folder "" moves the book out of its folder, directly under the status. --slug renames \
            the book where it is: its file and its session folder take the new slug, which no \
            other book of the library may have, and keep every byte.

            Examples:
              shelf move dune finished --folder sci-fi/classics
              shelf move piranesi to-read
              shelf move dune --folder sci-fi
              shelf move dune-1965 --slug dune
            """
    )

    @OptionGroup var library: LibraryOptions

    @Argument(help: "The book: a slug, path, slug prefix or title fragment.", completion: ShelfCompletion.books)
    var book: String

    @Argument(help: "The status to move it to (not with --slug).", completion: ShelfCompletion.statuses)
    var status: String?

    @Option(help: "The folder below the status (default: keep the book's folder).", completion: ShelfCompletion.folders)
    var folder: String?

    @Option(help: ArgumentHelp("Rename the book and its session folder to this slug, where they are.", valueName: "slug"))
    var slug: String?

    func validate() throws {
        if slug != nil && (status != nil || folder != nil) {
            throw ValidationError("--slug renames the book where it is; move it to a status or folder in another command")
        }
        if slug == nil && status == nil && folder == nil {
            throw ValidationError("Missing expected argument '<status>', or --folder to file it, or --slug to rename")
        }
    }

    func run() async throws {
        let library = try library.open()
        if let slug {
            let book = try await library.resolve(library.reference(book))
            let renamed = try await library.rename(book.id, to: BookID(slug))
            let paths = library.displayPaths
            try StandardOutput.writeLine(renamed.path == book.path ? "\(book.id) is already named so; nothing changed"
                                         : "\(paths(book.path)) → \(paths(renamed.path))")
            return
        }
        if let status {
            _ = try await StatusChange.move(book, to: Status(status), folder: folder, in: library)
        } else {
            // A folder alone: the book stays in its status.
            let current = try await library.resolve(library.reference(book))
            _ = try await StatusChange.move(current, to: current.status, folder: folder, in: library)
        }
    }
}
