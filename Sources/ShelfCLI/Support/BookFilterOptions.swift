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

    /// The query these options describe; with none given it matches every book.
    func query(today: Day) throws(ShelfError) -> Query {
        var words = queryWords
        if !status.isEmpty {
            // Unquoted when it can be, so that an unknown status is quoted back as it was typed.
            words.append("(" + status.map { "status=" + Self.quotedIfNeeded($0) }.joined(separator: " or ") + ")")
        }
        if let author { words.append("author:" + Self.quoted(author)) }
        if let tag { words.append("tag=" + Self.quoted(tag)) }
        if let folder {
            // The folder itself or any folder below it: "fiction" is not "non-fiction", and
            // every path below "fiction/" sorts from "fiction/" up to "fiction0".
            let name = folder.hasSuffix("/") ? String(folder.dropLast()) : folder
            words.append("(folder=\(Self.quoted(name)) or (folder>=\(Self.quoted(name + "/")) folder<\(Self.quoted(name + "0"))))")
        }
        do throws(QueryError) {
            return try Query(parsing: words, today: today)
        } catch {
            throw .invalidQuery(error)
        }
    }

    private static func quotedIfNeeded(_ value: String) -> String {
        let plain = !value.isEmpty && value.unicodeScalars.allSatisfy { $0.properties.isAlphabetic || ("0"..."9").contains($0) || "-_.".unicodeScalars.contains($0) }
        return plain ? value : quoted(value)
    }

    private static func quoted(_ value: String) -> String {
        "\"" + value.replacingOccurrences(of: "\"", with: "") + "\""
    }
}
