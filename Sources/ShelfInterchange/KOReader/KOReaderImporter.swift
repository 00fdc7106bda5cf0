public import Foundation
public import ShelfKit
internal import Dispatch

/// Brings KOReader's reading statistics into a library as sessions: each book's page turns
/// become sessions beside the library's book, exactly once however many times, and from however
/// many devices' databases, they are imported.
///
/// ```swift
/// let importer = KOReaderImporter(path: "statistics.sqlite3", options: KOReaderImportOptions(addsBooks: true))
/// let plan = try await importer.plan(for: library) { _ in }
/// print(plan.summary)     // 3 books matched, 2 added, 0 not in the library; 41 sessions added, …
/// try await library.apply(plan.batch)
/// ```
///
/// The rules (docs/import.md): a book is matched by the md5 its `koreader` key remembers, else
/// by the sidecar's ISBN or Open Library id, else by title and authors; its turns are united
/// with those its imported sessions keep (`koreader_turns`), split at pauses longer than
/// ``KOReaderImportOptions/sessionGap``, and written as `DAY-HHMM-koreader.md` files in the
/// reader's ``KOReaderImportOptions/timeZone``.
public struct KOReaderImporter: LibraryImportSource {
    /// The statistics: the `statistics.sqlite3` file, or a KOReader folder holding it.
    public var path: String
    /// Folders searched for the books' sidecars (`BOOK.sdr/metadata.*.lua`), besides the
    /// `docsettings` and `hashdocsettings` folders of a KOReader folder given as ``path``.
    public var sidecarFolders: [String]
    /// The choices of the import.
    public var options: KOReaderImportOptions

    /// An importer of the statistics at `path`.
    public init(path: String, sidecarFolders: [String] = [], options: KOReaderImportOptions = KOReaderImportOptions()) {
        self.path = path
        self.sidecarFolders = sidecarFolders
        self.options = options
    }

