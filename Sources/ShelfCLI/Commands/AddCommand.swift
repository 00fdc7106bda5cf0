import ArgumentParser
import Foundation
import ShelfKit
import ShelfMetadata

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

            With --isbn and no title, or with --lookup, the book's details are fetched from Open \
            Library: title, subtitle, authors, pages, published, publisher, language, isbn (as \
            ISBN-13), \
            the edition as `openlibrary: OL…M`, and its cover, saved beside the book (dune.jpg) \
            unless --no-cover. What you typed wins over what was fetched. `--lookup` with a \
            title searches, shows the editions found to pick from on a terminal, and takes the \
            first with --yes. Answers are kept in .shelf/cache/, so asking again is offline.

            Examples:
              shelf add --isbn 9780441172719
              shelf add "Dune" --author Herbert --lookup --yes
              shelf add "The Dispossessed" --author "Ursula K. Le Guin" --tag sci-fi --pages 387
              shelf add "Piranesi" --author "Susanna Clarke" --status reading --folder fantasy
              shelf add "Dune" --author "Frank Herbert" --set format=paperback --set recommended_by=Sam
              shelf add "Dune" --author "Frank Herbert" --slug dune-1984-film-edition
            """
    )

    @OptionGroup var library: LibraryOptions

    @Argument(help: "The book's title (fetched when omitted with --isbn).")
    var title: String?

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

    @Flag(help: "Fetch the book's details from Open Library: by --isbn, else by searching the title and --author.")
    var lookup = false

    @Flag(name: [.customLong("yes"), .customShort("y")], help: "With --lookup, take the first edition found without asking.")
    var yes = false

    @Flag(name: .customLong("no-cover"), help: "With a lookup, do not download the cover.")
    var noCover = false

    /// Whether the book's details are fetched.
    private var fetches: Bool { lookup || (title == nil && isbn != nil) }

    func validate() throws {
        if title == nil, isbn == nil {
            throw ValidationError("give the book's title, or --isbn to fetch its details")
        }
        if let title, title.trimmingCharacters(in: .whitespaces).isEmpty { throw ValidationError("the title must not be empty") }
        if fetches, let isbn {
            do { _ = try ISBNNumber(isbn) } catch { throw InvalidValue(error.description) }
        }
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
        if fetches { try OnlineSource.requireNetwork() }
        let library = try library.open()
        let configuration = library.configuration
        let status = status.map { Status($0) } ?? configuration.statuses.first ?? .toRead
        // A looked-up book's isbn is its edition's ISBN-13, however the person typed it.
        var book = Book(id: BookID(slug ?? ""), title: title ?? "", authors: authors, isbn: fetches ? nil : isbn, pages: pages, tags: tags)
        var attachments: [BookAttachment] = []
        if fetches {
            let source = try await OnlineSource.source(for: library, bulk: false)
            let record = try await fetchRecord(from: source)
            if book.title.isEmpty { book.title = record.title }
            let filled = record.filling(book, idKey: source.idKey)
            book = filled.book
            if filled.takesCover, !noCover, let cover = try await MetadataService.coverAttachment(of: record, from: source) {
                attachments.append(cover)
            }
        }
        for assignment in assignments {
            guard let (key, text) = ValueParsing.assignment(assignment) else { continue }
            book = try book.setting(key, to: ValueParsing.value(text, forKey: key, asString: string, today: Day.today()))
        }
        // Found before adding, so the new book is not among them; a second copy is allowed.
        let duplicates = try await library.duplicates(of: book)
        let added: Book
        do {
            added = try await library.add(book, to: status, in: folder, attaching: attachments)
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

    /// The edition the book is: the one with its ISBN, else the one picked among a search's.
    private func fetchRecord(from source: any MetadataSource) async throws -> EditionRecord {
        if let isbn { return try await source.edition(isbn: try ISBNNumber(isbn)) }
        guard let title else { throw ValidationError("give the book's title, or --isbn to fetch its details") }
        let candidates = try await source.search(title: title, author: authors.first, limit: 5)
        guard let first = candidates.first else {
            throw CommandFailure(message: "\(source.name) found no edition of \"\(title)\"" + (authors.first.map { " by \($0)" } ?? ""))
        }
        if yes || candidates.count == 1 {
            printError("shelf: took the first of \(candidates.count) edition\(candidates.count == 1 ? "" : "s") found: "
                       + MetadataService.describe(first) + " (\(first.id))")
            return try await source.edition(id: first.id)
        }
        guard isatty(STDIN_FILENO) == 1, isatty(STDERR_FILENO) == 1 else {
            throw CommandFailure(message: "\(source.name) found \(candidates.count) editions of \"\(title)\"; "
                                 + "pick one on a terminal, or take the first with --yes")
        }
        for (index, candidate) in candidates.enumerated() {
            printError(String(format: "%2d  ", index + 1) + MetadataService.describe(candidate) + "  (\(candidate.id))")
        }
        while true {
            guard let answer = await TerminalQuestion.ask("Which edition? [1]: ") else { throw CommandFailure(message: "no edition picked") }
            let trimmed = answer.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty { return try await source.edition(id: first.id) }
            if let number = Int(trimmed), candidates.indices.contains(number - 1) {
                return try await source.edition(id: candidates[number - 1].id)
            }
            printError("shelf: answer a number from 1 to \(candidates.count)")
        }
    }
}
