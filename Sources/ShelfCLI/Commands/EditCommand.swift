import ArgumentParser
import Foundation
import ShelfKit

/// `shelf edit BOOK`: opens the book's file in `$VISUAL` or `$EDITOR`, then checks it.
struct EditCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "edit",
        abstract: "Open a book's file in $VISUAL or $EDITOR, then check what you saved.",
        discussion: """
            The editor runs without a shell; EDITOR="code --wait" works. After it exits, the file \
            is read again and any problem is reported as path:line:column with exit status 1; \
            the file is left as you saved it.

            Example:
              EDITOR=nano shelf edit dune
            """
    )

    @OptionGroup var library: LibraryOptions

    @Argument(help: "The book: a slug, path, slug prefix or title fragment.", completion: ShelfCompletion.books)
    var book: String

    func run() async throws {
        let library = try library.open()
        let book = try await library.resolve(book)
        let launcher = EditorLauncher(environment: ProcessInfo.processInfo.environment)
        do {
            try launcher.edit(library.root + "/" + book.path)
        } catch {
            throw CommandFailure(message: error.description)
        }
        let problems = try await library.check().filter { $0.path == book.path }
        guard problems.isEmpty else {
            for problem in problems { printError(library.displayPaths.problem(problem)) }
            throw CommandFailure(message: "\(library.displayPaths(book.path)) has \(Plural.counted(problems.count, "problem")); "
                                 + "run `shelf edit \(book.id)` again to fix")
        }
        try StandardOutput.writeLine(library.displayPaths(book.path))
    }
}
