/// How an import recognises a book the library already has: the same ISBN (ISBN-10 and
/// ISBN-13 of one book are the same), else the same title and first author, ignoring case,
/// accents, punctuation and spacing, with or without a subtitle.
///
/// A subtitle is the `subtitle` key, or what follows the first `: ` of the title, since
/// services disagree: Goodreads says "Just Mercy: A Story of Justice and Redemption" where
/// StoryGraph says "Just Mercy". A title without subtitle matches one with; two different
/// subtitles of one title ("Dune: Part One", "Dune: Part Two") do not match.
struct BookIdentity {
    private var byISBN: [String: Int] = [:]
    /// Full title (with any subtitle) and first author.
    private var byTitle: [String: Int] = [:]
    /// Short title and first author, of the books that have a subtitle.
    private var byShortTitle: [String: Int] = [:]

    /// Remembers `book` under `index`; earlier books win a tie.
    mutating func insert(_ book: Book, at index: Int) {
        if let isbn = Self.isbnKey(book.isbn), byISBN[isbn] == nil { byISBN[isbn] = index }
        let keys = Self.titleKeys(book)
        if byTitle[keys.full] == nil { byTitle[keys.full] = index }
        if let short = keys.short, byShortTitle[short] == nil { byShortTitle[short] = index }
    }

    /// The index of the remembered book that is `book`, if any.
    func match(_ book: Book) -> Int? {
        if let isbn = Self.isbnKey(book.isbn), let index = byISBN[isbn] { return index }
        let keys = Self.titleKeys(book)
        if let index = byTitle[keys.full] { return index }
        if let short = keys.short { return byTitle[short] }
        return byShortTitle[keys.full]
    }

    /// The ISBN-13 for a valid ISBN, else the digits as written.
    static func isbnKey(_ isbn: String?) -> String? {
        guard let isbn, let digits = ISBN.exported(isbn) else { return nil }
        return ISBN.thirteen(digits) ?? digits.uppercased()
    }

    /// The title with any subtitle, and without it when there is one, each with the first
    /// author: `dunemessiah|frankherbert`.
    static func titleKeys(_ book: Book) -> (full: String, short: String?) {
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
    static func normalised(_ text: some StringProtocol) -> String {
        String(TextFolding.fold(String(text).replacing("&", with: "and")).filter { $0.isLetter || $0.isNumber })
    }
}
