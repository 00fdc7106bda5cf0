import Foundation
import ShelfTestSupport

/// The shared corpus of real book notes, `../shared/corpus/frontmatter/` beside the package.
///
/// The notes belong to the people who wrote them (SOURCES.md names each repository and commit),
/// so they are read where they are and never copied into the project.
enum Corpus {
    /// The corpus folder, or `nil` where it is absent (a checkout without `../shared`).
    static let folder = sharedFolder("frontmatter")

    /// `../shared/corpus/<name>` beside the package, or `nil` where it is absent.
    static func sharedFolder(_ name: String) -> URL? {
        let folder = PackageFolder.root.deletingLastPathComponent().appendingPathComponent("shared/corpus/" + name)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory), isDirectory.boolValue else { return nil }
        return folder
    }

    /// One note: its name in the corpus, its bytes, and the slug it gets in a library.
    struct File: Sendable {
        var name: String
        var bytes: [UInt8]
        var slug: String
    }

    /// Every note in the corpus, in name order; SOURCES.md lists them and is not one.
    static func files() throws -> [File] {
        guard let folder else { return [] }
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasSuffix(".md") && $0 != "SOURCES.md" }
            .sorted()
        return try names.map { name in
            let bytes = try [UInt8](Data(contentsOf: folder.appendingPathComponent(name)))
            return File(name: name, bytes: bytes, slug: slug(forFileName: name))
        }
    }

    /// A slug any library accepts, from the last part of a corpus name
    /// (`owner__repo__books__Dune.md` → `dune`); names in other scripts fall back to `book`.
    static func slug(forFileName name: String) -> String {
        let last = name.components(separatedBy: "__").last ?? name
        let stem = last.hasSuffix(".md") ? String(last.dropLast(3)) : last
        var slug = ""
        for scalar in stem.lowercased().unicodeScalars {
            if ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) {
                slug.unicodeScalars.append(scalar)
            } else if !slug.isEmpty, !slug.hasSuffix("-") {
                slug += "-"
            }
        }
        while slug.hasSuffix("-") { slug.removeLast() }
        slug = String(slug.prefix(50))
        while slug.hasSuffix("-") { slug.removeLast() }
        return slug.isEmpty ? "book" : slug
    }
}
