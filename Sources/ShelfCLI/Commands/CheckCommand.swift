import ArgumentParser
import Foundation
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
    ///
    /// The advice keeps the book with its sessions: the side that deleted it deleted its session
    /// files too, which git merged away without a conflict, so `git add` of the book alone would
    /// commit it without them. Taking the book and its folder from the side that kept it brings
    /// both back (and a session changed on that side is then no longer a conflict either).
    static func unfinishedMerge(in root: String) -> [Problem] {
        let git = Git(directory: root)
        guard let output = try? git.run(["ls-files", "-u", "-z"]), output.status == 0 else { return [] }
        // Each entry is `mode hash stage<TAB>path`; stage 2 is ours, 3 theirs.
        var stages: [String: Set<Character>] = [:]
        for entry in output.standardOutput.split(separator: 0) {
            let text = String(decoding: entry, as: UTF8.self)
            guard let tab = text.firstIndex(of: "\t"), let stage = text[..<tab].last else { continue }
            stages[String(text[text.index(after: tab)...]), default: []].insert(stage)
        }
        let oneSided = stages.filter { !$0.value.contains("2") || !$0.value.contains("3") }
        // Asked of git once, and only when a book was deleted on this side.
        let theirs = oneSided.values.contains { !$0.contains("2") } ? otherSide(git) : "MERGE_HEAD"
        return oneSided.compactMap { path, stages in
            // A session of a book that is itself in the list comes back with the book's advice.
            let parent = (path as NSString).deletingLastPathComponent
            if oneSided[parent + ".md"] != nil { return nil }
            let folder = path.hasSuffix(".md") ? String(path.dropLast(3)) : ""
            let kept = stages.contains("2") ? "HEAD" : theirs
            let keptFolder = !folder.isEmpty && hasFolder(folder, in: kept, git)
            let onDisk = !folder.isEmpty && FileManager.default.fileExists(atPath: root + "/" + folder)
            let keep = keptFolder ? "`git checkout \(kept) -- \(path) \(folder)`" : "`git add \(path)`"
            let delete = onDisk ? "`git rm -r -- \(path) \(folder)`" : "`git rm \(path)`"
            let what = keptFolder ? "keep it and its sessions with " : "keep it with "
            return Problem(path: path, line: 0, column: 0,
                           message: "deleted on one side of the merge and changed on the other; \(what)\(keep) or delete it with \(delete)")
        }
    }

    /// The commit on the other side of the merge, rebase, cherry-pick or revert in progress.
    private static func otherSide(_ git: Git) -> String {
        for name in ["MERGE_HEAD", "REBASE_HEAD", "CHERRY_PICK_HEAD", "REVERT_HEAD"] {
            if let found = try? git.run(["rev-parse", "-q", "--verify", name]), found.status == 0 { return name }
        }
        return "MERGE_HEAD"
    }

    /// Whether `folder` is a folder of the commit `side`.
    private static func hasFolder(_ folder: String, in side: String, _ git: Git) -> Bool {
        guard let listed = try? git.run(["ls-tree", "-d", "--name-only", side, "--", folder]), listed.status == 0 else { return false }
        return !listed.standardOutput.isEmpty
    }
}
