import ArgumentParser
import Foundation
import ShelfKit

/// `shelf add TITLE --author A`: writes a new book file.
struct AddCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Add a book: write its Markdown file and print the path.",
        discussion: """
            The file is named after the title (its slug) and goes in the status folder, in \
            --folder below it if given. `added` is set to today. An ISBN must have 10 or 13 \
            digits and a right check digit (hyphens and spaces are fine). When a book with the \
            same ISBN, or the same title and first author, is already there, a warning names it \
            and the book is added all the same.

            Examples:
              shelf add "The Dispossessed" --author "Ursula K. Le Guin" --tag sci-fi --pages 387
              shelf add "Piranesi" --author "Susanna Clarke" --status reading --folder fantasy
              shelf add "Dune" --author "Frank Herbert" --set format=paperback --set recommended_by=Sam
              shelf add "Dune" --author "Frank Herbert" --slug dune-1984-film-edition
            """
    )

    @OptionGroup var library: LibraryOptions

    @Argument(help: "The book's title.")
    var title: String

    @Option(name: [.customLong("author"), .customShort("a")], help: "An author (repeat for several).")
    var authors: [String] = []

    @Option(help: "The status folder (default: the first status, to-read).", completion: ShelfCompletion.statuses)
    var status: String?

    @Option(help: "A folder below the status, e.g. sci-fi or fiction/classics.", completion: ShelfCompletion.folders)
    var folder: String = ""

    @Option(help: "The ISBN, as text.")
    var isbn: String?

    @Option(parsing: .unconditional, help: "The page count.")
    var pages: Int?

    @Option(name: [.customLong("tag"), .customShort("t")], help: "A tag (repeat for several).")
    var tags: [String] = []

    @Option(name: .customLong("set"), help: ArgumentHelp("Any other key, typed as YAML types it (repeat).", valueName: "key=value"))
    var assignments: [String] = []

    @Flag(help: "Keep --set values as text, e.g. an ISBN with leading zeros.")
    var string = false

    @Option(help: "The file name without .md (default: made from the title), for when that slug is taken.")
    var slug: String?

    func validate() throws {
        guard !title.trimmingCharacters(in: .whitespaces).isEmpty else { throw ValidationError("the title must not be empty") }
        for assignment in assignments {
            guard let (key, _) = ValueParsing.assignment(assignment) else {
                throw ValidationError("--set takes key=value, got \"\(assignment)\"")
            }
            if ValueParsing.locationKeys.contains(key) {
                throw ValidationError("\(key) comes from where the file is; use --status and --folder")
            }
        }
    }

    func run() async throws {
        let library = try library.open()
        let configuration = library.configuration
        let status = status.map { Status($0) } ?? configuration.statuses.first ?? .toRead
        var book = Book(id: BookID(slug ?? ""), title: title, authors: authors, isbn: isbn, pages: pages, tags: tags)
        for assignment in assignments {
            guard let (key, text) = ValueParsing.assignment(assignment) else { continue }
            book = try book.setting(key, to: ValueParsing.value(text, forKey: key, asString: string, today: Day.today()))
        }
        // Found before adding, so the new book is not among them; a second copy is allowed.
        let duplicates = try await library.duplicates(of: book)
        let added: Book
        do {
            added = try await library.add(book, to: status, in: folder)
        } catch {
            guard case .alreadyExists(let path) = error, let taken = BookID(bookPath: path) else { throw error }
            // Slugs are unique in the whole library, so another folder would not help.
            throw CommandFailure(message: "the slug \"\(taken)\" is taken by \(path); give this book another one with --slug")
        }
        try StandardOutput.writeLine(library.displayPaths(added.path))
        for duplicate in duplicates {
            switch duplicate.reason {
            case .isbn(let isbn):
                printError("shelf: warning: \(library.displayPaths(duplicate.book.path)) has the same isbn, \(isbn)")
            case .titleAndFirstAuthor:
                printError("shelf: warning: \(library.displayPaths(duplicate.book.path)) has the same title and first author")
            }
        }
    }
}