    /// Reads the statistics and sidecars and plans their sessions into `library`.
    /// - Throws: ``KOReaderError`` when the statistics cannot be read, ``ShelfError`` when the
    ///   library cannot, `CancellationError`-like ``ShelfError/cancelled`` when the task is
    ///   cancelled.
    public func plan(for library: some LibraryBatchWriting,
                     progress: @escaping @Sendable (ImportProgress) -> Void) async throws -> KOReaderImportPlan {
        let path = self.path
        let folders = sidecarFolders
        // The database and the sidecars are read on a thread of their own, not the pool's.
        let source = try await Self.offThePool { () throws(KOReaderError) -> (KOReaderStatistics, [KOReaderSidecar], [KOReaderError]) in
            let file = try KOReaderStatistics.locate(path)
            let statistics = try KOReaderStatistics.read(file)
            var searched = folders
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
                for name in ["docsettings", "hashdocsettings"] {
                    let folder = (path as NSString).appendingPathComponent(name)
                    if FileManager.default.fileExists(atPath: folder) { searched.append(folder) }
                }
            }
            var sidecars: [KOReaderSidecar] = []
            var problems: [KOReaderError] = []
            for folder in searched {
                let found = KOReaderSidecar.find(in: folder)
                sidecars += found.sidecars
                problems += found.problems
            }
            return (statistics, sidecars, problems)
        }
        return try await plan(source.0, sidecars: source.1, sidecarProblems: source.2, for: library, progress: progress)
    }

    /// Plans `statistics` into `library`.
    func plan(_ statistics: KOReaderStatistics, sidecars: [KOReaderSidecar], sidecarProblems: [KOReaderError],
              for library: some LibraryBatchWriting,
              progress: @escaping @Sendable (ImportProgress) -> Void) async throws -> KOReaderImportPlan {
        let configuration = library.configuration
        let rules = KOReaderSessionRules(gap: options.sessionGap, timeZone: options.timeZone)
        let listing = try await library.books(matching: Query.all, sortedBy: [], limit: nil)
        let books = listing.items.sorted { ByteOrder.precedes($0.path, $1.path) }
        var slugs = Set(books.map(\.id.rawValue)).union(listing.problems.compactMap { BookID(bookPath: $0.path)?.rawValue })
        let matcher = KOReaderMatcher(books)
        var sidecarByMD5: [String: KOReaderSidecar] = [:]
        for sidecar in sidecars where sidecarByMD5[sidecar.md5] == nil { sidecarByMD5[sidecar.md5] = sidecar }

        // Each KOReader book that was read, to the library book it is (an index into `books`)
        // or to a book the import adds (an index into `additions`).
        var targets: [Target: [KOReaderBook]] = [:]
        var targetOrder: [Target] = []
        var additions: [(book: Book, status: Status)] = []
        var addedIdentity = BookIdentity()
        var results: [KOReaderBookResult] = []
        var resultIndex: [String: Int] = [:]
        for book in statistics.books where !(statistics.turns[book.md5] ?? []).isEmpty {
            let sidecar = sidecarByMD5[book.md5]
            let target: Target
            var result = KOReaderBookResult(title: KOReaderNames.title(sidecar?.title ?? book.title),
                                            authors: KOReaderNames.authors(sidecar?.authors ?? book.authors), md5: book.md5)
            if let (index, how) = matcher.match(book, sidecar: sidecar) {
                target = .existing(index)
                result.outcome = .matched(books[index].id, how)
            } else if options.addsBooks {
                let candidate = Book(title: result.title, authors: result.authors)
                if let index = KOReaderNames.titleVariants(result.title).lazy.compactMap({ addedIdentity.match(Book(title: $0, authors: result.authors)) }).first {
                    target = .added(index)
                    result.outcome = .added(additions[index].book.id, additions[index].status)
                } else {
                    let status = Self.status(for: sidecar?.status, options: options, configuration: configuration)
                    var new = candidate
                    new.id = BookID(LibraryImporter.uniqueSlug(for: result.title, taken: slugs))
                    slugs.insert(new.id.rawValue)
                    new.pages = book.pages
                    if let isbn = sidecar?.isbns.first { new.isbn = isbn }
                    addedIdentity.insert(new, at: additions.count)
                    target = .added(additions.count)
                    result.outcome = .added(new.id, status)
                    additions.append((new, status))
                }
            } else {
                result.outcome = .unmatched
                result.turns = statistics.turns[book.md5]?.count ?? 0
                result.minutes = ((statistics.turns[book.md5] ?? []).reduce(0) { $0 + $1.duration } + 30) / 60
                resultIndex[book.md5] = results.count
                results.append(result)
                continue
            }
            if targets[target] == nil { targetOrder.append(target) }
            targets[target, default: []].append(book)
            resultIndex[book.md5] = results.count
            results.append(result)
        }

        var batch = LibraryBatch()
        var problems: [Problem] = sidecarProblems.map { Problem(path: "", line: 0, column: 0, message: $0.description) }
        var counts = KOReaderImportSummary()
        for (done, target) in targetOrder.enumerated() {
            guard !Task.isCancelled else { throw ShelfError.cancelled }
            progress(ImportProgress(completed: done, total: targetOrder.count))
            let readerBooks = targets[target] ?? []
            var book: Book
            let existing: [ReadingSession]
            switch target {
            case .existing(let index):
                book = books[index]
                existing = try await library.sessions(of: book.id)
            case .added(let index):
                book = additions[index].book
                book.status = additions[index].status
                existing = []
            }
            let newTurns = Dictionary(readerBooks.map { ($0.md5, statistics.turns[$0.md5] ?? []) }, uniquingKeysWith: +)
            let pages = Dictionary(readerBooks.compactMap { reader in reader.pages.map { (reader.md5, $0) } }, uniquingKeysWith: { a, _ in a })
            let planned = KOReaderBookSessions(book: book, newTurns: newTurns, readerPages: pages, existing: existing,
                                               finished: configuration.finishedDay(of: book), rules: rules)
            batch.sessions += planned.changes
            problems += planned.problems
            if let first = planned.afterFinish.first {
                problems.append(Problem(path: book.path, line: 0, column: 0,
                                        message: "\(Plural.count(planned.afterFinish.count, "KOReader session")) from \(first) on "
                                            + "are after the day the book was finished (\(book.finished?.description ?? "")) and were not imported; "
                                            + "a new read begins with `started`"))
            }
            counts.sessionsAdded += planned.added
            counts.sessionsUpdated += planned.updated
            counts.sessionsRemoved += planned.removed
            counts.sessionsUnchanged += planned.unchanged
            for reader in readerBooks {
                guard let index = resultIndex[reader.md5] else { continue }
                results[index].turns = newTurns[reader.md5]?.count ?? 0
                results[index].minutes = ((newTurns[reader.md5] ?? []).reduce(0) { $0 + $1.duration } + 30) / 60
                results[index].sessions = planned.sessions.filter { KOReaderBookSessions.md5(of: $0) == reader.md5 }.count
            }

            // The book: the md5s remembered, and the dates and status the sessions prove.
            var changed = book
            var md5s = KOReaderMatcher.md5s(of: book)
            for reader in readerBooks where !md5s.contains(reader.md5) { md5s.append(reader.md5) }
            if md5s != KOReaderMatcher.md5s(of: book) {
                changed.setExtra(KOReaderMatcher.key, md5s.count == 1 ? .string(md5s[0]) : .list(md5s.map { .string($0) }))
            }
            if let days = planned.days {
                if case .added = target {
                    changed.added = days.lowerBound
                    changed.started = days.lowerBound
                    if configuration.role(of: changed.status) == .finished { changed.finished = days.upperBound }
                } else if book.earlierReads.isEmpty, let started = book.started, days.lowerBound < started {
                    changed.started = days.lowerBound
                } else if configuration.role(of: book.status) == .toRead, configuration.statuses.contains(configuration.status(for: .reading)) {
                    // As a session logged by hand does: the book is being read.
                    changed.status = configuration.status(for: .reading)
                    if changed.started == nil { changed.started = days.lowerBound }
                    batch.moves.append(BookMove(book.id, to: changed.status))
                }
            }
            switch target {
            case .existing:
                if changed != book { batch.updates.append(changed) }
                counts.booksMatched += 1
            case .added(let index):
                additions[index].book = changed
            }
        }
        batch.additions = additions.map { NewBook($0.book, to: $0.status, in: options.folder) }
        counts.booksAdded = additions.count
        counts.booksUnmatched = results.filter { $0.outcome == .unmatched }.count
        progress(ImportProgress(completed: targetOrder.count, total: targetOrder.count))
        return KOReaderImportPlan(books: results, problems: problems, summary: counts, batch: batch,
                                  schemaVersion: statistics.schemaVersion)
    }

    /// The status a book the import adds goes to: the sidecar's `reading` and KOReader's
    /// `abandoned` (shown as "On hold") to the reading status, `complete` to the finished one,
    /// unless ``KOReaderImportOptions/statuses`` says otherwise; a book without a sidecar is
    /// being read.
    private static func status(for name: String?, options: KOReaderImportOptions, configuration: LibraryConfiguration) -> Status {
        let key = name ?? KOReaderImportOptions.noSidecar
        if let chosen = options.statuses[key] { return chosen }
        return key == "complete" ? configuration.status(for: .finished) : configuration.status(for: .reading)
    }

    /// Runs `work` on a thread outside the cooperative pool: reading a database copy and walking
    /// folders block.
    static func offThePool<Value: Sendable>(_ work: @escaping @Sendable () throws(KOReaderError) -> Value) async throws(KOReaderError) -> Value {
        let result: Result<Value, KOReaderError> = await withCheckedContinuation { continuation in
            DispatchQueue.global(qos: .userInitiated).async {
                do throws(KOReaderError) {
                    continuation.resume(returning: .success(try work()))
                } catch {
                    continuation.resume(returning: .failure(error))
                }
            }
        }
        return try result.get()
    }
}

