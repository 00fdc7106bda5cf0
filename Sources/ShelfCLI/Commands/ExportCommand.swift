import ArgumentParser
import Foundation
import ShelfKit
import ShelfInterchange

/// `shelf export`: the library, or part of it, as JSON, CSV or a Goodreads CSV.
struct ExportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Export the library, or the books a query finds, as JSON, CSV or Goodreads CSV.",
        discussion: """
            The export goes to standard output (also --output -), or to --output FILE, written \
            atomically: a file is replaced only once the export is complete; a symbolic link is \
            followed and the file it points to replaced; a device or a named pipe is written into. \
            --format goodreads writes Goodreads' own 24-column "Export Library" CSV, which \
            `shelf import goodreads` reads back into the same books and other tools read too. \
            Filters work as in `shelf list`.

            Examples:
              shelf export --format json > library.json
              shelf export --format goodreads --output goodreads_library_export.csv
              shelf export --status finished --tag sci-fi --format csv
            """
    )

    /// What `export` writes.
    enum Format: String, ExpressibleByArgument, CaseIterable {
        case json
        case csv
        case goodreads
    }

    @OptionGroup var library: LibraryOptions
    @OptionGroup var filter: BookFilterOptions

    @Option(help: "json, csv or goodreads.")
    var format: Format = .json

    @Option(name: .shortAndLong, help: ArgumentHelp("Write to this file instead of standard output (- for standard output).",
                                                    valueName: "file"), completion: .file())
    var output: String?

    func run() async throws {
        let library = try library.open()
        let query = try filter.query(today: Day.today())
        let configuration = library.configuration
        let text: String
        let count: Int
        let problems: [Problem]
        // Each book is made into its record as it is read; only the text is held.
        switch format {
        case .json where output == nil || output == "-":
            // To standard output, each book is written as its chunk comes.
            let array = JSONArrayOutput()
            let problems = try await library.forEachBook(matching: query, sortedBy: [], limit: nil, withProgress: false) { books in
                array.append(books.map { BookRecords.jsonItem(BookRecords.record($0.book, progress: nil)) })
            }
            try array.finish()
            return warn(problems, library: library)
        case .json:
            let listing = try await library.mapBooks(matching: query, sortedBy: [], limit: nil, withProgress: false) { book, _ in
                BookRecords.jsonItem(BookRecords.record(book, progress: nil))
            }
            (text, count, problems) = (BookRecords.jsonArray(listing.items), listing.items.count, listing.problems)
        case .csv:
            // The header names every custom key of the books, so the rows are held until the
            // last is read; the CSV is written as it is made, never held whole.
            let listing = try await library.mapBooks(matching: query, sortedBy: [], limit: nil, withProgress: false) { book, _ in
                BookRecords.csvRow(book, columns: nil, progress: nil, configuration: configuration)
            }
            guard let output, output != "-" else {
                try BookRecords.writeCSV(listing.items, columns: nil) { piece throws(CommandFailure) in try StandardOutput.write(piece) }
                return warn(listing.problems, library: library)
            }
            var bytes: [UInt8] = []
            try BookRecords.writeCSV(listing.items, columns: nil) { bytes += $0.utf8 }
            try ExportFile.write(bytes: bytes, to: output)
            printError("shelf: exported \(Plural.counted(listing.items.count, "book")) to \(output)")
            return warn(listing.problems, library: library)
        case .goodreads:
            let listing = try await library.books(matching: query, sortedBy: [], limit: nil)
            text = try GoodreadsExport.csv(listing.items, configuration: configuration)
            (count, problems) = (listing.items.count, listing.problems)
        }
        if let output, output != "-" {
            try ExportFile.write(text, to: output)
            printError("shelf: exported \(Plural.counted(count, "book")) to \(output)")
        } else {
            try StandardOutput.write(text)
        }
        warn(problems, library: library)
    }

    private func warn(_ problems: [Problem], library: FileLibrary) {
        if let first = problems.first.map(library.displayPaths.problem) {
            let others = problems.count > 1 ? " and \(problems.count - 1) more" : ""
            printError("shelf: warning: skipped \(first)\(others); run `shelf check` for details")
        }
    }
}
