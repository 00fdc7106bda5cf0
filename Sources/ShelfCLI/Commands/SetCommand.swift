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
            set; book keys are checked (rating 0.5 to 5 in halves, dates as YYYY-MM-DD).

            Examples:
              shelf set dune rating=4.5 format=paperback
              shelf set dune "tags=[sci-fi, classic]"
              shelf set dune isbn=0441172717 --string
            """
    )

    @OptionGroup var library: LibraryOptions

    @Argument(help: "The book: a slug, path, slug prefix or title fragment.", completion: ShelfCompletion.books)
    var book: String

    @Argument(help: ArgumentHelp("The keys and values to set.", valueName: "key=value"))
    var assignments: [String]

    @Flag(help: "Keep every value as text.")
    var string = false

    func validate() throws {
        guard !assignments.isEmpty else { throw ValidationError("give at least one key=value") }
        for assignment in assignments {
            guard let (key, value) = ValueParsing.assignment(assignment) else {
                throw ValidationError("expected key=value, got \"\(assignment)\"")
            }
            // YAML reads nothing as null, which would drop a book key and write `null` for any
            // other: almost always a value lost on the way, not a wish.
            if value.isEmpty && !string {
                throw ValidationError("\(key)= has no value; remove the key with `shelf unset BOOK \(key)`, "
                                      + "or give --string for empty text")
            }
            if ValueParsing.locationKeys.contains(key) {
                throw ValidationError("\(key) comes from where the file is; use `shelf move` to change it")
            }
        }
    }

    func run() async throws {
        let library = try library.open()
        let book = try await library.resolve(book)
        var values: [YAMLValue.Entry] = []
        for assignment in assignments {
            guard let (key, text) = ValueParsing.assignment(assignment) else { continue }
            values.append(.init(key, ValueParsing.value(text, forKey: key, asString: string, today: Day.today())))
        }
        let updated = try await library.set(values, of: book.id)
        let shown = library.displayPaths(updated.path)
        try StandardOutput.writeLine(updated == book ? "\(shown): nothing changed" : shown)
    }
}
