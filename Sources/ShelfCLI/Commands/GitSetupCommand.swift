import ArgumentParser
import ShelfKit
import Foundation

/// `shelf git-setup`: installs the merge driver in the git repository holding the library.
struct GitSetupCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "git-setup",
        abstract: "Let git merge books and sessions key by key (run once in each clone).",
        discussion: """
            Adds `*.md merge=shelf` to the library's .gitattributes (commit it) and the driver \
            to the clone's .git/config. Afterwards a pull that brings changes to other keys of a \
            book you changed merges cleanly; only the same key changed to different values is a \
            conflict, written as `key: {ours: …, theirs: …}` and reported by `shelf check`.

            A clone that has not run it, or a device without shelf, merges as git always does.
            `shelf init` does this by itself in a git repository.

            Example:
              git clone me@server:books.git && cd books && shelf git-setup
            """
    )

    @OptionGroup var library: LibraryOptions

    func run() async throws {
        let root = try library.root()
        guard Git(directory: root).workTreeRoot() != nil else {
            throw CommandFailure(message: "\(root) is not in a git repository; run `git init` there first")
        }
        var setup = GitSetup(root: root, notes: try library.open().configuration.notes)
        try setup.install()
        if setup.changes.isEmpty {
            try StandardOutput.writeLine("The merge driver was already set up.")
        }
        for change in setup.changes { try StandardOutput.writeLine(change.prefix(1).uppercased() + change.dropFirst() + ".") }
    }
}
