import Foundation
import FrontMatter
import PropertyBased
import Testing

/// `Day`'s text: every day there is writes as `YYYY-MM-DD` and reads back as itself.
struct DayTests {
    @Test func everyDayOfEveryYearWritesAsPaddedNumbersAndReadsBack() async {
        await propertyCheck(count: 400, input: Gen.int(in: 1...9999)) { year in
            for month in 1...12 {
                for dayOfMonth in 1...31 {
                    guard let day = Day(year: year, month: month, day: dayOfMonth) else { continue }
                    let expected = String(format: "%04d-%02d-%02d", year, month, dayOfMonth)
                    #expect(day.description == expected)
                    #expect(Day(day.description) == day, "\(expected)")
                }
            }
        }
    }

    @Test func theFirstAndLastYearsAndLeapDays() {
        #expect(Day(year: 1, month: 1, day: 1)?.description == "0001-01-01")
        #expect(Day(year: 9999, month: 12, day: 31)?.description == "9999-12-31")
        #expect(Day(year: 2024, month: 2, day: 29)?.description == "2024-02-29")
        #expect(Day(year: 2023, month: 2, day: 29) == nil)
        #expect(Day(year: 10_000, month: 1, day: 1) == nil)
        #expect(Day(year: 0, month: 1, day: 1) == nil)
        #expect(Day(year: 2026, month: 11, day: 24).map { "\($0)" } == "2026-11-24")
    }
}

/// What `Day` refuses to read.
struct DayParsingTests {
    @Test(arguments: ["2024-3-01", "2024-03-1", "2024/03/01", "20240301xx", "2024-03-01 ", " 2024-03-01", "2024-02-30",
                      "2024-13-01", "2024-00-10", "0000-01-01", "２０２４-03-01", "2024-0३-01", "-024-03-01", "2024--3-01", ""])
    func textThatIsNotADay(_ text: String) {
        #expect(Day(text) == nil)
    }

    @Test func aSubstringReadsAsTheWholeText() {
        let text = "finished: 2024-03-01"
        #expect(Day(text.suffix(10)) == Day(year: 2024, month: 3, day: 1))
    }
}
