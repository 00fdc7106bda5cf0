import ArgumentParser
import Foundation
import ShelfKit

/// Which books a command works on: a query in the shelf query language (docs/query.md), and
/// the shorthand options `--status`, `--author`, `--tag` and `--folder`, which add terms to it.
///
/// The query words are taken as typed, leading `-` included: `shelf list status:finished -tag:kindle`
/// negates the tag rather than failing as an unknown option. Everything after `--` is query too.
struct BookFilterOptions: ParsableArguments {
    @Argument(parsing: .allUnrecognized, help: ArgumentHelp(
        "A query: words to search for, and terms like author:herbert finished:2024 -tag:kindle rating>=4.",
        valueName: "query"))
    var terms: [String] = []

    @Option(help: "Only books in this status (repeat for several).", completion: ShelfCompletion.statuses)
    var status: [String] = []

    @Option(help: "Only books with an author whose name contains this, ignoring case and accents.")
    var author: String?

    @Option(help: "Only books with this tag.")
    var tag: String?

    @Option(help: "Only books in this folder or below it, e.g. sci-fi.", completion: ShelfCompletion.folders)
    var folder: String?

    /// The query words, without the `--` separator.
    private var queryWords: [String] { terms.filter { $0 != "--" } }

    func validate() throws {
        // A mistyped option would otherwise become a query word; say what it is instead.
        if let option = terms.prefix(while: { $0 != "--" }).first(where: { $0.hasPrefix("--") && $0.count > 2 }) {
            throw ValidationError("unknown option \(option); a query term is written field:value (see docs/query.md)")
        }
    }

    /// The query these options describe; with none given it matches every book. The shorthand
    /// options add their terms to the parsed query as ``BookQuery`` builds them.
    func query(today: Day) throws(ShelfError) -> Query {
        let parsed: Query
        do throws(QueryError) {
            parsed = try Query(parsing: queryWords, today: today)
        } catch {
            throw .invalidQuery(error)
        }
        let folder = folder.map { $0.hasSuffix("/") ? String($0.dropLast()) : $0 }
        let options = BookQuery(statuses: status.isEmpty ? nil : Set(status.map { Status($0) }), folder: folder,
                                author: author, tag: tag).query
        switch (parsed.expression, options.expression) {
        case (.all, _): return options
        case (_, .all): return parsed
        case (let typed, let shorthand): return Query(.and([typed, shorthand]))
        }
    }
}
