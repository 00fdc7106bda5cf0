import Foundation
import FrontMatterFuzzing
@testable import ShelfKit
import ShelfTestSupport
import Testing

/// Random queries over one generated library, answered by the index's SQL, by Swift over the
/// files, and by the in-memory library: all three must agree.
struct QueryDifferentialTests {
    static let fragments = ["herb", "márquez", "le guin", "村上", "kierkegaard", "glass", "river", "dune", "straße", "naive"]

    static func term(_ random: inout SeededGenerator) -> String {
        func pick(_ items: [String]) -> String { items.randomElement(using: &random) ?? "" }
        switch Int.random(in: 0..<28, using: &random) {
        case 0: return "author:" + pick(fragments)
        case 1: return "tag=" + pick(GeneratedLibrary.tags)
        case 2: return "tag:" + pick(["sci", "club", "noire", "日"])
        case 3: return "rating>=" + pick(["1", "2.5", "4", "5"])
        case 4: return "pages:" + pick(["100..300", "..200", "500..", "412"])
        case 5: return "finished:" + pick(["2023", "2024-03", "2023-06..2024-02", "this-year", "last-year"])
        case 6: return "added:" + pick([">30d", "<=2023", ">=2024-01", "2022..2022-12", ">4w"])
        case 7: return "year:" + pick(["2023", "2024"])
        case 8: return pick(["has:", "missing:"]) + pick(["series", "rating", "format", "subtitle", "pages", "progress", "bought"])
        case 9: return "format:" + pick(["ebook", "paper", "audio"])
        case 10: return "sessions" + pick([">1", ":0", ">=2", "<3"])
        case 11: return "progress" + pick([">=50", "<20", ":0..30"])
        case 12: return "read>" + pick(["50", "100"])
        case 13: return "minutes" + pick(["<60", ">0"])
        case 14: return pick(GeneratedLibrary.words.map { String($0.prefix(3)) } + ["memory", "glass river", "o"])
        case 15: return "\"" + pick(["night river", "a glass", "garden", "winter story"]) + "\""
        case 16: return "status:" + pick(["finished", "Reading", "to-read"])
        case 17: return "folder:" + pick(["sci", "fiction", "classics"])
        case 18: return "published" + pick(["<1990", ">=2000", ":1960..1980", ":1999"])
        case 19: return "bought" + pick([">=2022-01", "<2021-06", ":2023"])
        case 20: return "edition" + pick([">2", "=3", ":1"])
        case 21: return "title" + pick(["<m", ">=n", ":glass", "=dune"])
        case 22: return "series:" + pick(["saga", "night"])
        case 23: return "author" + pick(["<m", ">=n", "=frank herbert", ">z", "<=a", ":\"le guin\""])
        case 24: return "tag" + pick(["<c", ">=sci", "<=club", ">日", "=sci-fi"])
        case 25: return "-" + term(&random)
        case 26: return "(" + term(&random) + " or " + term(&random) + ")"
        default: return "not " + term(&random)
        }
    }

    static func query(_ random: inout SeededGenerator) -> String {
        (0..<Int.random(in: 1...3, using: &random)).map { _ in term(&random) }.joined(separator: " ")
    }