/// The library book a KOReader book's sessions go to: one the library has (an index into its
/// books) or one the import adds (an index into the additions).
private enum Target: Hashable {
    case existing(Int)
    case added(Int)
}

/// The choices of a KOReader import.
public struct KOReaderImportOptions: Sendable, Hashable {
    /// The longest pause inside one session, in seconds (10 minutes): a longer one between two
    /// page turns ends a session.
    public var sessionGap: Int
    /// The time zone whose days and clock the sessions are filed by: the reader's, so that an
    /// import on another machine writes the same files.
    public var timeZone: TimeZone
    /// Whether books the library does not have are added (else they are listed).
    public var addsBooks: Bool
    /// The library status of KOReader's `reading`, `complete`, `abandoned`, or
    /// ``noSidecar``, for the books the import adds: `["abandoned": "abandoned"]`.
    public var statuses: [String: Status]
    /// The folder below the status where added books go, `""` for none.
    public var folder: String

    /// The key of ``statuses`` for a book without a sidecar.
    public static let noSidecar = "none"

    /// Creates options.
    public init(sessionGap: Int = 600, timeZone: TimeZone = .current, addsBooks: Bool = false,
                statuses: [String: Status] = [:], folder: String = "") {
        self.sessionGap = sessionGap
        self.timeZone = timeZone
        self.addsBooks = addsBooks
        self.statuses = statuses
        self.folder = folder
    }
}

