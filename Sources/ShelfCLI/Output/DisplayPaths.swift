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

    /// `problem` as `path:line:column: message`, its path printed as ``callAsFunction(_:)`` prints it.
    func problem(_ problem: Problem) -> String {
        var shown = problem
        shown.path = self(problem.path)
        return shown.description
    }
}

extension FileLibrary {
    /// How this command prints the library's paths.
    var displayPaths: DisplayPaths { DisplayPaths(root: root) }
}
