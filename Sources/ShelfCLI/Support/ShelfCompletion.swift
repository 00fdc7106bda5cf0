import ArgumentParser
import Foundation
import ShelfKit

/// What a shell completes from the library as a person types: book slugs, statuses and folders.
///
/// The completion scripts (`shelf --generate-completion-script bash|zsh|fish`) run
/// `shelf ---completion …` with the words typed so far. The library is found as every command
/// finds it (`--library` among the words, `SHELF_LIBRARY`, the folders above), read from its
/// index when it has one and never given one it does not have, and anything that goes wrong
/// completes nothing: a shell prints whatever a completion writes, under the cursor.
enum ShelfCompletion {
    /// Slugs of the books, for an argument naming a book.
    static let books = CompletionKind.custom { words, _, prefix in
        await names(words: words, prefix: prefix) { library in
            try await library.books(matching: BookQuery(), sortedBy: [], limit: nil).items.map(\.id.rawValue)
        }
    }

    /// The library's statuses, in their order.
    static let statuses = CompletionKind.custom { words, _, prefix in
        await names(words: words, prefix: prefix, sorted: false) { library in library.configuration.statuses.map(\.name) }
    }

    /// The folders below the statuses that hold books, each with the folders above it.
    static let folders = CompletionKind.custom { words, _, prefix in
        await names(words: words, prefix: prefix) { library in
            let folders = try await library.books(matching: BookQuery(), sortedBy: [], limit: nil).items.map(\.folder)
            return folders.flatMap { folder in
                let parts = folder.split(separator: "/")
                return parts.indices.map { parts[...$0].joined(separator: "/") }
            }
        }
    }

    /// The names `read` finds in the library `words` point at, that start with `prefix`, once each.
    private static func names(words: [String], prefix: String, sorted: Bool = true,
                              _ read: (FileLibrary) async throws -> [String]) async -> [String] {
        do {
            let root = try LibraryLocator().locate(explicit: library(in: words))
            let indexed = FileManager.default.fileExists(atPath: root + "/" + IndexOptions.path)
            let library = try FileLibrary(root: root, index: indexed ? .enabled : .disabled)
            var seen = Set<String>()
            let names = try await read(library).filter { $0.hasPrefix(prefix) && seen.insert($0).inserted }
            return sorted ? names.sorted() : names
        } catch {
            return []
        }
    }

    /// The value of `--library PATH` or `--library=PATH` among the words typed.
    static func library(in words: [String]) -> String? {
        var value: String?
        for (index, word) in words.enumerated() {
            if word == "--", index > 0 { break }
            if word == "--library", index + 1 < words.count { value = words[index + 1] }
            if word.hasPrefix("--library=") { value = String(word.dropFirst("--library=".count)) }
        }
        return value
    }
}
