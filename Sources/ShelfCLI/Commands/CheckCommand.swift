import ArgumentParser
import ShelfKit

/// `shelf check`: reads every file and reports every problem, like a compiler.
struct CheckCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check every file of the library and report problems as path:line:column.",
        discussion: """
            Reports invalid YAML, missing titles, duplicate slugs, invalid dates, ratings out of \
            range, ISBN check digits, session folders without a book and sessions whose pages go \
            backwards. Exit status 1 when there is any problem.

            Example:
              shelf check
            """
    )

    @OptionGroup var library: LibraryOptions

    func run() async throws {
        let library = try library.open()
        let problems = try await library.check()
        try StandardOutput.write(problems.map { library.displayPaths.problem($0) + "\n" }.joined())
        guard problems.isEmpty else {
            let files = Set(problems.map(\.path)).count
            throw CommandFailure(message: "\(Plural.counted(problems.count, "problem")) in \(Plural.counted(files, "file"))")
        }
        let books = try await library.scan().books.count
        printError("shelf: no problems in \(Plural.counted(books, "book"))")
    }
}
