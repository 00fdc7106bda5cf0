import Foundation
import ShelfKit

/// How every command prints a path of the library: relative to the current folder when that is
/// inside the library, as git and rg print paths, so that it can be opened or passed on from
/// where the command ran (`sci-fi/dune.md` from `finished/`, `../to-read/circe.md` from
/// `reading/`); absolute from outside the library.
///
/// The `path` of a JSON or CSV record stays relative to the library's root: it is data about the
/// book, the same wherever the command ran.
struct DisplayPaths {
    /// The library's root folder.
    var root: String
    /// The folder the command runs in.
    var current: String

    init(root: String, current: String = FileManager.default.currentDirectoryPath) {
        self.root = root
        self.current = current
    }

    /// `path`, relative to the library's root, as it is printed.
    func callAsFunction(_ path: String) -> String {
        let base = root.hasSuffix("/") ? String(root.dropLast()) : root
        guard current == base || current.hasPrefix(base + "/") else { return base + "/" + path }
        let here = current.dropFirst(base.count).split(separator: "/")
        let there = path.split(separator: "/", omittingEmptySubsequences: false)
        // The folders the path shares with the current folder, but never the file's own name.
        var shared = 0
        while shared < here.count, shared < there.count - 1, here[shared] == there[shared] { shared += 1 }
        return String(repeating: "../", count: here.count - shared) + there.dropFirst(shared).joined(separator: "/")
    }

    /// A path a person typed, from the current folder or absolute, as the library names it
    /// (relative to its root); `nil` when `argument` is no path (no `/` and no `.md`) or is
    /// outside the library. The inverse of ``callAsFunction(_:)``, so printed paths can be
    /// passed back.
    func libraryPath(of argument: String) -> String? {
        guard argument.contains("/") || argument.hasSuffix(".md") else { return nil }
        let base = root.hasSuffix("/") ? String(root.dropLast()) : root
        var parts: [Substring] = []
        for part in ((argument.hasPrefix("/") ? "" : current + "/") + argument).split(separator: "/") {
            switch part {
            case ".": continue
            case "..": _ = parts.popLast()
            default: parts.append(part)
            }
        }
        let absolute = "/" + parts.joined(separator: "/")
        guard absolute.hasPrefix(base + "/") else { return nil }
        return String(absolute.dropFirst(base.count + 1))
    }

    /// `problem` as `path:line:column: message`, its path printed as ``callAsFunction(_:)`` prints it.
    func problem(_ problem: Problem) -> String {
        var shown = problem
        shown.path = self(problem.path)
        if let side = problem.keptSide {
            let command = Self.command(keeping: side)
            shown.message = Problem.KeptSide.message(key: side.key, ours: side.ours, theirs: side.theirs, keeping: "`\(command)`")
        }
        return shown.description
    }

    /// The command that keeps our side of a key a merge left in conflict: `set` for a book,
    /// `session edit` for a session's own keys.
    private static func command(keeping side: Problem.KeptSide) -> String {
        switch side.place {
        case .book(let slug):
            "shelf set \(ShellWord.quoted(slug)) \(ShellWord.quoted(side.key + "=" + side.value))"
        case .session(let slug, let name):
            "shelf session edit \(ShellWord.quoted(slug)) \(ShellWord.quoted(name)) --\(side.key) \(ShellWord.quoted(side.value))"
        }
    }
}

extension FileLibrary {
    /// How this command prints the library's paths.
    var displayPaths: DisplayPaths { DisplayPaths(root: root) }

    /// A book or session argument as ShelfKit takes it: a path typed from the current folder
    /// (`cloud-atlas.md` in `reading/`) or absolute, when it names a file of the library, becomes
    /// relative to the root; anything else (a slug, words of a title) is left as it is.
    func reference(_ argument: String) -> String {
        guard let path = displayPaths.libraryPath(of: argument), path != argument else { return argument }
        let file = root + "/" + path
        return FileManager.default.fileExists(atPath: file) || FileManager.default.fileExists(atPath: file + ".md") ? path : argument
    }
}
