import Foundation
import ShelfKit
import ShelfTestSupport
import Testing

/// The real notes of `../shared/corpus/frontmatter/`, each repository a library as its owner
/// keeps it, with notes that are not books beside them (a read-me, a blog post, an idea, a
/// daily note): adopted as they are, every book is listed and nothing else, each field reads as
/// the hand-made answer key says, and no byte of any note changes.
struct AdoptionCorpusTests {
    /// Notes a site or vault holds besides its books.
    static let otherNotes = [
        "README.md": "# My site\n\nHello.\n",
        "_posts/2024-01-01-hello.md": "---\ntitle: Hello world\ndate: 2024-01-01\nauthor: Site Owner\ntags: [blog]\nlayout: post\n---\nFirst post.\n",
        "notes/idea.md": "---\ntitle: An idea\ncreated: 2024-02-02\ntags: [idea]\n---\nSomething.\n",
        "Daily/2024-03-03.md": "---\ndate: 2024-03-03\n---\n- went for a walk\n",
    ]

    @Test(.enabled(if: Corpus.folder != nil, "the corpus, ../shared/corpus/frontmatter, is absent"),
          arguments: [IndexOptions.disabled, .enabled])
    func everyRepositoryAdoptedReadsAsTheAnswerKeySays(index: IndexOptions) async throws {
        guard let key = try AnswerKey.load(), let corpus = Corpus.folder else { return }
        var tally = AdoptionTally()
        for (_, notes) in try CorpusRepositories.load().sorted(by: { $0.key < $1.key }) {
            let root = try TemporaryFolder.make(in: TemporaryFolder.inMemory)
            defer { try? FileManager.default.removeItem(atPath: root) }
            var before: [String: Data] = [:]
            for note in notes {
                let bytes = try Data(contentsOf: corpus.appendingPathComponent(note.name))
                try write(bytes, to: root + "/" + note.path)
                before[note.path] = bytes
            }
            for (path, text) in Self.otherNotes { try write(Data(text.utf8), to: root + "/" + path) }

            let survey = try await NoteSurvey(surveying: root)
            var configuration = LibraryConfiguration.default
            configuration.notes = survey.conventions
            let library = try FileLibrary.create(at: root, configuration: configuration, index: index)
            let books = try await library.books()
            _ = try await library.check()
            _ = try await ReadingStats.compute(for: library, year: 2025, today: Day(year: 2026, month: 11, day: 27) ?? Day.today())
            let byPath = Dictionary(books.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
            let bookPaths = Set(notes.map(\.path))
            tally.otherListed += books.filter { !bookPaths.contains($0.path) }.map(\.path)
            for note in notes {
                if try Data(contentsOf: URL(fileURLWithPath: root + "/" + note.path)) != before[note.path] {
                    tally.changed.append(note.path)
                }
                guard let answer = key.entries[note.name], answer.book else { continue }
                guard let book = byPath[note.path] else {
                    tally.missing.append(note.name)
                    continue
                }
                tally.check(book, against: answer, name: note.name)
            }
        }
        print(tally.summary(index: index))
        #expect(tally.missing.isEmpty, "books not listed: \(tally.missing)")
        #expect(tally.otherListed.isEmpty, "notes listed that are not books: \(tally.otherListed)")
        #expect(tally.changed.isEmpty, "notes changed by init, list, check or stats: \(tally.changed)")
        for (field, counts) in tally.counts {
            #expect(Double(counts.right) >= 0.95 * Double(counts.stated),
                    "\(field): \(counts.right) of \(counts.stated) right; wrong: \(tally.wrong[field] ?? [])")
        }
    }

    private func write(_ data: Data, to path: String) throws {
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try data.write(to: URL(fileURLWithPath: path))
    }
}

/// How many notes of those that state each field read right.
struct AdoptionTally {
    var counts: [String: (right: Int, stated: Int)] = [:]
    var wrong: [String: [String]] = [:]
    var missing: [String] = []
    var otherListed: [String] = []
    var changed: [String] = []

    mutating func check(_ book: Book, against answer: AnswerKey.Entry, name: String) {
        record("title", right: answer.title.contains { AnswerKey.same($0, book.title) }, name: name, found: book.title)
        if let authors = answer.authors, !authors.isEmpty {
            let right = authors.contains { names in
                names.count == book.authors.count && zip(names, book.authors).allSatisfy { AnswerKey.same($0, $1) }
            }
            record("authors", right: right, name: name, found: book.authors.joined(separator: "; "))
        }
        if let status = answer.status {
            let right = book.status.name == status || (answer.status_alternatives ?? []).contains(book.status.name)
            record("status", right: right, name: name, found: book.status.name)
        }
        for (field, stated, alternatives, found) in [("finished", answer.finished, answer.finished_alternatives, book.finished),
                                                     ("started", answer.started, answer.started_alternatives, book.started)] {
            guard let stated else { continue }
            let text = found?.description
            record(field, right: text == stated || (alternatives ?? []).contains(text), name: name, found: text ?? "nothing")
        }
        if let rating = answer.rating {
            let found = book.rating.map { ($0 * 100).rounded() / 100 }
            let right = found == rating || (answer.rating_alternatives ?? []).contains(found)
            record("rating", right: right, name: name, found: found.map { "\($0)" } ?? "nothing")
        }
    }

    private mutating func record(_ field: String, right: Bool, name: String, found: String) {
        counts[field, default: (0, 0)].stated += 1
        if right { counts[field, default: (0, 0)].right += 1 } else { wrong[field, default: []].append("\(name): \(found)") }
    }

    func summary(index: IndexOptions) -> String {
        let fields = ["title", "authors", "status", "finished", "started", "rating"].map { field in
            let counts = counts[field] ?? (0, 0)
            return "\(field) \(counts.right)/\(counts.stated)"
        }
        return "adopted corpus (index \(index.isEnabled ? "on" : "off")): " + fields.joined(separator: ", ")
            + "; missing \(missing.count), others listed \(otherListed.count), notes changed \(changed.count)"
    }
}
