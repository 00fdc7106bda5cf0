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

    @Flag(help: "Add a key no book has even when it is one slip from a known key (ratng, Tags).")
    var newKey = false

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
        // Found without reading the file when the reference is a slug or a path: the update
        // reads the book once, and checks the keys against the book it read.
        let id = try await library.bookID(for: library.reference(book))
        let assignments = assignments.compactMap(ValueParsing.parsedAssignment)
        let asString = string
        let newKey = newKey
        let today = Day.today()
        // Keys of the person's own that the book lacks are asked of the library (`has:KEY`)
        // only when the book read shows it lacks them, which then takes a second pass.
        var elsewhere: Set<String> = []
        var asked: Set<String> = []
        while true {
            let outcome = Locked(SetOutcome())
            let (known, alreadyAsked) = (elsewhere, asked)
            let updated = try await library.update(id) { book throws(ShelfError) in
                let unasked = Self.keysToAsk(of: book, in: assignments).subtracting(alreadyAsked)
                // Nothing is written on this pass; the keys are asked, then the book read again.
                guard unasked.isEmpty else { return outcome.withLock { $0.unasked = unasked } }
                let keys = Self.keysNew(to: book, in: assignments, elsewhere: known, allowingSlips: newKey)
                outcome.withLock { $0 = SetOutcome(before: book, added: keys.new, slip: keys.slip) }
                // A slip changes nothing, so nothing is written; it is reported below.
                guard keys.slip == nil else { return }
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
            let result = outcome.withLock { $0 }
            if !result.unasked.isEmpty {
                for key in result.unasked.sorted() where try await Self.someBook(in: library, has: key) { elsewhere.insert(key) }
                asked.formUnion(result.unasked)
                continue
            }
            if let slip = result.slip { throw slip }
            let shown = library.displayPaths(updated.path)
            try StandardOutput.writeLine(updated == result.before ? "\(shown): nothing changed" : shown)
            if updated != result.before, let last = result.added.last {
                printError(result.added.count == 1 ? "shelf: \(last) is a new key: no other book has it"
                           : "shelf: \(result.added.dropLast().joined(separator: ", ")) and \(last) are new keys: no other book has them")
            }
            return
        }
    }

    /// What one pass of the update saw.
    private struct SetOutcome {
        /// The book as read.
        var before: Book?
        /// The keys no book had, written.
        var added: [String] = []
        /// A key one slip from a known one, refused.
        var slip: CommandFailure?
        /// Keys the book lacks whose use elsewhere in the library is still to be asked.
        var unasked: Set<String> = []
    }

    /// The keys set that neither the schema nor `book` knows, whose use by another book decides
    /// whether they are new. `has:` takes a schema key in any case, so `Tags` is not asked:
    /// only the book's own `Tags` makes it known.
    private static func keysToAsk(of book: Book, in assignments: [ValueParsing.Assignment]) -> Set<String> {
        var keys: Set<String> = []
        for case .set(let key, _) in assignments where !isSchemaKey(key) && !book.extra.contains(where: { $0.key == key }) {
            if !BookSchema.fields.contains(where: { $0.key == key.lowercased() }) { keys.insert(key) }
        }
        return keys
    }

    private static func isSchemaKey(_ key: String) -> Bool {
        BookSchema.field(forKey: key) != nil || BookSchema.fields.contains { $0.alternativeKeys.contains(key) }
    }

    /// The keys of `assignments` that neither `book` nor any other book of the library
    /// (`elsewhere`) has, nor the schema knows: new keys, reported once written. One a slip away
    /// from a key the book or the schema knows (`ratng`, `Tags`) is refused with that key,
    /// unless `allowingSlips` (`--new-key`).
    /// - Returns: The new keys, and for such a slip the ``CommandFailure`` (status 2) to throw
    ///   once the update has written nothing.
    private static func keysNew(to book: Book, in assignments: [ValueParsing.Assignment], elsewhere: Set<String>,
                                allowingSlips: Bool) -> (new: [String], slip: CommandFailure?) {
        var new: [String] = []
        for case .set(let key, _) in assignments {
            if isSchemaKey(key) || book.extra.contains(where: { $0.key == key }) || new.contains(key) || elsewhere.contains(key) {
                continue
            }
            let known = BookSchema.fields.flatMap { [$0.key] + $0.alternativeKeys } + book.extra.map(\.key)
            let close = Suggestions.closeMatches(to: key, among: known).filter { $0 != key }
            if !close.isEmpty && !allowingSlips {
                return (new, CommandFailure(message: "no book has the key \"\(key)\" (did you mean "
                                            + "\(Suggestions.alternatives(close))?); give --new-key to add it as it is", status: 2))
            }
            new.append(key)
        }
        return (new, nil)
    }

    /// Whether a book of the library has `key`, through the query `has:KEY`, which the index
    /// answers without reading the books.
    private static func someBook(in library: FileLibrary, has key: String) async throws -> Bool {
        guard let query = try? Query(parsing: ["has:" + key], today: Day.today()) else { return false }
        do {
            return try await !library.books(matching: query, sortedBy: [], limit: 1).items.isEmpty
        } catch .invalidQuery {
            return false
        }
    }
}
