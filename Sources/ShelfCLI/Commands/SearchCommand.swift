import ArgumentParser
import Foundation
import ShelfKit

/// `shelf search TEXT`: ranked full-text hits in books and session notes.
struct SearchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "search",
        abstract: "Search the text of books and session notes, best matches first.",
        discussion: """
            Takes the query language of `shelf list` (docs/query.md): bare words and "quoted \
            phrases" search titles, subtitles, authors, tags, series, notes and session notes, \
            ignoring case and accents, words matching as prefixes ("ecolog" finds "ecology"); \
            fields (author:herbert, rating>=4), or, parentheses and -negation choose the books. \
            Each hit shows the file and line, the book's title, and the line of its notes where \
            the words are (or the first line of its notes, for words found in its fields). \
            Exits 1 when nothing matches, as grep does.

            Examples:
              shelf search ecology
              shelf search "the desert" --limit 5
              shelf search ecology author:herbert
              shelf search shrike or keats
              shelf search shrike --format json
              shelf search ansible -0 | xargs -0 grep -n ansible
            """
    )

    @OptionGroup var library: LibraryOptions
    @OptionGroup var color: ColorOptions

    // `-author:simmons` is a query term, not an option: every argument the parser does not know.
    @Argument(parsing: .allUnrecognized, help: ArgumentHelp(
        "Words to search for, and terms like author:herbert -tag:kindle rating>=4 (docs/query.md).", valueName: "query"))
    var words: [String] = []

    @Option(parsing: .unconditional, help: "Show at most this many hits.")
    var limit: Int = 20

    @Option(help: "text, json, jsonl, paths (each file with a hit once, best first) or paths0 (the same, ended by NUL).")
    var format: SearchFormat = .text

    // `-0` reaches here as `--null` (``ShelfMain/nullFlag(_:)``): declared as a short flag,
    // its `0` would be read out of a query term such as `-year:2024`, as grouped short flags.
    @Flag(name: .customLong("null"), help: "The same as --format paths0; -0 for short.")
    var nulSeparated = false

    enum SearchFormat: String, ExpressibleByArgument, CaseIterable {
        case text, json, jsonl, paths, paths0
    }

    func validate() throws {
        if nulSeparated, ![.text, .paths, .paths0].contains(format) {
            throw ValidationError("-0 prints paths ended by NUL; it cannot be used with another --format")
        }
        guard !words.joined().trimmingCharacters(in: .whitespaces).isEmpty else {
            throw ValidationError("give some words to search for")
        }
        // A mistyped option would otherwise be searched for, as `list` says too.
        if let option = words.prefix(while: { $0 != "--" }).first(where: { $0.hasPrefix("--") && $0.count > 2 }) {
            throw ValidationError("unknown option \(option); search for it after --, as `shelf search -- \(option)`")
        }
        guard limit > 0 else { throw InvalidValue("--limit must be 1 or more, got \(limit)") }
    }

    func run() async throws {
        let library = try library.open()
        let terminal = color.terminal()
        let highlight: SearchHighlight = format == .text && terminal.usesColor ? .ansiBold : .none
        let found = try await library.search(words.joined(separator: " "), limit: limit, highlight: highlight)
        let hits = found.items
        LibraryWarning.print(found.problems, paths: library.displayPaths)
        switch nulSeparated ? .paths0 : format {
        case .paths, .paths0:
            var seen = Set<String>()
            let terminator = format == .paths && !nulSeparated ? "\n" : "\u{0}"
            try StandardOutput.write(hits.filter { seen.insert($0.path).inserted }
                .map { library.displayPaths($0.path) + terminator }.joined())
        case .json:
            try StandardOutput.writeLine(JSONValue.array(hits.map { .object(record($0)) }).text(.pretty))
        case .jsonl:
            try StandardOutput.write(hits.map { JSONValue.object(record($0)).text(.compact) + "\n" }.joined())
        case .text:
            var output = ""
            for hit in hits {
                let place = terminal.paint("\(library.displayPaths(hit.path)):\(hit.line)", .cyan)
                let what = hit.kind == .session ? "session of \(hit.title)" : hit.title
                output += "\(place)  \(terminal.paint(what, .dim))\n"
                if !hit.snippet.isEmpty { output += "    \(hit.snippet)\n" }
            }
            try StandardOutput.write(output)
        }
        // As grep and rg: no match is exit status 1, which a script can test.
        if hits.isEmpty { throw CommandFailure(message: format == .text ? "nothing matches \"\(words.joined(separator: " "))\"" : "") }
    }

    private func record(_ hit: SearchHit) -> [(String, JSONValue)] {
        [("kind", .string(hit.kind.rawValue)), ("book", .string(hit.bookID.rawValue)), ("title", .string(hit.title)),
         ("path", .string(hit.path)), ("line", .int(hit.line)), ("snippet", .string(hit.snippet)),
         ("score", .double(hit.score))]
    }
}
