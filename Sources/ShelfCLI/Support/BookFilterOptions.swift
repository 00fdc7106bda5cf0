import ArgumentParser
import ShelfKit

/// The filters of `shelf list`, for commands that work on a part of the library
/// (`export`, `stats`): search words, `--status`, `--author`, `--tag`, `--folder`.
struct BookFilterOptions: ParsableArguments {
    @Argument(help: "Words to search for in titles, authors, series, tags and notes.")
    var words: [String] = []

    @Option(help: "Only books in this status (repeat for several).")
    var status: [String] = []

    @Option(help: "Only books with an author whose name contains this, ignoring case and accents.")
    var author: String?

    @Option(help: "Only books with this tag.")
    var tag: String?

    @Option(help: "Only books in this folder or below it, e.g. sci-fi.")
    var folder: String?

    /// The query these options describe; with none given it matches every book.
    var query: BookQuery {
        BookQuery(statuses: status.isEmpty ? nil : Set(status.map { Status($0) }), folder: folder, author: author, tag: tag,
                  text: words.isEmpty ? nil : words.joined(separator: " "))
    }
}
