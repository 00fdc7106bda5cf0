import ArgumentParser
import Foundation
import ShelfKit

/// `shelf init [DIR]`: makes a folder a library.
struct InitCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Create a library, or adopt a folder of book notes as one.",
        discussion: """
            In a new or empty folder: creates DIR if needed, a folder per status (to-read, reading, \
            finished, abandoned), .shelf/config.yaml listing them, and .shelf/.gitignore so the index \
            cache stays out of git.

            In a folder that already holds book notes (an Obsidian vault, a Jekyll or Hugo reading \
            list): adopts them as they are. It finds which notes are books, which keys hold the \
            title, authors, dates, rating and the rest, where the status lives and in which words, \
            writes that map under notes: in .shelf/config.yaml, and prints what it found and what it \
            could not place. It moves, renames and edits no note; from then on every change goes \
            into the note's own keys, in its own words. --dry-run shows the map without writing it.

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

    @Flag(name: .customLong("dry-run"), help: "Show what adopting the notes would write, and write nothing.")
    var dryRun = false

    func run() async throws {
        let folder = directory ?? "."
        var configuration = LibraryConfiguration.default
        var survey: NoteSurvey?
        if FileManager.default.fileExists(atPath: folder + "/.shelf") {
            throw CommandFailure(message: "\(folder) is already a library: it has a .shelf folder")
        }
        var booksFiled: Int?
        if FileManager.default.fileExists(atPath: folder) {
            booksFiled = try NoteSurvey.booksInLibraryLayout(under: folder)
        }
        if booksFiled == nil, FileManager.default.fileExists(atPath: folder) {
            let found = try await NoteSurvey(surveying: folder)
            if found.bookCount > 0 {
                survey = found
                configuration.notes = found.conventions
            }
        }
        if dryRun {
            guard let survey else {
                let statuses = configuration.statuses.map(\.name).joined(separator: ", ")
                if let booksFiled {
                    try StandardOutput.writeLine("\(folder) is laid out as a library already (\(Plural.counted(booksFiled, "book")) in its "
                                                 + "status folders): init would add .shelf with statuses \(statuses) and change no note.")
                } else {
                    try StandardOutput.writeLine("No book notes in \(folder): init would create an empty library with statuses \(statuses).")
                }
                return
            }
            try AdoptionReport(survey: survey).write(wrote: false)
            try StandardOutput.write(String(decoding: try FileLibrary.configurationFile(configuration), as: UTF8.self))
            return
        }
        let library: FileLibrary
        do {
            library = try FileLibrary.create(at: folder, configuration: configuration, insideLibrary: insideLibrary)
        } catch {
            guard case .alreadyExists = error else { throw error }
            throw CommandFailure(message: "\(folder) is already a library: it has a .shelf folder")
        }
        let root = library.root
        if let survey {
            try AdoptionReport(survey: survey).write(wrote: true)
        } else {
            let statuses = library.configuration.statuses.map(\.name).joined(separator: ", ")
            if let booksFiled {
                try StandardOutput.writeLine("Created a library in \(root) with statuses \(statuses), holding the "
                                             + "\(Plural.counted(booksFiled, "book")) already in its status folders.")
            } else {
                try StandardOutput.writeLine("Created a library in \(root) with statuses \(statuses).")
            }
        }
        guard Git(directory: root).workTreeRoot() != nil else { return }
        var setup = GitSetup(root: root, notes: library.configuration.notes)
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
