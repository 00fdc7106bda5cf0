import ArgumentParser
import ShelfKit

/// `shelf unset BOOK key...`: removes front matter keys with all their lines.
struct UnsetCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "unset",
        abstract: "Remove front matter keys from a book, with all their lines.",
        discussion: """
            Example:
              shelf unset dune rating format
            """
    )

    @OptionGroup var library: LibraryOptions

    @Argument(help: "The book: a slug, path, slug prefix or title fragment.", completion: ShelfCompletion.books)
    var book: String

    @Argument(help: "The keys to remove.")
    var keys: [String]

    func validate() throws {
        guard !keys.isEmpty else { throw ValidationError("give at least one key to remove") }
        for key in keys where ValueParsing.locationKeys.contains(key) {
            throw ValidationError("\(key) comes from where the file is; use `shelf move` to change it")
        }
        if let key = keys.first(where: { BookSchema.field(forKey: $0)?.isRequired == true }) {
            throw ValidationError("a book must keep its \(key); use `shelf set BOOK \(key)=…`")
        }
    }

    func run() async throws {
        let library = try library.open()
        let book = try await library.resolve(library.reference(book))
        // Removed from the file itself, so a value shelf cannot read (`rating: ⭐⭐⭐⭐`) goes too.
        let removed = try await library.removeKeys(keys, from: book)
        let (updated, missing) = (removed.book, removed.absent)
        if !missing.isEmpty {
            let names = missing.map { "\"\($0)\"" }.joined(separator: ", ")
            printError("shelf: \(library.displayPaths(book.path)) has no key\(missing.count == 1 ? "" : "s") \(names)")
        }
        guard missing.count < keys.count else {
            try StandardOutput.writeLine("\(library.displayPaths(book.path)): nothing changed")
            return
        }
        try StandardOutput.writeLine(library.displayPaths(updated.path))
    }
}
