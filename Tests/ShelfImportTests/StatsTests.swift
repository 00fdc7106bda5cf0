import Foundation
import FrontMatterFuzzing
#if canImport(FoundationXML)
import FoundationXML
#endif
@testable import ShelfKit
@testable import ShelfInterchange
import ShelfTestSupport
import Testing

/// `shelf stats` numbers on a copy of example-library, against values worked out by hand from
/// the files (a Python one-off reading every front matter block).
struct StatsTests {
    /// The day the stats are taken on: late in the example library's last year, after its last
    /// session, so this year's chart, goal and streak have something to count.
    static let today = Day(year: 2026, month: 11, day: 22) ?? Day.today()

    @Test func statsOfTheExampleLibrary() async throws {
        let library = try FileLibrary(root: try TemporaryFolder.copyOfExampleLibrary(), today: { Self.today })
        let stats = try await ReadingStats.compute(for: library, today: Self.today)
        #expect(stats.booksFinished == 24)
        #expect(stats.pagesFinished == 9906)
        #expect(stats.byYear == [PeriodTotal(period: "2024", books: 7, pages: 3226),
                                 PeriodTotal(period: "2025", books: 10, pages: 4063),
                                 PeriodTotal(period: "2026", books: 7, pages: 2617)])
        #expect(stats.chartYear == 2026)
        #expect(stats.byMonth.map(\.books) == [1, 2, 1, 0, 1, 1, 1, 0, 0, 0, 0, 0])
        #expect(stats.byMonth.map(\.pages) == [204, 583, 443, 0, 536, 384, 467, 0, 0, 0, 0, 0])
        #expect(stats.ratedBooks == 24)
        #expect(abs((stats.averageRating ?? 0) - 4.270833333) < 1e-6)
        #expect(stats.topAuthors.first == NameCount(name: "Ursula K. Le Guin", books: 2))
        #expect(stats.topTags == [NameCount(name: "classic", books: 9), NameCount(name: "sci-fi", books: 8),
                                  NameCount(name: "translated", books: 5), NameCount(name: "fantasy", books: 4),
                                  NameCount(name: "fiction", books: 4)])
        #expect(stats.pace.sessions == 44)
        #expect(stats.pace.readingDays == 43)
        // Both ends of a range, a boundary page shared with the session before counted once.
        #expect(stats.pace.pagesRead == 4085)
        #expect(stats.pace.minutes == 4865)
        #expect(abs((stats.pace.pagesPerDay ?? 0) - 4085.0 / 43) < 1e-9)
        #expect(abs((stats.pace.pagesPerHour ?? 0) - 47.78) < 0.005)
        #expect(stats.longest == BookLength(id: "middlemarch", title: "Middlemarch", pages: 880))
        #expect(stats.shortest == BookLength(id: "a-wizard-of-earthsea", title: "A Wizard of Earthsea", pages: 183))
        #expect(stats.streak == 0)
        #expect(stats.goal == GoalProgress(year: 2026, goal: 24, finished: 7, percent: 29, expectedByToday: 21))
    }

    @Test func statsForOneYear() async throws {
        let library = try FileLibrary(root: try TemporaryFolder.copyOfExampleLibrary(), today: { Self.today })
        let stats = try await ReadingStats.compute(for: library, year: 2025, today: Self.today)
        #expect(stats.booksFinished == 10)
        #expect(stats.pagesFinished == 4063)
        #expect(stats.averageRating == 4.5)
        #expect(stats.byYear == [PeriodTotal(period: "2025", books: 10, pages: 4063)])
        #expect(stats.byMonth.map(\.books) == [0, 0, 1, 1, 2, 1, 1, 0, 0, 2, 1, 1])
        #expect(stats.pace.sessions == 16)
        #expect(stats.pace.pagesRead == 1800)
        #expect(stats.goal?.expectedByToday == nil)
        #expect(stats.goal?.finished == 10)
    }

    @Test(arguments: [("2026-11-16", 1), ("2026-11-17", 1), ("2026-11-18", 0), ("2026-10-03", 1)])
    func streakCountsBackFromToday(_ day: String, _ expected: Int) async throws {
        let library = try FileLibrary(root: try TemporaryFolder.copyOfExampleLibrary(), today: { Self.today })
        let today = try #require(Day(day))
        let stats = try await ReadingStats.compute(for: library, today: today)
        #expect(stats.streak == expected)
    }

    @Test func streakOfConsecutiveDays() throws {
        let days = (0..<5).compactMap { Day(year: 2026, month: 3, day: 10 + $0) }
        let sessions = days.map { ReadingSession(bookID: "a", day: $0, pages: 10) }
        let book = Book(id: "a", title: "A")
        let onLastDay = ReadingStats(books: [book], sessions: sessions, configuration: .default, year: nil, today: try #require(days.last))
        #expect(onLastDay.streak == 5)
        let dayAfter = ReadingStats(books: [book], sessions: sessions, configuration: .default, year: nil,
                                    today: try #require(days.last?.adding(days: 1)))
        #expect(dayAfter.streak == 5)
    }

    /// The longest and shortest book and the most read authors and tags of random years,
    /// against their definitions as sorts: longest the most pages and, of those, the first
    /// title; shortest the fewest and the first title; a name counted once a book, the most
    /// counted first and ties by name. Lengths and titles repeat often, so ties are common.
    @Test(arguments: 1...40)
    func theLongestShortestAndMostReadAreTheirDefinitions(seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        let names = ["Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gus"]
        let books = (0..<Int.random(in: 0...30, using: &random)).map { index in
            var book = Book(id: BookID("b\(index)"), status: .finished, title: ["Ka", "Ab", "Ab", "Zed", "É"].randomElement(using: &random) ?? "",
                 authors: (0..<Int.random(in: 0...3, using: &random)).compactMap { _ in names.randomElement(using: &random) },
                 pages: Bool.random(using: &random) ? nil : [90, 120, 120, 300].randomElement(using: &random),
                 tags: (0..<Int.random(in: 0...2, using: &random)).compactMap { _ in names.randomElement(using: &random) },
                 finished: Day(year: 2025, month: 6, day: Int.random(in: 1...30, using: &random)))
            book.path = "finished/b\(index).md"
            return book
        }
        let today = try #require(Day(year: 2026, month: 1, day: 1))
        let stats = ReadingStats(books: books, sessions: [], configuration: .default, year: 2025, today: today)
        let paged = books.filter { $0.pages != nil }
        let byLength = paged.indices.sorted { (paged[$0].pages ?? 0, paged[$1].title) < (paged[$1].pages ?? 0, paged[$0].title) }
        #expect(stats.longest == byLength.last.map { BookLength(id: paged[$0].id, title: paged[$0].title, pages: paged[$0].pages ?? 0) })
        let byShortness = paged.indices.sorted { (paged[$0].pages ?? 0, paged[$0].title) < (paged[$1].pages ?? 0, paged[$1].title) }
        #expect(stats.shortest == byShortness.first.map { BookLength(id: paged[$0].id, title: paged[$0].title, pages: paged[$0].pages ?? 0) })
        func top(_ lists: [[String]]) -> [NameCount] {
            var counts: [String: Int] = [:]
            for list in lists { for name in Set(list) { counts[name, default: 0] += 1 } }
            return Array(counts.map { NameCount(name: $0.key, books: $0.value) }
                .sorted { ($1.books, $0.name) < ($0.books, $1.name) }.prefix(ReadingStats.topCount))
        }
        #expect(stats.topAuthors == top(books.map(\.authors)))
        #expect(stats.topTags == top(books.map(\.tags)))
    }

    /// Without a year, the chart is of this year once it has a book finished, else of the last
    /// year that has one; the goal stays this year's.
    @Test func theChartWithoutAYearIsOfTheLastYearWithABookFinished() throws {
        let book = Book(id: "a", status: .finished, title: "A", pages: 100, finished: Day(year: 2024, month: 5, day: 3))
        let today = try #require(Day(year: 2026, month: 3, day: 1))
        let stats = ReadingStats(books: [book], sessions: [], configuration: .default, year: nil, today: today)
        #expect(stats.chartYear == 2024)
        #expect(stats.byMonth.first { $0.period == "2024-05" }?.books == 1)
        #expect(ReadingStats(books: [book], sessions: [], configuration: .default, year: 2025, today: today).chartYear == 2025)
        var thisYear = book
        thisYear.id = "b"
        thisYear.finished = Day(year: 2026, month: 2, day: 1)
        #expect(ReadingStats(books: [book, thisYear], sessions: [], configuration: .default, year: nil, today: today).chartYear == 2026)
        #expect(ReadingStats(books: [], sessions: [], configuration: .default, year: nil, today: today).chartYear == 2026)
    }

    @Test func theChartIsWellFormedSVG() async throws {
        let library = try FileLibrary(root: try TemporaryFolder.copyOfExampleLibrary(), today: { Self.today })
        let stats = try await ReadingStats.compute(for: library, year: 2025, today: Self.today)
        let svg = MonthChartSVG.render(stats, title: "Books <finished> & \"rated\" in 2025")
        let parser = XMLParser(data: Data(svg.utf8))
        let collector = ElementCollector()
        parser.delegate = collector
        #expect(parser.parse(), "\(parser.parserError.map(String.init(describing:)) ?? "")")
        #expect(collector.elements.first == "svg")
        #expect(collector.elements.filter { $0 == "rect" }.count == 13)
        #expect(collector.text.contains("Books <finished> & \"rated\" in 2025"))
    }
}

/// Records element names and text while parsing.
final class ElementCollector: NSObject, XMLParserDelegate {
    var elements: [String] = []
    var text = ""

    func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String] = [:]) {
        elements.append(elementName)
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        text += string
    }
}
