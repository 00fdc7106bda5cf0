/// A `cover` key that names a file beside the book (`cover: dune.jpg`, `cover: ../covers/dune.png`)
/// rather than a URL: the file `check` looks for and a move takes along.
enum CoverFile {
    /// The path, relative to the library, of the file `value` names from a book in `directory`;
    /// `nil` for a URL (`https://…`, `data:`), an absolute path, an Obsidian link (`[[…]]`) or a
    /// path that leaves the library.
    static func path(of value: String, besideBookIn directory: String) -> String? {
        let trimmed = value.trimmingSpaces()
        guard !trimmed.isEmpty, !trimmed.contains("://"), !trimmed.hasPrefix("data:"), !trimmed.hasPrefix("/"),
              !trimmed.hasPrefix("[["), !trimmed.hasPrefix("!["), !trimmed.hasPrefix("~") else { return nil }
        var components = directory.split(separator: "/").map(String.init)
        for component in trimmed.split(separator: "/") {
            switch component {
            case ".": continue
            case "..":
                guard !components.isEmpty else { return nil }
                components.removeLast()
            default: components.append(String(component))
            }
        }
        return components.isEmpty ? nil : components.joined(separator: "/")
    }

    /// Whether `value` names a file in the book's own folder by name alone (`dune.jpg`), which
    /// moves with the book so that the name keeps pointing at it.
    static func isBesideBook(_ value: String) -> Bool {
        let trimmed = value.trimmingSpaces()
        return path(of: trimmed, besideBookIn: "") == trimmed && !trimmed.contains("/")
    }
}
