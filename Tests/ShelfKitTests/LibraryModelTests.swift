import FrontMatterFuzzing
@testable import ShelfKit
import ShelfTestSupport
import Testing

/// Random sequences of what an app and other programs do to a library — add, update from fresh
/// and stale copies, the closure update, move, log, delete, restore, and edits, moves and
/// deletions of the files behind the library's back — checked after every step against a simple
/// model of what the files must hold. The property: a write keeps every change or throws, and
/// throws only for a real conflict; nothing is ever silently reverted.
struct LibraryModelTests {
    /// What the model knows of a book: the tracked keys' values as text, and its status.
    struct ModelBook: Equatable {
        var values: [String: String] = [:]
        var status: Status
    }

    static let slugs = ["a", "b", "c"]
    static let keys = ["pages", "rating", "format"]
    static let statuses: [Status] = [.toRead, .reading, .finished, .abandoned]

    /// The tracked keys of a book, as text.
    static func values(of book: Book) -> [String: String] {
        var values: [String: String] = [:]
        values["pages"] = book.pages.map(String.init)
        values["rating"] = book.rating.map { String(Int($0)) }
        if case .string(let format)? = book.extra("format") { values["format"] = format }
        return values
    }

    /// `book` with `key` set to `value` (`nil` removes it).
    static func setting(_ book: Book, _ key: String, _ value: String?) -> Book {
        var book = book
        switch key {
        case "pages": book.pages = value.flatMap { Int($0) }
        case "rating": book.rating = value.flatMap { Double($0) }
        default:
            book.extra.removeAll { $0.key == key }
            if let value { book.extra.append(.init(key, .string(value))) }
        }
        return book
    }

    /// A model run: the library, the model, and the copies of books the "app" holds.
    struct Run {
        let test: TestLibrary
        var random: SeededGenerator
        var model: [String: ModelBook] = [:]
        /// Books deleted through the library, as they were, newest last.
        var trash: [String: [ModelBook]] = [:]
        var copies: [Book] = []
        var log: [String] = []

        mutating func pick<T>(_ items: [T]) -> T { items[Int(random.next() % UInt64(items.count))] }

        mutating func randomValue(for key: String) -> String? {
            switch key {
            case "pages": String(1 + Int(random.next() % 999))
            case "rating": random.next() % 5 == 0 ? nil : String(1 + Int(random.next() % 5))
            default: random.next() % 4 == 0 ? nil : pick(["ebook", "paperback", "audio", "hardcover"])
            }
        }

        /// The file of a book the model has.
        func path(_ slug: String, _ book: ModelBook) -> String { book.status.name + "/" + slug + ".md" }

        /// Writes `key: value` into the file as an editor would: replacing its line, or adding one.
        func editBehind(_ slug: String, _ key: String, _ value: String?) async throws {
            guard let book = model[slug], let text = await test.text(path(slug, book)) else { return }
            var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            let line = value.map { "\(key): \($0)" }
            if let index = lines.firstIndex(where: { $0.hasPrefix(key + ":") }) {
                if let line { lines[index] = line } else { lines.remove(at: index) }
            } else if let line, let closing = lines.indices.dropFirst().first(where: { lines[$0] == "---" }) {
                lines.insert(line, at: closing)
            }
            try await test.write(lines.joined(separator: "\n"), to: path(slug, book))
        }

        /// Every book of the model is on disk with the model's values and status, and no other.
        func check(_ step: String) async throws {
            let books = try await test.library.books()
            #expect(Set(books.map(\.id.rawValue)) == Set(model.keys), "\(step)\n\(log.joined(separator: "\n"))")
            for book in books {
                guard let expected = model[book.id.rawValue] else { continue }
                let actual = ModelBook(values: LibraryModelTests.values(of: book), status: book.status)
                #expect(actual == expected, "\(book.id) after \(step)\n\(log.joined(separator: "\n"))")
            }
        }

