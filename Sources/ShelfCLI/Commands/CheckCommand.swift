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
        let problems = (try await library.check() + Self.unfinishedMerge(in: library.root)).sorted()
        try StandardOutput.write(problems.map { library.displayPaths.problem($0) + "\n" }.joined())
        guard problems.isEmpty else {
            let files = Set(problems.map(\.path)).count
            throw CommandFailure(message: "\(Plural.counted(problems.count, "problem")) in \(Plural.counted(files, "file"))")
        }
        let books = try await library.scan().books.count
        printError("shelf: no problems in \(Plural.counted(books, "book"))")
    }

    /// Files a git merge left for the person that hold no conflict shelf can see in them: a
    /// book deleted on one side and changed on the other is whole on disk, and only git's
    /// index knows. Outside a repository, or without git, there are none.
    static func unfinishedMerge(in root: String) -> [Problem] {
        guard let output = try? Git(directory: root).run(["ls-files", "-u", "-z"]), output.status == 0 else { return [] }
        // Each entry is `mode hash stage<TAB>path`; stage 2 is ours, 3 theirs.
        var stages: [String: Set<Character>] = [:]
        for entry in output.standardOutput.split(separator: 0) {
            let text = String(decoding: entry, as: UTF8.self)
            guard let tab = text.firstIndex(of: "\t"), let stage = text[..<tab].last else { continue }
            stages[String(text[text.index(after: tab)...]), default: []].insert(stage)
        }
        return stages.compactMap { path, stages in
            guard !stages.contains("2") || !stages.contains("3") else { return nil }
            return Problem(path: path, line: 0, column: 0,
                           message: "deleted on one side of the merge and changed on the other; "
                               + "keep it with `git add \(path)` or delete it with `git rm \(path)`")
        }
    }
}
