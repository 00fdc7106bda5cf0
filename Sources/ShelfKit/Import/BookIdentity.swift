/// How an import recognises a book the library already has: the same ISBN (ISBN-10 and
/// ISBN-13 of one book are the same), else the same title and first author, ignoring case,
/// accents, punctuation and spacing.
struct BookIdentity {
    private var byISBN: [String: Int] = [:]
    private var byTitleAndAuthor: [String: Int] = [:]

    /// Remembers `book` under `index`; earlier books win a tie.
    mutating func insert(_ book: Book, at index: Int) {
        if let isbn = Self.isbnKey(book.isbn), byISBN[isbn] == nil { byISBN[isbn] = index }
        for key in Self.titleKeys(book) where byTitleAndAuthor[key] == nil { byTitleAndAuthor[key] = index }
    }

    /// The index of the remembered book that is `book`, if any.
    func match(_ book: Book) -> Int? {
        if let isbn = Self.isbnKey(book.isbn), let index = byISBN[isbn] { return index }
        return Self.titleKeys(book).lazy.compactMap { byTitleAndAuthor[$0] }.first
    }

    /// The ISBN-13 for a valid ISBN, else the digits as written.
    static func isbnKey(_ isbn: String?) -> String? {
        guard let isbn, let digits = ISBN.exported(isbn) else { return nil }
        return ISBN.thirteen(digits) ?? digits.uppercased()
    }

    /// Title with and without subtitle, each with the first author: `dune|frankherbert`.
    static func titleKeys(_ book: Book) -> [String] {
        let author = normalised(book.authors.first ?? "")
        var keys = [normalised(book.title) + "|" + author]
        if let subtitle = book.subtitle, !subtitle.isEmpty { keys.append(normalised(book.title + " " + subtitle) + "|" + author) }
        return keys
    }

    /// Letters and digits only, folded: "Ursula K. Le Guin" and "ursula k le  guin" agree.
    static func normalised(_ text: String) -> String {
        String(TextFolding.fold(text).filter { $0.isLetter || $0.isNumber })
    }
}
