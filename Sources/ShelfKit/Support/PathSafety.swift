/// Checks on names that come from callers — slugs, folders, statuses — before they become paths.
///
/// A folder of `../../etc` or a slug with a NUL must never reach a system call, so every name is
/// checked here, once, before anything is written.
enum PathSafety {
    /// Most file systems refuse longer names.
    static let maximumComponentBytes = 255

    /// Throws unless `name` is one usable path component: not empty, not `.`/`..`, not hidden,
    /// no `/` or NUL, at most 255 bytes.
    static func checkComponent(_ name: String, reserving extraBytes: Int = 0) throws(ShelfError) {
        if name.isEmpty { throw .unsafeName(name: name, reason: "a name cannot be empty") }
        if name == "." || name == ".." { throw .unsafeName(name: name, reason: "\".\" and \"..\" would leave the folder") }
        if name.hasPrefix(".") { throw .unsafeName(name: name, reason: "names starting with \".\" are hidden") }
        if name.contains("/") { throw .unsafeName(name: name, reason: "a name cannot contain \"/\"") }
        if name.utf8.contains(0) { throw .unsafeName(name: name, reason: "a name cannot contain a NUL character") }
        if name.utf8.count + extraBytes > maximumComponentBytes {
            throw .unsafeName(name: name, reason: "longer than \(maximumComponentBytes - extraBytes) bytes")
        }
    }

    /// Throws unless `folder` is `""` or relative components joined by `/`, each one safe.
    static func checkFolder(_ folder: String) throws(ShelfError) {
        guard !folder.isEmpty else { return }
        if folder.hasPrefix("/") { throw .unsafeName(name: folder, reason: "a folder must be relative to its status") }
        for component in folder.split(separator: "/", omittingEmptySubsequences: false) {
            do throws(ShelfError) {
                try checkComponent(String(component))
            } catch {
                guard case .unsafeName(_, let reason) = error else { throw error }
                throw .unsafeName(name: folder, reason: reason)
            }
        }
    }

    /// Throws unless `slug` can name a book file (`<slug>.md`).
    static func checkSlug(_ slug: String) throws(ShelfError) {
        try checkComponent(slug, reserving: 3)
    }
}
