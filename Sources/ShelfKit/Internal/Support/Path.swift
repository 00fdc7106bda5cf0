/// Slash-separated paths taken apart and put together, for library-relative paths
/// (`finished/dune.md`) and absolute ones (`/home/ada/books`) alike.
///
/// The root answer: a path with no slash lives in the folder it is relative to, written `""`
/// (the library root's own name in storage, as `DiskStorage.absolute("")` reads it); an
/// absolute path directly under `/` lives in `/`. A system call that is handed `""` is handed
/// the current folder, `.`, by ``FileSystem``.
enum Path {
    /// The folder holding `path`: `finished/dune.md` → `finished`, `dune.md` → `""`,
    /// `/books` → `/`.
    static func parent(of path: String) -> String {
        guard let slash = lastSlash(in: path) else { return "" }
        return slash == path.utf8.startIndex ? "/" : String(path[..<slash])
    }

    /// The last component of `path`: `finished/dune.md` → `dune.md`.
    static func name(of path: String) -> String {
        guard let slash = lastSlash(in: path) else { return path }
        return String(path[path.utf8.index(after: slash)...])
    }

    /// The last `/`, found on bytes: as a Character, a slash followed by a combining mark
    /// (`finished/\u{301}x.md`) is one Character that is not `/`.
    private static func lastSlash(in path: String) -> String.Index? {
        path.utf8.lastIndex(of: UInt8(ascii: "/"))
    }

    /// `path` without its `.` components and repeated or trailing slashes: `/books/./x/` →
    /// `/books/x`, `/books/.` → `/books`. A `..` stays, as it names the folder above what the
    /// link before it points at, which only the file system knows.
    static func withoutDots(_ path: String) -> String {
        let parts = path.utf8.split(separator: UInt8(ascii: "/")).filter { !$0.elementsEqual(".".utf8) }
        let joined = parts.compactMap { String($0) }.joined(separator: "/")
        guard path.hasPrefix("/") else { return joined.isEmpty ? "." : joined }
        return "/" + joined
    }

    /// `name` inside `folder`, where `""` is the folder paths are relative to.
    static func joined(_ folder: String, _ name: String) -> String {
        folder.isEmpty ? name : folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }
}
