/// How the engine's reads find books: by reading the files (``FileReads``), or from the index
/// kept of them (``IndexedReads``).
///
/// A strategy only finds: which books, sessions and search matches there are, and the problems
/// of the files it skipped. `LibraryEngine` does everything else once, whichever strategy
/// answered: it validates queries, remembers what each file held, sorts, cuts to the limit and
/// makes search hits. Both strategies give the same answers; the index only gives them sooner.
protocol ReadStrategy: Sendable {
    associatedtype Storage: LibraryStorage

    /// Every book that reads, and a problem for each file that does not.
    /// - Parameter files: The engine's files, for their storage and statuses.
    func allBooks(_ files: LibraryFiles<Storage>) async throws(ShelfError) -> FoundBooks

    /// The books `query` matches, each made into an entry by `entry` as it is read, in no
    /// particular order, with what the engine needs to check the query.
    ///
    /// Only the entries are kept, never the books: a listing of every book of a large library
    /// then holds what it prints (a table row, a path) rather than every book with its body.
    /// - Parameters:
    ///   - progress: What the listing needs of the books' progress.
    ///   - entry: Called once for each book matched, on any thread, with the book's progress
    ///     when the strategy has it: always when ``ProgressWanted/forSorting``.
    func list<Entry: Sendable>(matching query: Query, progress: ProgressWanted, _ files: LibraryFiles<Storage>,
                               _ entry: @escaping @Sendable (Book, ReadingProgress?) -> Entry) async throws(ShelfError)
        -> ListAnswer<Entry>

    /// How many books `query` matches, with the custom keys the engine checks the query
    /// against, when the strategy counts without reading the books; `nil` when it cannot (the
    /// engine lists them).
    func count(matching query: Query, _ files: LibraryFiles<Storage>) async throws(ShelfError) -> (count: Int, customKeys: Set<String>)?

    /// The reading progress of `books`, and the problems of session files that could not be read
    /// (of any book: the engine keeps those of `books`).
    func progress(of books: [Book], _ files: LibraryFiles<Storage>) async throws(ShelfError)
        -> (progress: [String: ReadingProgress], problems: [Problem])

    /// Every session on or after `day` (all when `nil`), in no particular order.
    func sessions(since day: Day?, _ files: LibraryFiles<Storage>) async throws(ShelfError) -> Listing<ReadingSession>

    /// Whether ``books(atPaths:withText:_:)`` reads books without their files.
    var readsBooksAtPaths: Bool { get }

    /// The books at `paths`, which a listing of this strategy has just found, in that order,
    /// read as the listing read them but without a refresh; `nil` when the strategy can only
    /// read a book from its file (``readsBooksAtPaths`` is `false`) or no longer can. A path
    /// whose book has gone since is left out.
    func books(atPaths paths: [String], withText: Bool, _ files: LibraryFiles<Storage>) async throws(ShelfError) -> [Book]?

    /// Every book `query` matches, made into an entry from a book read with only `columns` of
    /// `books` besides its path, slug, status, folder and title (every other field empty), when
    /// the strategy reads those without the rest of each book; `nil` when it cannot (the caller
    /// reads the books whole). For what counts or sorts one field, never a book to show.
    func partialBooks<Entry: Sendable>(matching query: Query, columns: Set<String>, _ files: LibraryFiles<Storage>,
                                       _ entry: @escaping @Sendable (Book) -> Entry) async throws(ShelfError) -> ListAnswer<Entry>?

    /// The sort keys (``BookSort/Keys``) of every book `query` matches, made from the fields
    /// the order names alone, when the strategy reads those without the rest of each book; `nil`
    /// when it cannot, or the order names a key that is not a built-in field (``BookSort/field``).
    func sortKeys(matching query: Query, order: [BookSort], statusOrder: @escaping @Sendable (Status) -> Int,
                  _ files: LibraryFiles<Storage>) async throws(ShelfError) -> ListAnswer<BookSort.Keys>?

    /// The paths of a page of the books `query` matches sorted by `field` alone, ascending or
    /// not, ties by title then path (``BookSort/Keys``), when the strategy finds that page
    /// without a key of every book (the index's `sort_title`, a number or day of `book_facts`);
    /// `nil` when it does not.
    func pathsInOrder(of field: BookSort.Field, matching query: Query, descending: Bool, limit: Int, offset: Int,
                      _ files: LibraryFiles<Storage>) async throws(ShelfError) -> ListAnswer<String>?

