internal import GRDB

/// What a refresh of the index knows of the library's files besides the index: the walk, when
/// it made one, else what the index says of the same.
struct RefreshedFiles: Sendable {
    /// The walk of the refresh; `nil` when watchman vouched for the files and nothing was walked.
    var walk: LibraryWalk?
    /// How many book files the library has.
    var bookCount: Int
    /// One problem per book file whose slug another also has (``LibraryWalk/duplicateProblems``),
    /// and one per folder the walk could not list.
    var duplicateProblems: [Problem]

    init(_ walk: LibraryWalk) {
        self.walk = walk
        bookCount = walk.books.count
        duplicateProblems = walk.problems
    }

    /// A library without shared slugs, counted before.
    init(bookCount: Int) {
        walk = nil
        self.bookCount = bookCount
        duplicateProblems = []
    }

    /// The same from the index alone, without a walk: the book files are the books and the
    /// book files that could not be read, which keep a problem each.
    init(_ db: Database) throws {
        walk = nil
        (bookCount, duplicateProblems) = try {
            let unreadable = try String.fetchAll(db, sql: """
                SELECT DISTINCT path FROM problems WHERE NOT is_session AND path NOT IN (SELECT path FROM books)
                """)
            var paths = try String.fetchAll(db, sql: """
                SELECT path FROM books WHERE slug IN (SELECT slug FROM books GROUP BY slug HAVING count(*) > 1)
                """)
            for path in unreadable {
                guard let slug = LibraryWalk.slug(ofBookFile: Path.name(of: path)) else { continue }
                paths += try String.fetchAll(db, sql: "SELECT path FROM books WHERE slug = ?", arguments: [slug])
            }
            var bySlug: [String: Set<String>] = [:]
            for path in paths + unreadable {
                guard let slug = LibraryWalk.slug(ofBookFile: Path.name(of: path)) else { continue }
                bySlug[slug, default: []].insert(path)
            }
            let shared = bySlug.filter { $0.value.count > 1 }.map { slug, paths in
                (slug: slug, paths: paths.sorted { ByteOrder.precedes($0, $1) })
            }
            let count = try Int.fetchOne(db, sql: "SELECT count(*) FROM books") ?? 0
            return (count + unreadable.count, LibraryWalk.duplicateProblems(shared.sorted { $0.slug < $1.slug }))
        }()
    }
}
