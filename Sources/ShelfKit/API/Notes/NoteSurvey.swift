internal import Foundation

/// What a folder of notes people already kept says about their books: which notes are books,
/// the key each field is under, where the status lives and in which words. Adopting the folder
/// writes ``conventions`` as the `notes:` map of `.shelf/config.yaml`; nothing else is written,
/// and no note is changed.
///
/// ```swift
/// let survey = try await NoteSurvey(surveying: "/home/ada/site")
/// survey.conventions.keys["finished"]   // "date_read"
/// ```
package struct NoteSurvey: Sendable {
    /// The map to write.
    package var conventions: NoteConventions
    /// How many book notes there are.
    package var bookCount: Int
    /// Markdown notes found that are not books (outside the notes folder, or failing its test),
    /// by path, in order.
    package var otherNotes: [String]
    /// Notes that could not be read (front matter that does not parse), with why.
    package var unreadable: [Problem]
    /// For each field mapped, how many book notes hold a value under its key.
    package var fieldCounts: [String: Int]
    /// Keys the book notes use that shelf did not place, with how many notes use each, most
    /// used first: they stay in the notes as the person's own.
    package var unplacedKeys: [(key: String, count: Int)]
    /// Status words found in the notes that shelf could not place, with their counts.
    package var unknownWords: [(word: String, count: Int)]
    /// How many book notes state a status (in its key or tag, or a flag).
    package var statedCount: Int
    /// How many book notes state none but have a finish date, and so read as finished.
    package var finishedByDate: Int
    /// How many book notes state nothing, and take ``NoteConventions/unstated``.
    package var unstatedCount: Int
    /// How the books were told from the other notes, in words.
    package var howDecided: String

    /// The keys each field is looked for under, in order of preference. A reading log's
    /// generic `date` comes last for the finish, and counts only beside a finished status.
    static let candidates: [String: [String]] = [
        "title": ["title", "name", "book_title", "bookTitle"],
        "subtitle": ["subtitle"],
        "authors": ["bookAuthor", "book_author", "bookAuthors", "authors", "author", "writer", "creator", "by"],
        "isbn": ["isbn", "ISBN", "isbn13", "isbn_13", "ISBN13", "isbn10", "isbn_10"],
        "pages": ["pages", "pageCount", "page_count", "numPages", "num_pages", "number_of_pages", "numberOfPages", "total_pages", "totalPages",
                  "length", "total", "page"],
        "publisher": ["publisher"],
        "published": ["published", "publish_date", "publishDate", "publicationDate", "publication_date", "datePublished",
                      "year_published", "pubDatetime", "released", "publish"],
        "language": ["language", "lang"],
        "series": ["series"],
        // The reader's own rating keys first: a note may hold a site's average under `rating`.
        "rating": ["my_rating", "myRating", "personal_rating", "personalRating", "own_rating", "rating", "stars", "score",
                   "my_score", "myScore", "rate"],
        "started": ["started", "startDate", "start_date", "startedDate", "started_at", "startedAt", "date_started",
                    "dateStarted", "reading_started", "started_on", "begin_date", "date started", "start"],
        "finished": ["finished", "date_read", "dateRead", "dates_read", "read_date", "readDate", "date read", "read_on", "readOn",
                     "finish_date", "finishDate", "read", "read_at", "readAt", "finishedAt",
                     "finished_at", "finishedDate", "finished_date", "date_finished", "dateFinished", "completed",
                     "completedDate", "completed_date", "completionDate", "completed_at", "finished_on", "reading_finished",
                     "readingFinished", "end_date", "readYear",
                     "read_year", "end", "endDate", "date"],
        "cover": ["cover", "coverImage", "cover_image", "cover_url", "coverUrl", "coverphoto", "image", "thumbnail", "img"],
        "tags": ["tags"],
        "added": ["added", "date_added", "dateAdded", "added_on"],
    ]

    /// Keys whose values are status words.
    static let statusKeys = ["status", "Status", "shelves", "shelf", "exclusive_shelf", "exclusiveShelf", "reading_status",
                             "readingStatus", "book_status", "bookStatus", "state", "bookshelves", "Shelf", "State"]
    /// List keys that may hold a status among other tags.
    static let tagKeys = ["tags", "categories", "category"]
    /// Keys that say a note is about a book, whatever its folder.
    static let bookKeys: Set<String> = ["isbn", "ISBN", "isbn13", "isbn_13", "isbn10", "pages", "pageCount", "numPages",
                                        "number_of_pages", "stars", "date_read", "dateRead", "dates_read", "bookAuthor",
                                        "author_first_name", "goodreadsId", "goodreads_id", "goodreadsUrl", "olid",
                                        "openlibrary", "asin", "publisher", "completionDate", "finishedDate", "startDate",
                                        "currently_reading", "book_title", "bookTitle"]
    /// Folder names that say their notes are books.
    static let bookFolderWords = ["book", "books", "reading", "library", "bücher", "buecher", "livros", "libros", "livres",
                                  "libri", "kitaplar", "reads", "bookshelf", "booknotes", "book-notes"]

    /// One Markdown note of the folder surveyed.
    struct Note: Sendable {
        var path: String
        var document: FrontMatterDocument
        /// Each key's spelling by its lowercased form, for lookups that ignore case: made once
        /// a note, as the survey looks up some 150 keys in each.
        var spellings: [String: String]

        init(path: String, document: FrontMatterDocument) {
            self.path = path
            self.document = document
            var spellings: [String: String] = [:]
            for key in document.fields.keys where spellings[key.lowercased()] == nil { spellings[key.lowercased()] = key }
            self.spellings = spellings
        }

        /// The node of `key`, under its own spelling or another case of it.
        func node(_ key: String) -> YAMLNode? {
            document[key] ?? spellings[key.lowercased()].flatMap { document[$0] }
        }

        /// The spelling the note writes `key` in, compared ignoring case.
        func spelling(of key: String) -> String? {
            document[key] != nil ? key : spellings[key.lowercased()]
        }
    }

    /// Surveys the Markdown notes under `root` (hidden folders skipped).
    /// - Throws: ``ShelfError/io(path:operation:message:)`` when the folder cannot be read.
    package init(surveying root: String) async throws(ShelfError) {
        try await self.init(surveying: root, paths: try Self.markdownPaths(under: root))
    }

    /// The Markdown notes under `root`, hidden folders and a site's build folders skipped.
    private static func markdownPaths(under root: String) throws(ShelfError) -> [String] {
        let storage = DiskStorage(root: root)
        var paths: [String] = []
        var pending = [""]
        while let folder = pending.popLast() {
            for entry in try storage.entries(in: folder) where !entry.name.hasPrefix(".") {
                let path = Path.joined(folder, entry.name)
                if entry.kind == .directory {
                    if !["node_modules", "_site", "public", "dist"].contains(entry.name) { pending.append(path) }
                } else if entry.kind == .file, entry.name.lowercased().hasSuffix(".md") {
                    paths.append(path)
                }
            }
        }
        return paths
    }

    /// How many books a folder already laid out as a library holds, or `nil` when it is not
    /// laid out as one: nearly all its notes (nine in ten; a README may sit beside them) are in
    /// folders named as the default statuses at its root, one of them other than `reading`,
    /// a word vaults use as well. Such a folder (a library whose `.shelf` was not copied, or
    /// made by hand or by a script) needs no map of its notes: its books are counted without
    /// reading them, and its sessions (`<slug>/<day>.md` beside `<slug>.md`) are not books.
    /// - Throws: ``ShelfError/io(path:operation:message:)`` when the folder cannot be read.
    package static func booksInLibraryLayout(under root: String) throws(ShelfError) -> Int? {
        let paths = try markdownPaths(under: root)
        let statuses = Set(LibraryConfiguration.default.statuses.map(\.name))
        let filed = paths.filter { path in
            guard let slash = path.utf8.firstIndex(of: UInt8(ascii: "/")) else { return false }
            return statuses.contains(String(path[..<slash]))
        }
        guard !filed.isEmpty, filed.count * 10 >= paths.count * 9,
              filed.contains(where: { !$0.hasPrefix("reading/") }) else { return nil }
        let known = Set(filed)
        // A session is a note in a folder that a note of the same name stands beside.
        return filed.filter { path in
            let folder = Path.parent(of: path)
            return !(folder.utf8.contains(UInt8(ascii: "/")) && known.contains(folder + ".md"))
        }.count
    }

    private init(surveying root: String, paths: [String]) async throws(ShelfError) {
        let storage = DiskStorage(root: root)
        // Read and parsed on all cores, as a listing without the index reads a library.
        let sorted = paths.sorted()
        let read = await ParallelMap.map(sorted) { path in
            Result { () throws(ShelfError) in
                Note(path: path, document: try FrontMatterDocument(libraryFile: try storage.read(path), path: path, lenient: true))
            }
        }
        var notes: [Note] = []
        var unreadable: [Problem] = []
        for (path, result) in zip(sorted, read) {
            switch result {
            case .success(let note): notes.append(note)
            case .failure(let error): unreadable.append(Problem(error, path: path))
            }
        }
        self.init(notes: notes, unreadable: unreadable.sorted())
    }

    /// Surveys notes already read.
    init(notes: [Note], unreadable: [Problem]) {
        let (folder, only, howDecided) = Self.bookFolder(of: notes)
        var conventions = NoteConventions(folder: folder, only: only)
        // The notes a walk of the folder lists: page bundles' `index.md` among them.
        let layout = NoteLayout(conventions)
        let inFolder = notes.filter { note in
            guard let location = BookLocation(path: note.path, notes: layout) else { return false }
            return location.isBundle || !NoteLayout.isSkipped(fileName: location.fileName)
        }
        let books = inFolder.filter { NoteFormat.isBook($0.document, conventions: conventions) }
        let bookPaths = Set(books.map(\.path))
        otherNotes = notes.map(\.path).filter { !bookPaths.contains($0) }
        self.unreadable = unreadable
        bookCount = books.count
        self.howDecided = howDecided

        // The key of each field: the candidate most notes hold a value under. One pass over
        // the notes' keys tallies every candidate (a pass a candidate was most of init's time).
        let tallies = Self.tally(books)
        var counts: [String: Int] = [:]
        var used: Set<String> = []
        for (field, keys) in Self.candidates {
            var best: (key: String, count: Int)?
            for candidate in keys {
                let tally = tallies[CandidateKey(field: field, candidate: candidate)] ?? CandidateTally()
                // `Author:`, `Title:` as Obsidian users often write them: keys compared ignoring
                // case, the map keeping the spelling most notes use.
                let key = tally.spellings.max { ($0.value, $1.key) < ($1.value, $0.key) }?.key ?? candidate
                // `author: Jane` on every post is the site's owner, not the book's author.
                if field == "authors", tally.count >= 3, tally.texts.count == 1,
                   keys.contains(where: { other in other != candidate && (tallies[CandidateKey(field: field, candidate: other)]?.count ?? 0) > 0 }) {
                    continue
                }
                if field == "finished", candidate == "date", best != nil { continue }
                if field == "finished", ["completed", "read", "finished"].contains(candidate), tally.allBool { continue }
                if tally.count > (best?.count ?? 0) { best = (key, tally.count) }
            }
            // A key every note has but none has filled in yet, as a template writes
            // `reading_finished: null`: where a new value of the field goes.
            if best == nil, field != "title", let template = keys.first(where: { key in
                !NoteFormat.genericDateKeys.contains(key) && !books.isEmpty
                    && (tallies[CandidateKey(field: field, candidate: key)]?.present ?? 0) * 2 > books.count
            }) {
                conventions.keys[field] = template == field ? nil : template
                used.insert(template)
            }
            guard let best else { continue }
            counts[field] = best.count
            used.insert(best.key)
            if best.key != field { conventions.keys[field] = best.key }
        }
        if let key = conventions.keys["finished"], NoteFormat.genericDateKeys.contains(key) {
            // A generic date alone says nothing; it is a finish only where a status says finished.
            let stated = books.filter { $0.document[key] != nil && Self.statesFinished($0.document) }
            if stated.isEmpty { conventions.keys["finished"] = nil; counts["finished"] = nil; used.remove(key) }
        }
        // Obsidian names a note by its title; sites by a slug.
        let titled = books.filter { Path.name(of: $0.path).contains(" ") }
        if titled.count * 2 > books.count { conventions.names = .titles }
        let ratings = books.compactMap { $0.document[conventions.key(for: "rating")] }.filter { !$0.isNull }
        conventions.ratingScale = Self.ratingScale(ratings)
        conventions.ratingsAsFractions = ratings.filter { $0.text?.contains("/") == true }.count * 2 > ratings.count
        if conventions.ratingsAsFractions, let total = ratings.compactMap({ $0.text?.split(separator: "/").last })
            .compactMap({ Int($0.trimmingCharacters(in: .whitespaces)) }).first, [5, 10, 100].contains(total) {
            conventions.ratingScale = total
        }
        conventions.dates = Self.dateStyle(books.compactMap { $0.document[conventions.key(for: "finished")] })

        // Where the status lives, and the person's words for each status.
        var words: [String: Int] = [:]
        var spellingsOfKeys: [String: String] = [:]
        for index in books.indices {
            for (lowered, key) in books[index].spellings where spellingsOfKeys[lowered] == nil { spellingsOfKeys[lowered] = key }
        }
        if let key = Self.statusKeys.compactMap({ spellingsOfKeys[$0.lowercased()] })
            .first(where: { key in books.contains { Self.statusWords(in: $0.document[key]).contains { NoteConventions.knownStatus(of: $0) != nil } } }) {
            conventions.status = .key(key)
            for note in books {
                let values = Self.statusWords(in: note.document[key])
                // A list of shelves names a status among others; only a status word alone is
                // reported when shelf does not know it.
                for word in values where values.count == 1 || NoteConventions.knownStatus(of: word) != nil {
                    words[word, default: 0] += 1
                }
            }
            used.insert(key)
        } else if let key = Self.tagKeys.first(where: { key in books.contains { ($0.document[key]?.strings ?? []).contains { NoteConventions.knownStatus(of: $0) != nil } } }) {
            conventions.status = .tag(key)
            for note in books {
                for word in note.document[key]?.strings ?? [] where NoteConventions.knownStatus(of: word) != nil {
                    words[word, default: 0] += 1
                }
            }
        }
        if conventions.status == nil {
            // `Books/Read/…`, `Books/To Read/…`: the first folders below the books, named as
            // statuses, hold at least half of them.
            var folderWords: [String: Int] = [:]
            for note in books {
                let inside = String(Path.parent(of: note.path).dropFirst(folder.isEmpty ? 0 : folder.count + 1))
                if let first = inside.split(separator: "/").first, NoteConventions.knownStatus(of: String(first)) != nil {
                    folderWords[String(first), default: 0] += 1
                }
            }
            if folderWords.values.reduce(0, +) * 2 >= books.count, !folderWords.isEmpty {
                conventions.status = .folder
                words = folderWords
            }
        }
        if conventions.status == nil {
            // Dataview's `Status:: Read` in the bodies: the words to write back there.
            for note in books {
                let body = String(decoding: note.document.bytes[note.document.bodyRange], as: UTF8.self)
                if let word = NoteValues.inlineField("status", inBody: body), NoteConventions.knownStatus(of: word) != nil {
                    words[word, default: 0] += 1
                }
            }
        }
        var unknown: [(String, Int)] = []
        for (word, count) in words.sorted(by: { ($0.value, $1.key) > ($1.value, $0.key) }) {
            if let status = NoteConventions.knownStatus(of: word) {
                conventions.words[status, default: []].append(word)
            } else if case .key = conventions.status {
                unknown.append((word, count))
            }
        }
        unknownWords = unknown

        // The status of notes that state none: finished, unless most that state one are not.
        var stated = 0, byDate = 0, unstated = 0
        var statedFinished = 0, unstatedRated = 0
        for note in books {
            var consumed: Set<String> = []
            let folderInside = String(Path.parent(of: note.path).dropFirst(folder.isEmpty ? 0 : folder.count + 1))
            // Dataview's `Status:: Read` in the body, read only where the front matter says none.
            func inline() -> Status? {
                let body = String(decoding: note.document.bytes[note.document.bodyRange], as: UTF8.self)
                return NoteValues.inlineField("status", inBody: body).flatMap { NoteConventions.knownStatus(of: $0) }
            }
            if let status = NoteFormat.statedStatus(of: note.document, folder: folderInside, conventions: conventions,
                                                    consumed: &consumed) ?? inline() {
                stated += 1
                if status == .finished { statedFinished += 1 }
            } else if NoteValues.date(note.document[conventions.key(for: "finished")]) != nil,
                      !NoteFormat.genericDateKeys.contains(conventions.key(for: "finished")) {
                byDate += 1
            } else {
                unstated += 1
                if NoteValues.rating(note.node(conventions.key(for: "rating")), scale: conventions.ratingScale) != nil {
                    unstatedRated += 1
                }
            }
        }
        // Finished, unless most notes that say a status say another; notes that rate the book
        // they say nothing else of were read.
        conventions.unstated = stated == 0 || statedFinished * 2 >= stated || unstatedRated * 2 >= max(unstated, 1)
            ? .finished : .toRead
        (statedCount, finishedByDate, unstatedCount) = (stated, byDate, unstated)
        fieldCounts = counts
        self.conventions = conventions

        var others: [String: Int] = [:]
        let ignored: Set<String> = ["layout", "draft", "type", "Type"]
        for note in books {
            for key in note.document.fields.keys where !used.contains(key) && !ignored.contains(key) && !BookFormat.isBookKey(key) {
                others[key, default: 0] += 1
            }
        }
        unplacedKeys = others.sorted { ($0.value, $1.key) > ($1.value, $0.key) }.map { ($0.key, $0.value) }
    }

    /// A candidate key of a field.
    struct CandidateKey: Hashable {
        var field: String
        var candidate: String
    }

    /// What the notes hold under one candidate key.
    struct CandidateTally {
        /// Notes with a value there.
        var count = 0
        /// Notes with the key, filled or not.
        var present = 0
        /// How many notes spell the key each way.
        var spellings: [String: Int] = [:]
        /// The distinct texts, for authors (a site owner's name on every post).
        var texts: Set<String> = []
        /// Whether every value is `true` or `false`.
        var allBool = true
    }

    /// Every candidate key's tally, in one pass over the notes' keys, compared ignoring case.
    static func tally(_ notes: [Note]) -> [CandidateKey: CandidateTally] {
        var targets: [String: [CandidateKey]] = [:]
        for (field, keys) in candidates {
            for key in keys { targets[key.lowercased(), default: []].append(CandidateKey(field: field, candidate: key)) }
        }
        var tallies: [CandidateKey: CandidateTally] = [:]
        for index in notes.indices {
            for entry in notes[index].document.fields.entries {
                guard let wanted = targets[entry.key.lowercased()] else { continue }
                for target in wanted {
                    var tally = tallies[target] ?? CandidateTally()
                    tally.present += 1
                    if holdsValue(entry.value) {
                        tally.count += 1
                        tally.spellings[entry.key, default: 0] += 1
                        if target.field == "authors", let text = entry.value.text { tally.texts.insert(text) }
                        if case .bool = entry.value.value {} else { tally.allBool = false }
                    }
                    tallies[target] = tally
                }
            }
        }
        return tallies
    }

    /// The folder that holds the books, and the test of which notes in it are books.
    static func bookFolder(of notes: [Note]) -> (folder: String, only: NoteConventions.BookTest?, how: String) {
        func score(_ note: Note) -> Bool {
            let folders = Path.parent(of: note.path).split(separator: "/").map { $0.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "_0123456789- .")) }
            // A folder named for books, or for a status (`Read/`, `To Read/`, `DNF/`).
            if folders.contains(where: { bookFolderWords.contains($0) }) { return true }
            if Path.parent(of: note.path).split(separator: "/").contains(where: { NoteConventions.knownStatus(of: String($0)) != nil }) {
                return true
            }
            return looksLikeBook(note.document)
        }
        let bookLike = notes.filter(score)
        guard !bookLike.isEmpty else { return ("", nil, "no note looks like a book") }
        // Every folder holding a book-like note, and the ones above it, is a candidate; the one
        // that holds the most book-like notes and the fewest others wins, the deepest on a tie.
        var candidates: Set<String> = [""]
        for note in bookLike {
            var folder = Path.parent(of: note.path)
            while !folder.isEmpty {
                candidates.insert(folder)
                folder = Path.parent(of: folder)
            }
        }
        let bookLikePaths = Set(bookLike.map(\.path))
        func under(_ folder: String, _ path: String) -> Bool { folder.isEmpty || path.hasPrefix(folder + "/") }
        // Each note counted in every folder above it, in one pass: a filter of every note for
        // each candidate took minutes on 100,000 notes in a few thousand folders.
        var inside: [String: (books: Int, others: Int)] = [:]
        for note in notes {
            let isBook = bookLikePaths.contains(note.path)
            var folder = Path.parent(of: note.path)
            while true {
                if candidates.contains(folder) {
                    var count = inside[folder] ?? (0, 0)
                    if isBook { count.books += 1 } else { count.others += 1 }
                    inside[folder] = count
                }
                if folder.isEmpty { break }
                folder = Path.parent(of: folder)
            }
        }
        let ranked = candidates.map { folder -> (folder: String, books: Int, others: Int) in
            let count = inside[folder] ?? (0, 0)
            return (folder, count.books, count.others)
        }.sorted { a, b in
            let (scoreA, scoreB) = (a.books - a.others, b.books - b.others)
            if scoreA != scoreB { return scoreA > scoreB }
            let (depthA, depthB) = (a.folder.split(separator: "/").count, b.folder.split(separator: "/").count)
            return depthA != depthB ? depthA > depthB : a.folder < b.folder
        }
        guard let best = ranked.first else { return ("", nil, "") }
        let place = best.folder.isEmpty ? "the library's root" : best.folder + "/"
        guard best.others > 0 else { return (best.folder, nil, "every note in \(place)") }
        // Other notes share the folder: a tag or a type every book has, else book keys.
        let books = notes.filter { under(best.folder, $0.path) && bookLikePaths.contains($0.path) }
        for tag in ["book", "books", "Book", "Books"] {
            let test = NoteConventions.BookTest.tag(tag)
            if books.allSatisfy({ NoteFormat.isBook($0.document, conventions: NoteConventions(only: test)) }) {
                return (best.folder, test, "the notes in \(place) tagged \(tag)")
            }
        }
        for key in ["type", "Type", "category", "kind"] {
            let test = NoteConventions.BookTest.value(key: key, equals: "book")
            if books.allSatisfy({ NoteFormat.isBook($0.document, conventions: NoteConventions(only: test)) }) {
                return (best.folder, test, "the notes in \(place) with \(key): book")
            }
        }
        let keys = Set(books.flatMap { $0.document.fields.keys }).intersection(bookKeys.union(["author", "authors", "rating"]))
        let test = NoteConventions.BookTest.anyKey(keys.sorted())
        return (best.folder, test, "the notes in \(place) with a book's keys (\(keys.sorted().joined(separator: ", ")))")
    }

    /// Whether a note's keys say it is about a book: a key only books have, a `book` tag or
    /// type, or an author beside a rating or status word.
    static func looksLikeBook(_ document: FrontMatterDocument) -> Bool {
        let keys = Set(document.fields.keys)
        if !keys.isDisjoint(with: bookKeys) { return true }
        for key in ["tags", "tag", "type", "Type", "category", "categories"] {
            let values = document[key]?.strings ?? document[key]?.text.map { [$0] } ?? []
            if values.contains(where: { ["book", "books", "#book"].contains($0.lowercased()) }) { return true }
        }
        let hasAuthor = keys.contains("author") || keys.contains("authors") || keys.contains("Author")
        let hasStatus = statusKeys.contains { statusWords(in: document[$0]).contains { NoteConventions.knownStatus(of: $0) != nil } }
        return hasAuthor && (keys.contains("rating") || keys.contains("score") || hasStatus || keys.contains("finished")
            || keys.contains("started"))
    }

    private static func holdsValue(_ node: YAMLNode?) -> Bool {
        guard let node, !node.isNull else { return false }
        if let text = node.text { return !text.trimmingCharacters(in: .whitespaces).isEmpty && text != "[[]]" }
        if let items = node.strings { return !items.isEmpty }
        return true
    }

    private static func statusWords(in node: YAMLNode?) -> [String] {
        node?.strings ?? node?.text.map { [$0] } ?? []
    }

    private static func statesFinished(_ document: FrontMatterDocument) -> Bool {
        if case .bool(true)? = document["completed"]?.value { return true }
        return statusKeys.contains { key in statusWords(in: document[key]).contains { NoteConventions.knownStatus(of: $0) == .finished } }
    }

    /// 5, unless a plain number above 5 says 10 or 100.
    private static func ratingScale(_ nodes: [YAMLNode]) -> Int {
        let values = nodes.compactMap { node -> Double? in
            guard let text = node.text, !text.contains("/") else { return nil }
            return Double(text.trimmingCharacters(in: .whitespaces))
        }
        guard let highest = values.max() else { return 5 }
        return highest <= 5 ? 5 : highest <= 10 ? 10 : 100
    }

    /// The way most finish dates are written.
    private static func dateStyle(_ nodes: [YAMLNode]) -> NoteConventions.DateStyle {
        var counts: [NoteConventions.DateStyle: Int] = [:]
        for node in nodes {
            guard case .scalar(let scalar) = node, !scalar.isNull, NoteValues.date(node) != nil else { continue }
            let style: NoteConventions.DateStyle = scalar.text.hasPrefix("[[") ? .link : scalar.style == .plain ? .plain : .quoted
            counts[style, default: 0] += 1
        }
        return counts.max { ($0.value, $1.key.rawValue) < ($1.value, $0.key.rawValue) }?.key ?? .plain
    }
}