    /// The sessions from `first` through `last`, the last `limit` of them, handed to `body` in
    /// listing order a chunk at a time with their pages read and their books, when the strategy
    /// reads them in that order without holding them all (``LibraryCommands/forEachSession(from:through:limit:wholeBooks:_:)``);
    /// `nil` when it cannot, and the engine lists every session and book.
    /// - Returns: The problems of the session and book files skipped.
    func forEachSession(from first: Day?, through last: Day?, limit: Int?, wholeBooks: Bool, _ files: LibraryFiles<Storage>,
                        _ body: @escaping @Sendable ([SessionLine]) -> Bool) async throws(ShelfError) -> [Problem]?

    /// The sessions dated from `first` through `last` with their pages read and their books' ids
    /// and titles, the days of the streak and the problems of the files among them, when the
    /// strategy reads them without the earlier sessions of their books; `nil` when it cannot,
    /// and the engine reads every session of the books read in the period.
    func periodReading(from first: Day, through last: Day, _ files: LibraryFiles<Storage>) async throws(ShelfError) -> PeriodReading?

    /// Every session of each book read on or after `day`, its earlier ones included, in no
    /// particular order, and the days of every session of the library (for a streak): what a
    /// period's summary needs, without the sessions of the books not read in it.
    func sessionsOfBooks(readSince day: Day, _ files: LibraryFiles<Storage>) async throws(ShelfError) -> RecentSessions

    /// What a search needs, from one look at the library: the books `query` matches, and for
    /// each round of phrases the books and sessions whose words contain every phrase of it,
    /// scored, all in no particular order.
    ///
    /// The books go as matches of no score, which is all a search keeps of them: a common word
    /// matches most of a library, and holding each of those books whole was most of a search's
    /// memory. One call rather than one per round, so that the index refreshes once.
    func search(_ query: Query, rounds: [[[String]]], _ files: LibraryFiles<Storage>) async throws(ShelfError) -> SearchAnswer

    /// The `limit` best books and sessions whose words contain every phrase, ranked as
    /// ``SearchRanking/best(_:path:limit:)`` ranks them, each with its book's slug and title,
    /// when the strategy ranks without reading every match and finds that many; when fewer
    /// documents contain the phrases, ``search(_:rounds:_:)``'s answer to `query` and `rounds`,
    /// from the same look at the library (a second look was a second walk of it, for every
    /// search of a rare word). `nil` when the strategy cannot rank (the caller then ranks
    /// ``search(_:rounds:_:)``'s answer).
    func bestMatches(_ phrases: [[String]], limit: Int, orElse query: Query, rounds: [[[String]]],
                     _ files: LibraryFiles<Storage>) async throws(ShelfError) -> RankedSearch?

    /// The figures of the statistics of the books `query` matches, when the strategy adds up
    /// their sessions without reading them: those of them with a read finished in `year` or that
    /// may have one (``GoalPace/finishedReads(in:)``, every year when `nil`), their sessions'
    /// pace from `first` (all when `nil`) through `last`, the days of the streak ending by
    /// `today`. `nil` when it cannot; the caller then reads the books and sessions.
    func readingFigures(matching query: Query, finishedIn year: Int?, from first: Day?, through last: Day, today: Day,
                        _ files: LibraryFiles<Storage>) async throws(ShelfError) -> ReadingFigures?

    /// The places up next (``UpNextOrder/Place``) of the books in `status` that the first
    /// `limit` are among (all when `nil`), and how many there are, read without the books, when
    /// the strategy can, with the problems of the files left out; `nil` when it cannot (the
    /// caller lists the books).
    func upNextPlaces(in status: Status, first limit: Int?, _ files: LibraryFiles<Storage>) async throws(ShelfError)
        -> UpNextOrder.Candidates?

    /// The files named `<slug>.md` as a walk would find them now, known without one (a watcher
    /// vouches for the strategy's list), or `nil` when only a walk can tell.
    func currentPaths(named slug: String, _ files: LibraryFiles<Storage>) async -> [String]?

    /// The book files as a walk would find them now (sessions aside), known without one, or
    /// `nil` when only a walk can tell.
    func currentBookFiles(_ files: LibraryFiles<Storage>) async -> (any BookDirectory)?

    /// The book files as a walk finds them now, from an index that walk has just brought up to
    /// date, so that what follows in the same lookup (``titlesAsLastRefreshed(containing:)``)
    /// asks the index without walking again; `nil` when the strategy has no index built yet.
    func walkedBookFiles(_ files: LibraryFiles<Storage>) async throws(ShelfError) -> (any BookDirectory)?

    /// ``titles(containing:_:)`` from the index as its last refresh left it, right after
    /// ``walkedBookFiles(_:)``; `nil` when there is none.
    func titlesAsLastRefreshed(containing needle: String) async -> [BookTitle]?

