import ArgumentParser
import ShelfKit

/// `shelf set BOOK key=value...`: changes front matter values with a minimal diff.
struct SetCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "set",
        abstract: "Set front matter keys of a book; only those values change in the file.",
        discussion: """
            Values are typed as YAML types them: 412 is a number, 2024-03-01 a date, [a, b] a list, \
            true a boolean, anything else text. --string keeps every value as text. Any key can be \
            set; book keys are checked (rating 0.5 to 5 in halves, dates as YYYY-MM-DD, ISBN check \
            digits). A list key of the book (authors, tags) takes its elements separated by commas; \
            write a comma inside one as \\, or give a YAML list with quotes. key+=element and \
            key-=element add or remove one element and keep the rest of the list as it is written; \
            removing the last one removes the key.

            Examples:
              shelf set dune rating=4.5 format=paperback
              shelf set dune "authors=Frank Herbert, Brian Herbert"
              shelf set dune tags+=reread tags-=kindle
              shelf set dune isbn=0441172717 --string
            """
    )

    @OptionGroup var library: LibraryOptions

    @Argument(help: "The book: a slug, path, slug prefix or title fragment.", completion: ShelfCompletion.books)
    var book: String

    @Argument(help: ArgumentHelp("The keys and values to set; key+=element and key-=element change one element of a list.",
                                 valueName: "key=value"))
    var assignments: [String]

    @Flag(help: "Keep every value as text.")
    var string = false

    func validate() throws {
        guard !assignments.isEmpty else { throw ValidationError("give at least one key=value") }
        for assignment in assignments {
            guard let parsed = ValueParsing.parsedAssignment(assignment) else {
                throw ValidationError("expected key=value, got \"\(assignment)\"")
            }
            switch parsed {
            case .set(let key, let value):
                // YAML reads nothing as null, which would drop a book key and write `null` for any
                // other: almost always a value lost on the way, not a wish.
                if value.isEmpty && !string {
                    throw ValidationError("\(key)= has no value; remove the key with `shelf unset BOOK \(key)`, "
                                          + "or give --string for empty text")
                }
                try Self.refuseLocationKey(key)
            case .add(let key, let value), .remove(let key, let value):
                if Book.listElements(of: value).isEmpty { throw ValidationError("\(assignment) names no element") }
                try Self.refuseLocationKey(key)
            }
        }
    }

    private static func refuseLocationKey(_ key: String) throws {
        if ["slug", "id"].contains(key) {
            throw ValidationError("\(key) comes from the file's name; use `shelf move BOOK --slug NEW` to rename the book")
        }
        if ValueParsing.locationKeys.contains(key) {
            throw ValidationError("\(key) comes from where the file is; use `shelf move` to change it")
        }
    }

    func run() async throws {
        let library = try library.open()
        let book = try await library.resolve(library.reference(book))
        let assignments = assignments.compactMap(ValueParsing.parsedAssignment)
        let asString = string
        let today = Day.today()
        let updated = try await library.update(book.id) { book in
            for assignment in assignments {
                switch assignment {
                case .set(let key, let text):
                    book = try book.setting(key, to: ValueParsing.value(text, forKey: key, asString: asString, today: today))
                case .add(let key, let text):
                    book = try book.changingList(key, Book.listElements(of: text).map(Book.ListChange.add))
                case .remove(let key, let text):
                    book = try book.changingList(key, Book.listElements(of: text).map(Book.ListChange.remove))
                }
            }
        }
        let shown = library.displayPaths(updated.path)
        try StandardOutput.writeLine(updated == book ? "\(shown): nothing changed" : shown)
    }
}
