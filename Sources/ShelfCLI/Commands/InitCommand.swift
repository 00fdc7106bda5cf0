import ArgumentParser
import Foundation
import ShelfKit

/// `shelf init [DIR]`: makes a folder a library.
struct InitCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Create a library: the status folders and .shelf/config.yaml.",
        discussion: """
            Creates DIR if needed, a folder per status (to-read, reading, finished, abandoned), \
            .shelf/config.yaml listing them, and .shelf/.gitignore so the index cache stays out of git. \
            In a git repository it also sets up the merge driver, as `shelf git-setup` does.

            A folder inside a library (or below one of its folders) is refused: the library \
            around it would list the new library's books as its own. --inside-library creates \
            it anyway, for a library kept inside another on purpose.

            Examples:
              shelf init ~/books
              shelf init --inside-library ~/books/finished/book-club
            """
    )

    @Argument(help: "The folder to make a library (default: the current folder).", completion: .directory)
    var directory: String?

    @Flag(name: .customLong("inside-library"), help: "Create the library even inside another library.")
    var insideLibrary = false

    func run() async throws {
        let library: FileLibrary
        do {
            library = try FileLibrary.create(at: directory ?? ".", insideLibrary: insideLibrary)
        } catch {
            guard case .alreadyExists = error else { throw error }
            throw CommandFailure(message: "\(directory ?? ".") is already a library: it has a .shelf folder")
        }
        let root = library.root
        let statuses = library.configuration.statuses.map(\.name).joined(separator: ", ")
        try StandardOutput.writeLine("Created a library in \(root) with statuses \(statuses).")
        guard Git(directory: root).workTreeRoot() != nil else { return }
        var setup = GitSetup(root: root)
        do {
            try setup.install()
        } catch {
            printError("shelf: the library is ready, but the git merge driver was not set up (\(error)); run `shelf git-setup`")
            return
        }
        if !setup.changes.isEmpty {
            try StandardOutput.writeLine("In its git repository: " + setup.changes.joined(separator: "; ") + ".")
        }
    }
}
