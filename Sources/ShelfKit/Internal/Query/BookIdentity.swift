/// How an import recognises a book the library already has: the same `goodreads_id` (which
/// survives a title or author corrected by hand), else the same ISBN (ISBN-10 and ISBN-13 of
/// one book are the same), else the same title and first author, ignoring case, accents,
/// punctuation and spacing, with or without a subtitle.
///
/// A subtitle is the `subtitle` key, or what follows the first `: ` of the title, since
/// services disagree: Goodreads says "Just Mercy: A Story of Justice and Redemption" where
/// StoryGraph says "Just Mercy". A title without subtitle matches one with; two different
/// subtitles of one title ("Dune: Part One", "Dune: Part Two") do not match, and neither do a
/// title with and one without subtitle that both have an ISBN, different ones: "Kindred" and
/// "Kindred: A Graphic Novel Adaptation" are two books.
package struct BookIdentity {
    package init() {}

    private var byGoodreadsID: [String: Int] = [:]
    private var byISBN: [String: Int] = [:]
    /// The ISBN key of each remembered book that has one.
    private var isbns: [Int: String] = [:]
    /// Full title (with any subtitle) and first author.
    private var byTitle: [String: Int] = [:]
    /// Short title and first author, of the books that have a subtitle.
    private var byShortTitle: [String: Int] = [:]

    /// Remembers `book` under `index`; earlier books win a tie.
    package mutating func insert(_ book: Book, at index: Int) {
        if let id = Self.goodreadsID(book), byGoodreadsID[id] == nil { byGoodreadsID[id] = index }
        if let isbn = Self.isbnKey(book.isbn) {
            if byISBN[isbn] == nil { byISBN[isbn] = index }
            if isbns[index] == nil { isbns[index] = isbn }
        }
        let keys = Self.titleKeys(book)
        if byTitle[keys.full] == nil { byTitle[keys.full] = index }
        if let short = keys.short, byShortTitle[short] == nil { byShortTitle[short] = index }
    }

    /// The index of the remembered book that is `book`, if any.
    package func match(_ book: Book) -> Int? {
        if let id = Self.goodreadsID(book), let index = byGoodreadsID[id] { return index }
        let isbn = Self.isbnKey(book.isbn)
        if let isbn, let index = byISBN[isbn] { return index }
        let keys = Self.titleKeys(book)
        if let index = byTitle[keys.full] { return index }
        guard let index = keys.short.flatMap({ byTitle[$0] }) ?? byShortTitle[keys.full] else { return nil }
        if let isbn, let other = isbns[index], other != isbn { return nil }
        return index
    }

    /// The book's Goodreads id as text, whether written as a number or a string.
    package static func goodreadsID(_ book: Book) -> String? {
        switch book.extra("goodreads_id") {
        case .int(let id)?: String(id)
        case .string(let id)?: id.trimmingSpaces().isEmpty ? nil : id.trimmingSpaces()
        default: nil
        }
    }

    /// The ISBN-13 for a valid ISBN, else the digits as written.
    package static func isbnKey(_ isbn: String?) -> String? {
        guard let isbn, let digits = ISBN.exported(isbn) else { return nil }
        return ISBN.thirteen(digits) ?? digits.uppercased()
    }

    /// The title with any subtitle, and without it when there is one, each with the first
    /// author: `dunemessiah|frankherbert`.
    package static func titleKeys(_ book: Book) -> (full: String, short: String?) {
        let author = "|" + normalised(book.authors.first ?? "")
        if let subtitle = book.subtitle, !subtitle.trimmingSpaces().isEmpty {
            return (normalised(book.title + " " + subtitle) + author, normalised(book.title) + author)
        }
        if let colon = book.title.firstRange(of: ": "), !book.title[..<colon.lowerBound].trimmingSpaces().isEmpty {
            return (normalised(book.title) + author, normalised(book.title[..<colon.lowerBound]) + author)
        }
        return (normalised(book.title) + author, nil)
    }

    /// Letters and digits only, folded, `&` read as "and": "Ursula K. Le Guin" and
    /// "ursula k le  guin" agree, and so do "Friends & Influence" and "Friends and Influence".
    package static func normalised(_ text: some StringProtocol) -> String {
        String(TextFolding.fold(String(text).replacing("&", with: "and")).filter { $0.isLetter || $0.isNumber })
    }
}
