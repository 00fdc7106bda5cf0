internal import Foundation
import ShelfKit

/// How a KOReader book was found in the library.
public enum KOReaderMatch: String, Sendable, Hashable, Codable {
    /// The book's `koreader` key names the file's md5: matched before, or by the person.
    case remembered
    /// The sidecar's ISBN is the book's `isbn`.
    case isbn
    /// The sidecar's Open Library id is the book's `openlibrary`.
    case openLibrary = "open-library"
    /// The same title and authors, accents, case, subtitles and "Last, First" forgiven.
    case title
}

/// Finds the library book a KOReader book is: by the md5 remembered in a book's `koreader` key,
/// else by the sidecar's ISBN or Open Library id, else by title and first author.
struct KOReaderMatcher {
    /// The front matter key that remembers a book's KOReader md5 (one, or a list for a book read
    /// as several files).
    static let key = "koreader"

    private var byMD5: [String: Int] = [:]
    private var byISBN: [String: Int] = [:]
    private var byOpenLibrary: [String: Int] = [:]
    private var identity = BookIdentity()
    /// Title alone, for a KOReader book without authors: the index when one book has the title.
    private var byTitleAlone: [String: [Int]] = [:]

    init(_ books: [Book]) {
        for (index, book) in books.enumerated() {
            for md5 in Self.md5s(of: book) where byMD5[md5] == nil { byMD5[md5] = index }
            if let isbn = BookIdentity.isbnKey(book.isbn), byISBN[isbn] == nil { byISBN[isbn] = index }
            if case .string(let id)? = book.extra("openlibrary"), byOpenLibrary[id] == nil { byOpenLibrary[id] = index }
            identity.insert(book, at: index)
            byTitleAlone[BookIdentity.normalised(book.title), default: []].append(index)
        }
    }

    /// The md5s a book's `koreader` key remembers.
    static func md5s(of book: Book) -> [String] {
        switch book.extra(key) {
        case .string(let md5)?: [md5.trimmingCharacters(in: .whitespaces).lowercased()]
        case .list(let items)?:
            items.compactMap { item in if case .string(let md5) = item { md5.trimmingCharacters(in: .whitespaces).lowercased() } else { nil } }
        default: []
        }
    }

    /// The index of the book `book` (with its sidecar, when found) is, and how it was found.
    func match(_ book: KOReaderBook, sidecar: KOReaderSidecar?) -> (index: Int, by: KOReaderMatch)? {
        if let index = byMD5[book.md5] { return (index, .remembered) }
        for isbn in sidecar?.isbns ?? [] {
            if let key = BookIdentity.isbnKey(isbn), let index = byISBN[key] { return (index, .isbn) }
        }
        if let id = sidecar?.openLibrary, let index = byOpenLibrary[id] { return (index, .openLibrary) }
        let title = KOReaderNames.title(sidecar?.title ?? book.title)
        let authors = KOReaderNames.authors(sidecar?.authors ?? book.authors)
        for variant in KOReaderNames.titleVariants(title) {
            if let index = identity.match(Book(title: variant, authors: authors)) { return (index, .title) }
        }
        if authors.isEmpty {
            for variant in KOReaderNames.titleVariants(title) {
                if let found = byTitleAlone[BookIdentity.normalised(variant)], found.count == 1 { return (found[0], .title) }
            }
        }
        return nil
    }
}

/// KOReader's titles and authors as a library writes them.
enum KOReaderNames {
    /// The extensions a title that is a file name ends with, which KOReader shows when the
    /// file has no title of its own.
    private static let fileExtensions: Set<String> = ["epub", "kepub", "mobi", "azw", "azw3", "pdf", "fb2", "djvu", "cbz", "cbr",
                                                      "txt", "doc", "docx", "rtf", "htm", "html", "md", "zip", "xps", "chm", "odt"]

    /// The title without a file extension and surrounding spaces; `Untitled` for none.
    static func title(_ text: String) -> String {
        var title = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if let dot = title.lastIndex(of: "."), fileExtensions.contains(title[title.index(after: dot)...].lowercased()) {
            title = String(title[..<dot]).trimmingCharacters(in: .whitespaces)
        }
        return title.isEmpty ? "Untitled" : title
    }

    /// The title as written, then without what follows `: `, `; ` or ` - ` (KOReader has the
    /// whole title of the file: "Frankenstein; Or, The Modern Prometheus").
    static func titleVariants(_ title: String) -> [String] {
        var variants = [title]
        for separator in [": ", "; ", " - ", " — ", " – "] {
            if let range = title.range(of: separator) {
                let short = title[..<range.lowerBound].trimmingCharacters(in: .whitespaces)
                if !short.isEmpty, !variants.contains(short) { variants.append(short) }
            }
        }
        return variants
    }

    /// KOReader's authors text as names: one per line (or `; `), `N/A` for none, "Last, First"
    /// turned around.
    static func authors(_ text: String) -> [String] {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty, trimmed != "N/A", trimmed.lowercased() != "unknown" else { return [] }
        return trimmed.split(whereSeparator: \.isNewline).flatMap { $0.components(separatedBy: "; ") }.compactMap { name in
            let name = name.trimmingCharacters(in: .whitespaces)
            guard !name.isEmpty else { return nil }
            let parts = name.components(separatedBy: ", ")
            guard parts.count == 2, !parts[0].contains(" ") || parts[0].split(separator: " ").count <= 2,
                  !parts[1].isEmpty, !["Jr.", "Jr", "Sr.", "III", "II"].contains(parts[1]) else { return name }
            return parts[1] + " " + parts[0]
        }
    }
}
