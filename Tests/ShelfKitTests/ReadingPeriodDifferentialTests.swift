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
        let root = try TemporaryFolder.make(with: files)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let direct = try FileLibrary(root: root, index: .disabled, today: { testToday })
        let indexed = try FileLibrary(root: root, today: { testToday })
        let memory = InMemoryLibrary(today: { testToday })
        for (path, text) in files where !path.hasPrefix(".shelf/") { try await memory.writeBehindTheLibrary(text, to: path) }
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
    }
}
