import ArgumentParser
import ShelfKit

/// `shelf tag BOOK +reread -kindle`: adds and removes tags without retyping the list.
struct TagCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tag",
        abstract: "Add or remove tags of a book; the rest of the list stays as it is written.",
        discussion: """
            +TAG (or TAG) adds a tag the book does not have yet, -TAG removes one it has; \
            removing the last tag removes the key. The same as `shelf set BOOK tags+=TAG tags-=TAG`.

            Example:
              shelf tag dune +reread -kindle
            """
    )

    @OptionGroup var library: LibraryOptions

    @Argument(help: "The book: a slug, path, slug prefix or title fragment.")
    var book: String

    // `-kindle` would be read as options: the changes take every argument the parser does not know.
    @Argument(parsing: .allUnrecognized, help: ArgumentHelp("Tags to add (+TAG or TAG) and remove (-TAG).", valueName: "±tag"))
    var changes: [String] = []

    func validate() throws {
        guard !changes.isEmpty else { throw ValidationError("give at least one +TAG or -TAG") }
        for change in changes where Self.change(change) == nil {
            throw ValidationError("\"\(change)\" names no tag; write +TAG or -TAG")
        }
    }

    private static func change(_ argument: String) -> Book.ListChange? {
        let tag: Substring
        let adds: Bool
        if argument.hasPrefix("+") || argument.hasPrefix("-") {
            tag = argument.dropFirst()
            adds = argument.hasPrefix("+")
        } else {
            tag = Substring(argument)
            adds = true
        }
        guard !tag.allSatisfy(\.isWhitespace) else { return nil }
        return adds ? .add(String(tag)) : .remove(String(tag))
    }

    func run() async throws {
        let library = try library.open()
        let book = try await library.resolve(library.reference(book))
        let changes = changes.compactMap(Self.change)
        let updated = try await library.update(book.id) { book throws(ShelfError) in book = try book.changingList("tags", changes) }
        try StandardOutput.writeLine(updated == book ? "\(book.path): nothing changed" : updated.path)
    }
}
