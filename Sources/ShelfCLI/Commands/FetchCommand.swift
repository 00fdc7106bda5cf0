import ArgumentParser
import Foundation
import ShelfKit
import ShelfMetadata

/// `shelf fetch BOOK…`: fills the keys books lack from Open Library, in place.
struct FetchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fetch",
        abstract: "Fill in the details books lack from Open Library, and download their covers.",
        discussion: """
            Each book is found at Open Library by its `openlibrary` key (an edition, OL…M), \\
            else by its isbn. Only keys the book lacks are filled — title, subtitle, authors, \\
            pages, published, publisher, language, isbn, cover — each as a minimal edit in the \\
            file's own keys and style, and the edition used is recorded as `openlibrary: OL…M` \\
            so a later fetch reads the same one. What you wrote is never replaced unless you \\
            ask, key by key, with --replace. A cover is saved beside the book (dune.jpg next \\
            to dune.md, `cover: dune.jpg`); a cover key holding a URL is kept.

            The changes are shown first. On a terminal each book's are asked about; elsewhere \\
            nothing is written without --yes (--dry-run never writes). `shelf undo` takes a \\
            fetch back. With --missing KEY the arguments are a query (all books when none) and \\
            only books without KEY are fetched, at most one request a second, with progress on \\
            standard error; run it again after an interruption and it goes on where it \\
            stopped. Books that could not be matched are listed at the end (exit status 1).

            Examples:
              shelf fetch dune
              shelf fetch dune --replace pages --yes
              shelf fetch --missing cover status:to-read --yes
            """
    )

    @OptionGroup var library: LibraryOptions

    @Argument(help: "Books (slugs, paths or title words); with --missing, a query.", completion: ShelfCompletion.books)
    var books: [String] = []

    @Option(help: ArgumentHelp("Fetch only the books without this key (cover, pages, …).", valueName: "key"))
    var missing: String?

    @Option(help: ArgumentHelp("Replace this key even when the book has it (repeat for several).", valueName: "key"))
    var replace: [String] = []

    @Flag(name: .customLong("dry-run"), help: "Show the changes and write nothing.")
    var dryRun = false

    @Flag(name: [.customLong("yes"), .customShort("y")], help: "Write without asking, also when not on a terminal.")
    var yes = false

    @Flag(name: .customLong("no-cover"), help: "Do not download covers.")
    var noCover = false

    func validate() throws {
        if missing == nil, books.isEmpty { throw ValidationError("name the books to fetch, or give --missing KEY") }
        let known = Set(EditionRecord.fillableKeys + ["openlibrary"])
        for key in replace + (missing.map { [$0] } ?? []) where !known.contains(key) {
            throw ValidationError("\(key) is not a key fetch fills; it fills \(EditionRecord.fillableKeys.joined(separator: ", "))")
        }
        if dryRun, yes { throw ValidationError("--dry-run and --yes contradict each other") }
    }

    /// A book that could not be fetched, and why.
    private struct Unmatched {
        var path: String
        var reason: String
    }

    func run() async throws {
        try OnlineSource.requireNetwork()
        let library = try library.open()
        let ids = try await selectedBooks(in: library)
        if ids.isEmpty, let missing {
            printError("shelf: every book matching has \(missing)")
            return
        }
        let source = try await OnlineSource.source(for: library, bulk: ids.count > 1)
        let interactive = isatty(STDOUT_FILENO) == 1 && isatty(STDIN_FILENO) == 1
        let writes = !dryRun && (yes || interactive)
        let progress = ProgressLine(enabled: ids.count > 1 && Terminal.standardErrorIsInteractive)
        var unmatched: [Unmatched] = []
        var written = 0
        for (index, id) in ids.enumerated() {
            progress.show("[\(index + 1)/\(ids.count)] \(id)")
            let book = try await library.book(id)
            let record: EditionRecord
            do {
                guard let found = try await edition(of: book, from: source) else {
                    unmatched.append(Unmatched(path: book.path, reason: "it has no isbn or \(source.idKey) key"))
                    continue
                }
                record = found
            } catch let error as MetadataError {
                switch error {
                case .notFound, .malformedResponse, .invalidISBN, .truncated:
                    unmatched.append(Unmatched(path: book.path, reason: error.description))
                    continue
                default:
                    progress.clear()
                    throw error
                }
            }
            let replacing = Set(replace)
            let filled = record.filling(book, replacing: replacing, idKey: source.idKey)
            let coverName = filled.takesCover && !noCover ? "cover" : nil
            progress.clear()
            if missing == "cover", !record.hasCover {
                unmatched.append(Unmatched(path: book.path, reason: "\(source.name) has no cover for \(record.id)"))
            }
            if filled.changes.isEmpty && coverName == nil {
                try StandardOutput.writeLine("\(library.displayPaths(book.path)): up to date with \(source.name) \(record.id)")
                continue
            }
            var lines = ["\(library.displayPaths(book.path)) ← \(source.name) \(record.id)"]
            for change in filled.changes { lines.append(Self.line(change)) }
            var attachment: BookAttachment?
            if coverName != nil {
                if writes {
                    do {
                        attachment = try await MetadataService.coverAttachment(of: record, from: source)
                    } catch let error as MetadataError {
                        switch error {
                        case .notAnImage, .tooLarge:
                            unmatched.append(Unmatched(path: book.path, reason: error.description))
                            continue
                        default:
                            throw error
                        }
                    }
                    if let attachment {
                        let name = attachment.fileName(besideBookAt: book.path)
                        lines.append(Self.line(MetadataChange(key: "cover", old: book.cover, new: name))
                                     + "  (\(attachment.bytes.count) bytes, downloaded)")
                    } else {
                        lines.append("  (\(source.name) has no cover image for \(record.id))")
                    }
                } else {
                    lines.append(Self.line(MetadataChange(key: "cover", old: book.cover,
                                                          new: BookAttachment(fileExtension: "jpg", bytes: []).fileName(besideBookAt: book.path)))
                                 + "  (to download)")
                }
            }
            try StandardOutput.writeLine(lines.joined(separator: "\n"))
            guard writes, !filled.changes.isEmpty || attachment != nil else { continue }
            if !yes {
                let answer = await TerminalQuestion.ask("Write these changes to \(library.displayPaths(book.path))? [y/N] ")
                guard let answer, ["y", "yes"].contains(answer.trimmingCharacters(in: .whitespaces).lowercased()) else { continue }
            }
            let idKey = source.idKey
            let fill: @Sendable (inout Book) throws(ShelfError) -> Void = { book in
                book = record.filling(book, replacing: replacing, idKey: idKey).book
            }
            let updated: Book
            switch await Self.write(id, in: library, attaching: attachment.map { [$0] } ?? [], fill) {
            case .success(let book):
                updated = book
            case .failure(.alreadyExists(let path)):
                // A file of the person's where the cover would go is theirs: kept, and this book
                // reported, so that a bulk run goes on with the others.
                let reason = "\(library.displayPaths(path)) is already there with other bytes; it is kept "
                    + "(name it in cover:, or move it, to fetch the cover)"
                unmatched.append(Unmatched(path: book.path, reason: reason))
                continue
            case .failure(let error):
                throw error
            }
            written += 1
            try StandardOutput.writeLine(library.displayPaths(updated.path))
        }
        progress.clear()
        if !writes, ids.count > 0 {
            printError("shelf: nothing written" + (dryRun ? "" : " (not on a terminal); give --yes to write"))
        }
        if !unmatched.isEmpty {
            printError("shelf: could not fetch \(Plural.counted(unmatched.count, "book")):")
            for book in unmatched { printError("  \(library.displayPaths(book.path)): \(book.reason)") }
            throw CommandFailure(message: "")
        }
    }

    /// The update of a fetch, its failure as a value, so that one book's can be reported and the
    /// run go on.
    private static func write(_ id: BookID, in library: FileLibrary, attaching attachments: [BookAttachment],
                              _ fill: @escaping @Sendable (inout Book) throws(ShelfError) -> Void) async -> Result<Book, ShelfError> {
        do {
            return .success(try await library.update(id, attaching: attachments, fill))
        } catch {
            return .failure(error)
        }
    }

    /// The books named, or those of the query without the `--missing` key.
    private func selectedBooks(in library: FileLibrary) async throws -> [BookID] {
        guard let missing else {
            var ids: [BookID] = []
            for reference in books {
                let id = try await library.bookID(for: reference)
                if !ids.contains(id) { ids.append(id) }
            }
            return ids
        }
        let query = books.joined(separator: " ")
        let found = try await library.books(matching: query, sortedBy: [], limit: nil).items
        return found.filter { $0.value(forKey: missing) == nil }.sorted { $0.path < $1.path }.map(\.id)
    }

    /// The edition of `book`: by its recorded id, else by its ISBN; `nil` when it has neither.
    private func edition(of book: Book, from source: any MetadataSource) async throws -> EditionRecord? {
        if case .string(let id)? = book.extra(source.idKey), source.isEditionID(id) { return try await source.edition(id: id) }
        guard let isbn = book.isbn else { return nil }
        return try await source.edition(isbn: try ISBNNumber(isbn))
    }

    /// `  + publisher: Ace Books`, or `  ~ pages: 412 → 535`.
    private static func line(_ change: MetadataChange) -> String {
        guard let old = change.old else { return "  + \(change.key): \(change.new)" }
        return "  ~ \(change.key): \(old) → \(change.new)"
    }
}
