import Foundation
@testable import ShelfKit
import ShelfTestSupport
import Testing

/// `shelf today` reads only the books read in the period, their sessions and the books
/// finished this year (``ReadingPeriodSummary/compute(for:period:today:)``); the simple model is
/// the summary of every book and every session. The two agree on a generated library with
/// re-reads, sessions in pages, percent, locations and time, and a session that cannot be read,
/// from the files, from the index and in memory, for days, weeks and months with sessions
/// and without, with a goal set; and `stats --year` likewise.
struct ReadingPeriodDifferentialTests {
    static let days = ["2024-03-12", "2024-03-15", "2024-03-06", "2024-02-11", "2024-01-10", "2024-05-03", "2023-06-01"]
        .compactMap { Day($0) }

    @Test
    func theSummaryOfThePeriodsBooksIsTheSummaryOfEveryBook() async throws {
        var files = GeneratedLibrary.files(count: 200, seed: 47).merging(ProgressDifferentialTests.handwritten) { _, handwritten in handwritten }
        files[".shelf/config.yaml"] = "statuses: [to-read, reading, finished, abandoned]\ngoal: 40\ngoals: {2023: 6}\nformat: 1\n"
        // A book whose file cannot be read, read in the periods: its problem is said, whoever reads.
        files["reading/unreadable.md"] = "---\ntitle: [Unclosed\n---\n"
        files["reading/unreadable/2024-03-12.md"] = "---\npages: 12\n---\n"
        let three = try await ThreeReaders(files)
        defer { try? FileManager.default.removeItem(atPath: three.root) }
        let (direct, indexed, memory) = (three.direct, three.indexed, three.memory)
        let books = try await direct.books(matching: Query.all, sortedBy: [], limit: nil)
        let sessions = try await direct.sessions(since: nil)
        #expect(!sessions.problems.isEmpty, "the broken session is there")

        var compared = 0
        for today in Self.days {
            for period in [ReadingPeriod.day, .week, .month] {
                let model = ReadingPeriodSummary(books: books.items, sessions: sessions.items, configuration: direct.configuration,
                                                 period: period, today: today)
                for library in [direct, indexed] {
                    var summary = try await ReadingPeriodSummary.compute(for: library, period: period, today: today)
                    #expect(Set(summary.problems).isSubset(of: Set(books.problems + sessions.problems)), "\(today) \(period)")
                    // Its session is on Tuesday 2024-03-12: in that day, and in the week and month of the 15th.
                    let readsTheUnreadable = today.description == "2024-03-12" || (today.description == "2024-03-15" && period != .day)
                    if readsTheUnreadable {
                        #expect(summary.problems.contains { $0.path == "reading/unreadable.md" }, "\(today) \(period) \(library.root)")
                    }
                    summary.problems = []
                    #expect(summary == model, "\(today) \(period) \(library.root)")
                }
                var inMemory = try await ReadingPeriodSummary.compute(for: memory, period: period, today: today)
                inMemory.problems = []
                var withoutGoal = model
                withoutGoal.goal = nil
                #expect(inMemory == withoutGoal, "\(today) \(period) in memory, which has no goal")
                compared += model.sessions
            }
        }
        // The periods hold sessions of several books, in several units.
        #expect(compared > 100)

        // A year's statistics of the whole library read the books finished in it and the books
        // read since it began; the model is the statistics of every book and session.
        var finishedCompared = 0
        for today in Self.days {
            for year in [2023, 2024, 2025] {
                let model = ReadingStats(books: books.items, sessions: sessions.items, configuration: direct.configuration,
                                         year: year, today: today)
                for library in [direct, indexed] {
                    var stats = try await ReadingStats.compute(for: library, year: year, today: today)
                    #expect(Set(stats.problems).isSubset(of: Set(books.problems + sessions.problems)), "\(today) \(year)")
                    stats.problems = model.problems
                    #expect(stats == model, "\(today) \(year) \(library.root)")
                }
                finishedCompared += model.booksFinished
            }
        }
        #expect(finishedCompared > 50)

        // All time and a year, of the whole library and of the books a query matches: from the
        // index the sessions are summed in SQL from the pages each read as stored; the model
        // is the statistics of the matching books and every session.
        var paceCompared = 0
        for text in ["", "rating>=3", "status:finished", "pages<300 or tag:fiction", "not status:reading"] {
            let query = try Query(parsing: text, today: testToday)
            let matching = try await direct.books(matching: query, sortedBy: [], limit: nil)
            for today in Self.days {
                for year in [nil, 2024] as [Int?] {
                    let model = ReadingStats(books: matching.items, sessions: sessions.items, configuration: direct.configuration,
                                             year: year, today: today)
                    for library in [direct, indexed] {
                        var stats = try await ReadingStats.compute(for: library, matching: query, year: year, today: today)
                        #expect(Set(stats.problems).isSubset(of: Set(books.problems + sessions.problems)), "\(text) \(today)")
                        stats.problems = model.problems
                        #expect(stats == model, "'\(text)' \(today) \(String(describing: year)) \(library.root)")
                    }
                    paceCompared += model.pace.sessions
                }
            }
        }
        #expect(paceCompared > 500)
    }

