import ArgumentParser
import Foundation
import ShelfKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `shelf edit BOOK`: opens the book's file (or one of its sessions) in `$VISUAL` or `$EDITOR`,
/// then checks it.
struct EditCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "edit",
        abstract: "Open a book's file, or a session's, in $VISUAL or $EDITOR, then check what you saved.",
        discussion: """
            The editor runs without a shell; EDITOR="code --wait" works. A slug or a path opens \
            the file even when its front matter is broken, so the file `shelf check` points at \
            can always be fixed here. A session opens by its path, or with --session: its file \
            name without .md, a day when the book has one session that day, or last.

            After the editor exits the file is read again. On a terminal, a problem is shown as \
            path:line:column and you are asked `What now? (e)dit again, (k)eep as it is [e]:`, \
            as visudo does; otherwise (or on keep) the file stays as you saved it, the problems \
            are printed and the exit status is 1.

            While the editor is open, other shelf commands that would change this book (set, \
            log, move, rm…) are refused with a message naming it, since the editor's save would \
            overwrite them.

            Examples:
              EDITOR=nano shelf edit dune
              shelf edit finished/fiction/piranesi.md
              shelf edit dune --session last
              shelf edit reading/dune/2026-11-20-0740.md
            """
    )

    @OptionGroup var library: LibraryOptions

    @Argument(help: "The book: a slug, path, slug prefix or title fragment; or a session file's path.",
              completion: ShelfCompletion.books)
    var book: String

    @Option(help: ArgumentHelp("Open one of the book's sessions instead: its file name without .md (2026-11-20-0740), a day with one session, or last.",
                               valueName: "session"))
    var session: String?

    func run() async throws {
        let library = try library.open()
        if let session {
            let book = try await library.resolve(library.reference(book))
            let file = try await library.session(SessionReference(session), of: book.id)
            try await Self.editAndCheck(file.path, in: library, again: "shelf edit \(book.id) --session \(file.name)")
        } else if let path = await library.sessionPath(for: library.reference(book)) {
            try await Self.editAndCheck(path, in: library, again: "shelf edit \(path)")
        } else {
            let path = try await library.bookPath(for: library.reference(book))
            let slug = BookID(bookPath: path) ?? BookID(book)
            try await Self.editAndCheck(path, in: library, again: "shelf edit \(slug)")
        }
    }

    /// Opens the book or session file at `path` in the editor, marked open meanwhile, then
    /// checks it: problems are printed, and on a terminal the person may edit again; otherwise
    /// the file is kept as saved and the command fails, suggesting `again`. Prints the path.
    static func editAndCheck(_ path: String, in library: FileLibrary, again: String) async throws {
        let launcher = EditorLauncher(environment: ProcessInfo.processInfo.environment)
        let interactive = isatty(STDIN_FILENO) == 1 && isatty(STDERR_FILENO) == 1
        try await library.whileEditing(path) {
            while true {
                do throws(EditorLauncher.Failure) {
                    try launcher.edit(library.root + "/" + path)
                } catch {
                    throw CommandFailure(message: error.description)
                }
                let problems = try await library.check().filter { $0.path == path }
                if problems.isEmpty { break }
                for problem in problems { printError(library.displayPaths.problem(problem)) }
                if interactive, Self.asksToEditAgain() { continue }
                throw CommandFailure(message: "\(library.displayPaths(path)) has \(Plural.counted(problems.count, "problem")), kept as saved; "
                                     + "run `\(again)` again to fix")
            }
        }
        try StandardOutput.writeLine(library.displayPaths(path))
    }

    /// Asks on the terminal whether to edit again; the end of input keeps the file.
    private static func asksToEditAgain() -> Bool {
        while true {
            FileHandle.standardError.write(Data("What now? (e)dit again, (k)eep as it is [e]: ".utf8))
            guard let answer = readLine()?.trimmingCharacters(in: .whitespaces).lowercased() else { return false }
            switch answer {
            case "", "e", "edit": return true
            case "k", "keep": return false
            default: continue
            }
        }
    }
}