        mutating func step() async throws {
            let slug = pick(LibraryModelTests.slugs)
            let key = pick(LibraryModelTests.keys)
            let library = test.library
            switch random.next() % 12 {
            case 0:
                log.append("add \(slug)")
                if model[slug] == nil {
                    try await library.add(Book(id: BookID(slug), title: slug.uppercased(), pages: 100), to: .toRead, in: "")
                    model[slug] = ModelBook(values: ["pages": "100"], status: .toRead)
                } else {
                    await #expect(throws: ShelfError.self) { try await library.add(Book(id: BookID(slug), title: "X"), to: .toRead, in: "") }
                }
            case 1, 2:
                guard model[slug] != nil else { return }
                log.append("read \(slug)")
                copies.append(try await library.book(BookID(slug)))
            case 3, 4, 5:
                guard !copies.isEmpty else { return }
                let index = Int(random.next() % UInt64(copies.count))
                let copy = copies[index]
                let slug = copy.id.rawValue
                let value = randomValue(for: key)
                let base = copy.version.map { LibraryModelTests.values(of: $0.value)[key] } ?? nil
                log.append("update copy \(index) of \(slug): \(key) \(base ?? "-") → \(value ?? "-")")
                let edited = LibraryModelTests.setting(copy, key, value)
                let result: Result<Book, ShelfError>
                do throws(ShelfError) {
                    result = .success(try await library.update(edited))
                } catch {
                    result = .failure(error)
                }
                let current = model[slug]?.values[key]
                switch result {
                case .success(let saved):
                    #expect(model[slug] != nil, "saved \(slug), which is gone\n\(log.joined(separator: "\n"))")
                    #expect(value == base || current == base || current == value,
                            "a conflict was saved\n\(log.joined(separator: "\n"))")
                    if value != base { model[slug]?.values[key] = value }
                    if random.next() % 2 == 0 { copies[index] = saved }
                case .failure(.editConflict):
                    #expect(model[slug] != nil && value != base && current != base && current != value,
                            "a conflict that is none\n\(log.joined(separator: "\n"))")
                case .failure(.bookNotFound):
                    #expect(model[slug] == nil, "not found\n\(log.joined(separator: "\n"))")
                case .failure(let error):
                    Issue.record("unexpected \(error)\n\(log.joined(separator: "\n"))")
                }
            case 6:
                let value = randomValue(for: key)
                log.append("update \(slug) { \(key) = \(value ?? "-") }")
                if model[slug] != nil {
                    try await library.update(BookID(slug)) { book in book = LibraryModelTests.setting(book, key, value) }
                    model[slug]?.values[key] = value
                } else {
                    await #expect(throws: ShelfError.self) { try await library.update(BookID(slug)) { _ in } }
                }
            case 7:
                guard model[slug] != nil else { return }
                let status = pick(LibraryModelTests.statuses)
                log.append("move \(slug) to \(status)")
                try await library.move(BookID(slug), to: status, folder: nil)
                model[slug]?.status = status
            case 8:
                guard let book = model[slug] else { return }
                log.append("log \(slug)")
                try await library.log(ReadingSession(day: testToday, pages: 5), for: BookID(slug))
                if book.status == .toRead { model[slug]?.status = .reading }
            case 9:
                if random.next() % 2 == 0, let book = model[slug] {
                    log.append("delete \(slug)")
                    try await library.delete(BookID(slug))
                    trash[slug, default: []].append(book)
                    model[slug] = nil
                } else if let deleted = trash[slug]?.last {
                    log.append("restore \(slug)")
                    if model[slug] == nil {
                        try await library.restore(BookID(slug))
                        trash[slug]?.removeLast()
                        model[slug] = deleted
                    } else {
                        await #expect(throws: ShelfError.self) { try await library.restore(BookID(slug)) }
                    }
                }
            case 10:
                guard model[slug] != nil else { return }
                let value = randomValue(for: key)
                log.append("edit \(slug) behind: \(key) = \(value ?? "-")")
                try await editBehind(slug, key, value)
                model[slug]?.values[key] = value
            default:
                guard let book = model[slug] else { return }
                // A person deleting a book's file by hand takes its session folder too; a book with
                // sessions is left to the library's own delete, so no folder of orphans is left.
                let hasSessions = await test.exists(book.status.name + "/" + slug)
                if random.next() % 3 == 0, !hasSessions {
                    log.append("delete \(slug) behind")
                    try await test.delete(path(slug, book))
                    model[slug] = nil
                } else {
                    let status = pick(LibraryModelTests.statuses)
                    guard status != book.status else { return }
                    log.append("move \(slug) behind to \(status)")
                    try await test.move(path(slug, book), to: status.name + "/" + slug + ".md")
                    if hasSessions { try await test.move(book.status.name + "/" + slug, to: status.name + "/" + slug) }
                    model[slug]?.status = status
                }
            }
            try await check(log.last ?? "")
        }
    }

    @Test(arguments: LibraryKind.allCases)
    func randomSequencesNeverRevertAChange(_ kind: LibraryKind) async throws {
        for seed in UInt64(1)...25 {
            let test = try TestLibrary.make(kind)
            defer { test.remove() }
            var run = Run(test: test, random: SeededGenerator(seed: seed))
            run.log.append("seed \(seed)")
            for _ in 0..<60 { try await run.step() }
        }
    }
}