    /// The index keeps each session's pages read as its book's other sessions and length give
    /// them: a session added, a length changed (a percent is pages of it), a book that stops
    /// reading (its sessions count no more) and reads again all change the statistics as they
    /// change the files'.
    @Test
    func theSessionsPagesFollowEveryChangeOfTheirBook() async throws {
        let root = try TemporaryFolder.make(with: [
            ".shelf/config.yaml": "statuses: [to-read, reading, finished, abandoned]\nformat: 1\n",
            "reading/percent.md": "---\ntitle: Percent\npages: 200\nstarted: 2024-03-01\n---\n",
            "reading/percent/2024-03-01.md": "---\nfrom: 1%\nto: 10%\nminutes: 30\n---\n",
            "reading/percent/2024-03-02.md": "---\nfrom: 10%\nto: 25%\nminutes: 40\n---\n",
            "finished/paged.md": "---\ntitle: Paged\npages: 90\nfinished: 2024-03-03\n---\n",
            "finished/paged/2024-03-03.md": "---\nfrom: 1\nto: 90\nminutes: 60\n---\n",
        ])
        defer { try? FileManager.default.removeItem(atPath: root) }
        let direct = try FileLibrary(root: root, index: .disabled, today: { testToday })
        let indexed = try FileLibrary(root: root, today: { testToday })
        func write(_ text: String, to path: String) throws {
            try FileManager.default.createDirectory(atPath: root + "/" + Path.parent(of: path), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: URL(fileURLWithPath: root + "/" + path))
        }
        func expectSame(_ step: String) async throws {
            for year in [nil, 2024] as [Int?] {
                let model = try await ReadingStats.compute(for: direct, year: year, today: testToday)
                let stats = try await ReadingStats.compute(for: indexed, year: year, today: testToday)
                #expect(stats.pace == model.pace && stats.streak == model.streak, "\(step), \(String(describing: year))")
                #expect(stats.booksFinished == model.booksFinished, "\(step)")
            }
        }
        try await expectSame("as built")
        try write("---\nfrom: 25%\nto: 50%\nminutes: 20\n---\n", to: "reading/percent/2024-03-14.md")
        try await expectSame("a session added")
        let ofAShortBook = try await ReadingStats.compute(for: indexed, today: testToday).pace.pagesRead
        try write("---\ntitle: Percent\npages: 640\nstarted: 2024-03-01\n---\n", to: "reading/percent.md")
        try await expectSame("the book's length changed")
        #expect(try await ReadingStats.compute(for: indexed, today: testToday).pace.pagesRead > ofAShortBook + 200,
                "50% of 640 pages rather than of 200")
        try write("---\ntitle: [Unclosed\n---\n", to: "reading/percent.md")
        try await expectSame("the book no longer reads")
        let withoutIt = try await ReadingStats.compute(for: indexed, today: testToday)
        #expect(withoutIt.pace.pagesRead == 90 && withoutIt.streak == 1, "its sessions' pages count no more; their days do")
        try write("---\ntitle: Percent\npages: 100\n---\n", to: "reading/percent.md")
        try await expectSame("the book reads again")
        try FileManager.default.removeItem(atPath: root + "/finished/paged/2024-03-03.md")
        try await expectSame("a session removed")
    }

    /// A year's books come from two reads of the index (those finished in it from an index of
    /// finish days, those read before from their rows): together they are the books the files
    /// give, with a book read twice in the year, one read in the year and again since, the
    /// edges of the year, and finish days of a year or a month alone (problems, not days).
    @Test
    func aYearsBooksAreTheFilesBooksWhateverTheirDaysLookLike() async throws {
        let root = try TemporaryFolder.make(with: [
            ".shelf/config.yaml": "statuses: [to-read, reading, finished, abandoned]\nformat: 1\n",
            "finished/a-year.md": "---\ntitle: A Year\npages: 300\nfinished: 2024\nauthors: [Ann]\ntags: [essay]\n---\n",
            "finished/a-month.md": "---\ntitle: A Month\npages: 210\nfinished: 2024-03\nrating: 4\n---\n",
            "finished/first-day.md": "---\ntitle: First Day\npages: 120\nfinished: 2024-01-01\n---\n",
            "finished/last-day.md": "---\ntitle: Last Day\npages: 80\nfinished: 2024-12-31\nauthors: [Ann]\n---\n",
            "finished/next-year.md": "---\ntitle: Next Year\npages: 500\nfinished: 2025-01-01\n---\n",
            "finished/last-year.md": "---\ntitle: Last Year\npages: 90\nfinished: 2023-12-31\n---\n",
            "finished/twice.md": "---\ntitle: Twice\npages: 150\nfinished: 2024-09-01\nreads:\n  - {started: 2024-01-02, finished: 2024-02-01}\n---\n",
            "reading/again.md": "---\ntitle: Again\npages: 400\nstarted: 2025-02-01\nreads:\n  - {finished: 2024-06-30}\n---\n",
        ])
        defer { try? FileManager.default.removeItem(atPath: root) }
        let today = Day(year: 2025, month: 3, day: 1)!
        let direct = try FileLibrary(root: root, index: .disabled, today: { today })
        let indexed = try FileLibrary(root: root, today: { today })
        for query in [nil, "author:ann", "pages:>100"] as [String?] {
            for year in [2023, 2024, 2025] {
                let parsed = try query.map { try Query(parsing: $0, today: today) } ?? .all
                let model = try await ReadingStats.compute(for: direct, matching: parsed, year: year, today: today)
                let stats = try await ReadingStats.compute(for: indexed, matching: parsed, year: year, today: today)
                #expect(stats == model, "\(query ?? "every book") \(year)")
            }
        }
        let year = try await ReadingStats.compute(for: indexed, year: 2024, today: today)
        #expect(year.booksFinished == 5 && year.pagesFinished == 120 + 80 + 150 + 150 + 400)
        #expect(year.problems.map(\.path) == ["finished/a-month.md", "finished/a-year.md"])
    }
}
