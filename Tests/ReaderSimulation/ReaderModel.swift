public import FrontMatter
public import ShelfKit

/// What a simulated reader did, kept as simply as it can be said: for each book, where it is
/// (status), the days its read began and ended, and the pages each session of its current read
/// took the reader through. The library is right when it says the same
/// (``ReaderSimulation/divergences(library:model:)``).
///
/// The model knows nothing of files, positions or session names: a session is the pages it
/// read, in the order the reader read them. Its rules are the ones docs/format.md states —
/// progress is the pages read in order, a re-read starts again from page 1, a finish taken back
/// leaves no read behind, a book put down and picked up again goes on where it stopped.
public struct ReaderModel: Sendable {
    /// A reading status, by its role.
    public enum Status: String, Sendable, CaseIterable {
        case toRead = "to-read", reading, finished, abandoned
    }

    /// One sitting of the current read.
    public struct Session: Sendable, Equatable {
        /// The day it was read.
        public var day: Day
        /// When it began, in the order of the day's sittings.
        public var time: TimeOfDay
        /// The pages it took the reader through.
        public var pages: Int
        /// Whether it was logged with the page reached (`--to`), rather than a count.
        public var givesPage: Bool
        /// Minutes, when logged.
        public var minutes: Int
    }

    /// A read before the current one.
    public struct Read: Sendable, Equatable {
        public var started: Day?
        public var finished: Day?
        public var stopped: Day?
    }

    /// One book as the reader knows it.
    public struct Book: Sendable {
        public var slug: String
        public var title: String
        public var pages: Int
        public var status: Status
        /// The folder below its status.
        public var folder: String = ""
        /// The book's file, from the library's folder.
        public var path: String { status.rawValue + (folder.isEmpty ? "" : "/" + folder) + "/" + slug + ".md" }
        public var started: Day?
        public var finished: Day?
        public var stopped: Day?
        public var rating: Double?
        public var earlierReads: [Read] = []
        /// The current read's sessions, in reading order.
        public var sessions: [Session] = []
        /// Lines the reader wrote into the book's body in an editor: never to be lost.
        public var bodyLines: [String] = []

        /// The page the reader reached in the current read, which is also the pages it read:
        /// each sitting goes on from the last.
        public var page: Int { sessions.reduce(0) { $0 + $1.pages } }
        /// Whether a session at `time` on `day` would come after every session logged.
        func isLast(day: Day, time: TimeOfDay) -> Bool {
            guard let last = sessions.last else { return true }
            return (last.day, last.time.minutes) < (day, time.minutes)
        }
    }

    /// The books, by slug.
    public var books: [String: Book] = [:]
    /// Slugs in the order they were added, so that generation is the same on every run.
    public var order: [String] = []
    /// Now, on the reader's clock.
    public var now: LocalDateTime
    /// The live session running (`shelf read BOOK --start`): its book and when it began.
    public var live: (slug: String, began: LocalDateTime)?

    /// A model of an empty library at `now`.
    public init(now: LocalDateTime) {
        self.now = now
    }

    /// Today, on the reader's clock.
    public var today: Day { now.day }

    /// How many reads ended with the last page in `year`, by `day` when given: what
    /// `stats --year` (`--as-of`) counts.
    public func booksFinished(in year: Int, by day: Day? = nil) -> Int {
        func counts(_ finished: Day?) -> Bool {
            guard let finished, finished.year == year else { return false }
            return day.map { finished <= $0 } ?? true
        }
        return books.values.reduce(0) { count, book in
            count + book.earlierReads.count { counts($0.finished) } + (book.status == .finished && counts(book.finished) ? 1 : 0)
        }
    }

    /// Inserts a session into a book's current read at its place in reading order.
    mutating func insert(_ session: Session, into slug: String) {
        guard var book = books[slug] else { return }
        let index = book.sessions.firstIndex { ($0.day, $0.time.minutes) > (session.day, session.time.minutes) } ?? book.sessions.endIndex
        book.sessions.insert(session, at: index)
        books[slug] = book
    }
}
