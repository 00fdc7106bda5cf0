@testable import ShelfKit
import Testing

/// The words of the month chart's tooltips: one book and one page are singular.
struct MonthChartSVGTests {
    @Test func aMonthOfOneBookAndOnePageSaysSo() throws {
        let today = try #require(Day(year: 2026, month: 3, day: 20))
        let leaflet = Book(id: "leaflet", status: .finished, title: "Leaflet", pages: 1, finished: Day(year: 2026, month: 1, day: 5))
        let novels = [1, 2].map { index in
            Book(id: BookID("novel-\(index)"), status: .finished, title: "Novel", pages: 300, finished: Day(year: 2026, month: 2, day: index))
        }
        let svg = MonthChartSVG.render(ReadingStats(books: [leaflet] + novels, sessions: [], configuration: .default, year: 2026, today: today))
        #expect(svg.contains("<title>2026-01: 1 book, 1 page</title>"), "\(svg)")
        #expect(svg.contains("<title>2026-02: 2 books, 600 pages</title>"), "\(svg)")
    }
}