    /// The slug and folded title (``TextFolding/fold(_:)``) of every readable book whose folded
    /// title contains `needle` (folded too), for finding a book by what a person typed.
    func titles(containing needle: String, _ files: LibraryFiles<Storage>) async throws(ShelfError) -> [BookTitle]

    /// The files named `<slug>.md` the strategy knows of without walking the library, or `nil`
    /// when only a walk can tell.
    func paths(named slug: String) async -> [String]?
}

/// A book's slug and its title, folded.
struct BookTitle: Sendable, Hashable {
    var id: String
    var title: String
}

/// The sessions of the books read lately (``ReadStrategy/sessionsOfBooks(readSince:_:)``).
struct RecentSessions: Sendable {
    /// Every session of each book read since the day asked for.
    var sessions: [ReadingSession]
    /// The day of every readable session of the library.
    var days: Set<Day>
    /// The problems of the session files skipped among those read.
    var problems: [Problem]
    /// The books of `sessions` (with the problems of their files), when the strategy has them
    /// without reading their files; `nil` leaves them to be read.
    var books: Listing<Book>?

    /// `sessions` and the problems among `problems` of files dated since `day` or beside them.
    init(sessions: [ReadingSession], since day: Day, days: Set<Day>, problems: [Problem], books: Listing<Book>? = nil) {
        let folders = Set(sessions.map { Path.parent(of: $0.path) })
        self.sessions = sessions
        self.days = days
        self.books = books
        self.problems = problems.filter { problem in
            folders.contains(Path.parent(of: problem.path))
                || SessionFileName(Path.name(of: problem.path)).map { $0.day >= day } ?? false
        }
    }
}

/// Books a strategy found, each with the stamp of the bytes it was read from, and the problems
/// of the files it skipped.
struct FoundBooks: Sendable {
    var books: [(book: Book, stamp: FileStamp)]
    var problems: [Problem]
}

/// What a listing needs of its books' progress, which comes from their sessions.
struct ProgressWanted: Sendable {
    /// Every matched book's, to sort them by a value computed from sessions: the strategy must
    /// give it.
    var forSorting = false
    /// The listed books', to show it: given when the strategy has it at hand or judges it
    /// cheaper to get for every book; the engine asks ``ReadStrategy/progress(of:_:)`` for the
    /// listed books left without it.
    var forListing = false
    /// How many books will be listed at most.
    var limit: Int?
}

/// A strategy's answer to a query, before the engine checks, sorts and cuts it.
struct ListAnswer<Entry: Sendable>: Sendable {
    /// One per book matched.
    var entries: [Entry]
    /// The problems of the book files skipped.
    var problems: [Problem]
    /// The custom keys some book of the library has: a query naming another is a typo.
    var customKeys: Set<String>
    /// When the entries were given progress, the problems of the session files it leaves out
    /// (of any book: the engine keeps those of the listed books).
    var sessionProblems: [Problem] = []
}

/// A strategy's answer to a search, before the engine checks the query, ranks and reads the hits.
struct SearchAnswer: Sendable {
    /// The books the query matched, each of score 0.
    var books: [SearchMatch]
    /// For each round of phrases, the books and sessions whose words contain them all, scored.
    var rounds: [[ScoredDocument]]
    /// The problems of the book files skipped.
    var problems: [Problem]
    /// The custom keys some book of the library has: a query naming another is a typo.
    var customKeys: Set<String>
}

/// What ``ReadStrategy/bestMatches(_:limit:orElse:rounds:_:)`` found.
enum RankedSearch: Sendable {
    /// As many documents as the limit, the best first.
    case best(BestMatches)
    /// Fewer: the answer of a search, for the engine to rank.
    case all(SearchAnswer)
}

/// The best documents of a search, ranked, and what the engine checks the query against.
struct BestMatches: Sendable {
    var matches: [SearchMatch]
    /// The problems of the book files skipped.
    var problems: [Problem]
    /// The custom keys some book of the library has.
    var customKeys: Set<String>
}

/// A book or session file whose words contain a round's phrases, with its score
/// (``SearchRanking``): which book it is, its title included, the engine takes from the books the
/// query matched, so a strategy need not read them for every document a common word matches.
struct ScoredDocument: Sendable {
    var path: String
    /// The path of the book file, the document's own for a book.
    var bookPath: String
    var score: Double
}

/// A book or session that full-text search matched, before its file is read for the hit.
struct SearchMatch: Sendable {
    var kind: SearchHit.Kind
    var bookID: BookID
    var title: String
    var path: String
    var score: Double
}

extension SearchMatch {
    /// A book a search's query matched, of no score until its words do.
    init(of book: Book) {
        self.init(kind: .book, bookID: book.id, title: book.title, path: book.path, score: 0)
    }
}
