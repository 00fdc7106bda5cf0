internal import FrontMatter

/// What makes two books look like copies of one: the same ISBN, or the same title and first
/// author. `add` warns with these (``LibraryReading/duplicates(of:)``) and `check` reports
/// books that share an ISBN.
enum DuplicateKeys {
    /// Where one file holds its ISBN, and the ISBN as compared.
    struct ISBNMark: Sendable {
        var key: String
        var path: String
        var line: Int
        var column: Int
    }

    /// The title and first author, without case, accents, spaces and punctuation.
    static func titleAndFirstAuthor(_ book: Book) -> String {
        BookIdentity.normalised(book.title) + "|" + BookIdentity.normalised(book.authors.first ?? "")
    }

    /// The ISBN of `book` as compared, at its place in the file; nil without an ISBN.
    static func isbnMark(of book: Book, in document: FrontMatterDocument, path: String) -> ISBNMark? {
        guard let key = BookIdentity.isbnKey(book.isbn), let node = document["isbn"] else { return nil }
        let location = document.location(of: node)
        return ISBNMark(key: key, path: path, line: location.line, column: location.column)
    }

    /// A problem at each ISBN that another file holds too, naming the others.
    static func isbnProblems(_ marks: [ISBNMark]) -> [Problem] {
        var problems: [Problem] = []
        for (key, group) in Dictionary(grouping: marks, by: \.key) where group.count > 1 {
            for mark in group {
                let others = group.filter { $0.path != mark.path }.map(\.path).sorted().joined(separator: ", ")
                problems.append(Problem(path: mark.path, line: mark.line, column: mark.column,
                                        message: "duplicate isbn \(key): also in \(others); two files of one book?"))
            }
        }
        return problems
    }
}