/// What an import of KOReader's statistics would do.
public struct KOReaderImportPlan: LibraryImportPlan {
    /// Each KOReader book that was read, with what becomes of it.
    public var books: [KOReaderBookResult]
    /// What the import reports and leaves alone: a session logged by hand at the time of an
    /// imported one, sessions after a book's finish, sidecars that could not be read.
    public var problems: [Problem]
    /// The counts.
    public var summary: KOReaderImportSummary
    /// The writes, as one batch.
    public var batch: LibraryBatch
    /// The database's schema (`PRAGMA user_version`).
    public var schemaVersion: Int
}

/// One KOReader book in an import.
public struct KOReaderBookResult: Sendable, Hashable {
    /// What becomes of a KOReader book.
    public enum Outcome: Sendable, Hashable {
        /// Found in the library.
        case matched(BookID, KOReaderMatch)
        /// Added, to this status.
        case added(BookID, Status)
        /// Not in the library and not added.
        case unmatched
    }

    /// The title as the library would write it.
    public var title: String
    /// The authors, "Last, First" turned around.
    public var authors: [String]
    /// KOReader's partial md5 of the book's file.
    public var md5: String
    /// What becomes of it.
    public var outcome: Outcome = .unmatched
    /// The database's page turns of it.
    public var turns = 0
    /// Their seconds, in minutes.
    public var minutes = 0
    /// Its sessions after the import.
    public var sessions = 0
}

/// How many books and sessions an import of KOReader's statistics touches.
public struct KOReaderImportSummary: Sendable, Hashable, CustomStringConvertible {
    public var booksMatched = 0
    public var booksAdded = 0
    public var booksUnmatched = 0
    public var sessionsAdded = 0
    public var sessionsUpdated = 0
    public var sessionsRemoved = 0
    public var sessionsUnchanged = 0

    /// `3 books matched, 2 added, 1 not in the library; 41 sessions added, 2 updated, 0 removed, 12 unchanged`.
    public var description: String {
        "\(Plural.count(booksMatched, "book")) matched, \(booksAdded) added, \(booksUnmatched) not in the library; "
            + "\(Plural.count(sessionsAdded, "session")) added, \(sessionsUpdated) updated, \(sessionsRemoved) removed, "
            + "\(sessionsUnchanged) unchanged"
    }
}

/// Counted nouns.
enum Plural {
    static func count(_ number: Int, _ noun: String) -> String {
        "\(number) \(noun)\(number == 1 ? "" : "s")"
    }
}