    @Test
    func indexSwiftAndMemoryAgree() async throws {
        let files = GeneratedLibrary.files(count: 100, seed: 42)
        // Sessions in every unit, mixed within books, so `read` and `progress` are compared with them.
        for unit in ["to: loc ", "%\n", "m\n"] {
            #expect(files.values.contains { $0.hasPrefix("---\nfrom: ") && $0.contains(unit) }, "\(unit)")
        }
        let root = try TemporaryFolder.make(with: files)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let indexed = try FileLibrary(root: root, today: { testToday })
        let direct = try FileLibrary(root: root, index: .disabled, today: { testToday })
        let memory = InMemoryLibrary(today: { testToday })
        for (path, text) in files { try await memory.writeBehindTheLibrary(text, to: path) }

        var random = SeededGenerator(seed: 7)
        // Drawn apart, so that the queries stay those the seed above made.
        var limits = SeededGenerator(seed: 8)
        var nonEmpty = 0
        for _ in 0..<150 {
            let text = Self.query(&random)
            let query = try Query(parsing: text, today: testToday)
            let sort = [BookSort(key: ["rating", "progress", "format", "title", "author"].randomElement(using: &random) ?? "title",
                                 descending: Bool.random(using: &random))]
            let fromIndex = try await indexed.books(matching: query, sortedBy: sort, limit: nil).items.map(\.path)
            let fromFiles = try await direct.books(matching: query, sortedBy: sort, limit: nil).items.map(\.path)
            let fromMemory = try await memory.books(matching: query, sortedBy: sort, limit: nil).items.map(\.path)
            #expect(fromIndex == fromFiles, "\(text)")
            #expect(fromIndex == fromMemory, "\(text)")
            // A listing with each book's progress, cut to a limit or not: the index reads the
            // progress of the few books listed from their files, as it keeps no sessions yet.
            let limit = Bool.random(using: &limits) ? nil : Int.random(in: 1...20, using: &limits)
            func rows(_ library: some LibraryReading) async throws -> Listing<String> {
                try await library.mapBooks(matching: query, sortedBy: sort, limit: limit, withProgress: true) { book, progress in
                    "\(book.path) \(progress.map { "\($0)" } ?? "none")"
                }
            }
            let indexRows = try await rows(indexed)
            #expect(indexRows.items == (try await rows(direct)).items, "\(text)")
            #expect(indexRows.items == (try await rows(memory)).items, "\(text)")
            #expect(indexRows.problems == (try await rows(direct)).problems, "\(text)")
            #expect(indexRows.items.count == min(fromIndex.count, limit ?? fromIndex.count), "\(text)")
            if !fromIndex.isEmpty { nonEmpty += 1 }
            // `shelf tags`, `authors` and `folders` count the same books either way.
            let facet = BookFacet.allCases.randomElement(using: &random) ?? .tags
            let counted = try await indexed.counts(of: facet, matching: query)
            #expect(counted == (try await direct.counts(of: facet, matching: query)), "\(facet) \(text)")
            #expect(counted.items == (try await memory.counts(of: facet, matching: query)).items, "\(facet) \(text)")
        }
        // The generator must make queries that find something, or the test proves little.
        #expect(nonEmpty > 50)

        // Whole reads agree too: books, problems and sessions.
        let scanned = try await indexed.scan()
        #expect(scanned == (try await direct.scan()))
        #expect(scanned.problems.map(\.path) == ["finished/broken.md"])
        #expect(try await indexed.sessions(since: day("2024-02-01")) == (try await direct.sessions(since: day("2024-02-01"))))
        for text in ["glass", "\"night river\"", "herb", "rive gard"] {
            #expect(try await indexed.search(text, limit: 20) == (try await direct.search(text, limit: 20)), "\(text)")
        }
        // The index scores in SQLite from FTS5's phrase instances, the files from the words:
        // every hit and score alike, for common words, prefixes, a word twice, phrases that
        // overlap themselves, and words under `or`.
        var found: [String: Int] = [:]
        for text in ["glass", "g", "glass glass", "\"night river\"", "\"river river\"", "night or glass", "river status:finished",
                     "night river", "gla riv"] {
            let fromIndex = try await indexed.search(text, limit: nil)
            #expect(fromIndex == (try await direct.search(text, limit: nil)), "\(text)")
            found[text] = fromIndex.count
            // The first few, ranked in SQLite without reading the others, are the same.
            for limit in [1, 3, 10] {
                #expect(try await indexed.search(text, limit: limit) == Array(fromIndex.prefix(limit)), "\(text) \(limit)")
            }
        }
        #expect(found.values.filter { $0 > 5 }.count >= 6, "\(found)")
    }
}
