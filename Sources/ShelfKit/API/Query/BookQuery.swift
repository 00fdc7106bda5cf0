/// Which books to list: every criterion set must match, and the defaults match everything.
///
/// A plain value, so a command builds it from its options and both library implementations
/// filter with the same ``matches(_:)``.
///
/// ```swift
/// let query = BookQuery(statuses: [.finished], folder: "sci-fi", rating: 4...5)
/// let favourites = try await library.books(matching: query, sortedBy: [.init(.rating, descending: true)])
/// ```
public struct BookQuery: Sendable, Hashable {
    /// Books in one of these statuses.
    public var statuses: Set<Status>?
    /// Books in this folder or a folder below it; `"fiction"` matches `fiction/classics`.
    public var folder: String?
    /// A fragment of an author's name, ignoring case and accents.
    public var author: String?
    /// A tag, ignoring case.
    public var tag: String?
    /// A fragment of the title, subtitle, authors, series, tags or body, ignoring case and accents.
    public var text: String?
    /// Books rated in this range; unrated books never match.
    public var rating: ClosedRange<Double>?
    /// Books finished in this range of days.
    public var finished: ClosedRange<Day>?
    /// Books started in this range of days.
    public var started: ClosedRange<Day>?
    /// Books added in this range of days.
    public var added: ClosedRange<Day>?
    /// Books with a page count in this range.
    public var pages: ClosedRange<Int>?

    /// Creates a query; leave a criterion `nil` to not filter on it.
    public init(
        statuses: Set<Status>? = nil, folder: String? = nil, author: String? = nil, tag: String? = nil,
        text: String? = nil, rating: ClosedRange<Double>? = nil, finished: ClosedRange<Day>? = nil,
        started: ClosedRange<Day>? = nil, added: ClosedRange<Day>? = nil, pages: ClosedRange<Int>? = nil
    ) {
        self.statuses = statuses
        self.folder = folder
        self.author = author
        self.tag = tag
        self.text = text
        self.rating = rating
        self.finished = finished
        self.started = started
        self.added = added
        self.pages = pages
    }

    /// Throws for a status the library does not have, which would match nothing in silence.
    /// - Parameter statuses: The library's statuses (``LibraryConfiguration/statuses``).
    /// - Throws: ``ShelfError/unknownStatus(name:known:)`` naming the first unknown status.
    func validate(statuses known: [Status]) throws(ShelfError) {
        guard let statuses else { return }
        for status in statuses.sorted(by: { $0.name < $1.name }) where !known.contains(status) {
            throw .unknownStatus(name: status.name, known: known.map(\.name))
        }
    }

    /// Whether `book` meets every criterion.
    public func matches(_ book: Book) -> Bool {
        if let statuses, !statuses.contains(book.status) { return false }
        if let folder, !folder.isEmpty, book.folder != folder, !book.folder.hasPrefix(folder + "/") { return false }
        if let tag {
            let wanted = TextFolding.fold(tag)
            guard book.tags.contains(where: { TextFolding.fold($0) == wanted }) else { return false }
        }
        if let rating, !(book.rating.map(rating.contains) ?? false) { return false }
        if let finished, !(book.finished.map(finished.contains) ?? false) { return false }
        if let started, !(book.started.map(started.contains) ?? false) { return false }
        if let added, !(book.added.map(added.contains) ?? false) { return false }
        if let pages, !(book.pages.map(pages.contains) ?? false) { return false }
        if let author {
            let needle = TextFolding.fold(author)
            guard book.authors.contains(where: { TextFolding.contains($0, folded: needle) }) else { return false }
        }
        if let text {
            let needle = TextFolding.fold(text)
            let fields = [book.title, book.subtitle ?? "", book.series ?? ""] + book.authors + book.tags + [book.body]
            guard fields.contains(where: { TextFolding.contains($0, folded: needle) }) else { return false }
        }
        return true
    }
}
