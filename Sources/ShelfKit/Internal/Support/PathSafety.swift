internal import Foundation

/// Checks on names that come from callers — slugs, folders, statuses — before they become paths.
///
/// A folder of `../../etc` or a slug with a NUL must never reach a system call, so every name is
/// checked here, once, before anything is written.
package enum PathSafety {
    /// Most file systems refuse longer names.
    static let maximumComponentBytes = 255

    /// Device names Windows reserves in every folder, with or without an extension; a library
    /// synced to Windows could not hold a file named `con.md`.
    static let windowsReservedNames: Set<String> = Set(["con", "prn", "aux", "nul"])
        .union((1...9).flatMap { ["com\($0)", "lpt\($0)"] })

    /// Characters Windows or macOS refuse or treat as separators in names.
    static let unportableCharacters: Set<Character> = ["\\", ":", "*", "?", "\"", "<", ">", "|"]

    /// The name in Unicode NFC, the form macOS, Linux and Windows users type alike, so the same
    /// title gives the same file name on every system.
    static func normalized(_ name: String) -> String {
        name.precomposedStringWithCanonicalMapping
    }

    /// Throws unless `name` is one usable path component: not empty, not `.`/`..`, not hidden,
    /// no `/` or NUL, no control or unportable characters, not a Windows device name, not
    /// ending in a space or `.`, at most 255 bytes.
    static func checkComponent(_ name: String, reserving extraBytes: Int = 0) throws(ShelfError) {
        if name.isEmpty { throw .unsafeName(name: name, reason: "a name cannot be empty") }
        if name == "." || name == ".." { throw .unsafeName(name: name, reason: "\".\" and \"..\" would leave the folder") }
        if name.hasPrefix(".") { throw .unsafeName(name: name, reason: "names starting with \".\" are hidden") }
        // On bytes: "/" followed by a combining mark is one Character that is not "/".
        if name.utf8.contains(UInt8(ascii: "/")) { throw .unsafeName(name: name, reason: "a name cannot contain \"/\"") }
        // A name starting with a combining mark would join the "/" before it into one Character.
        if let first = name.unicodeScalars.first, first.properties.isGraphemeExtend {
            throw .unsafeName(name: name, reason: "a name cannot start with a combining mark")
        }
        if name.utf8.contains(0) { throw .unsafeName(name: name, reason: "a name cannot contain a NUL character") }
        if name.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
            throw .unsafeName(name: name, reason: "a name cannot contain control characters (tabs, line breaks)")
        }
        if let character = name.first(where: unportableCharacters.contains) {
            throw .unsafeName(name: name, reason: "\"\(character)\" is not allowed in file names on Windows or macOS")
        }
        if name.hasSuffix(" ") || name.hasSuffix(".") {
            throw .unsafeName(name: name, reason: "Windows drops a space or \".\" at the end of a name")
        }
        let stem = name.split(separator: ".", maxSplits: 1).first.map { $0.lowercased() } ?? ""
        if windowsReservedNames.contains(stem.trimmingCharacters(in: .whitespaces)) {
            throw .unsafeName(name: name, reason: "\"\(stem)\" is a device name on Windows")
        }
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
    package static func checkSlug(_ slug: String) throws(ShelfError) {
        try checkComponent(slug, reserving: 3)
    }
}
