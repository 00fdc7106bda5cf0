import FrontMatter
@testable import ShelfKit
import Testing

/// What the values of hand-written notes mean: dates as people write them, people in every
/// form a list of them takes, ratings on their own scale.
struct NoteValuesTests {
    /// The node of `key` in a one-key front matter holding `yaml`.
    private func node(_ yaml: String) throws -> YAMLNode? {
        try FrontMatterDocument(text: "---\nvalue: \(yaml)\n---\n")["value"]
    }

    @Test(arguments: [
        ("2024-12-18", "2024-12-18"), ("\"2024-12-6\"", "2024-12-06"), ("\"[[2024-12-18]]\"", "2024-12-18"),
        ("March 29, 2025", "2025-03-29"), ("29 March 2025", "2025-03-29"), ("\"Mar 3rd, 2021\"", "2021-03-03"),
        ("2021", "2021"), ("\"2023-06\"", "2023-06"), ("2024-12-06T10:00:00Z", "2024-12-06"), ("\"2022-12-21 10:54\"", "2022-12-21"),
        ("\"06.12.2024\"", "2024-12-06"), ("\"12/06/2024\"", "2024-12-06"), ("\"25/12/2024\"", "2024-12-25"),
        ("[2019-01-02, 2023-05-06]", "2023-05-06"), ("\"2024/12/06\"", "2024-12-06"),
    ])
    func datesAsPeopleWriteThem(yaml: String, expected: String) throws {
        #expect(NoteValues.date(try node(yaml))?.description == expected)
    }

    @Test(arguments: ["\"[[]]\"", "soon", "\"\"", "null", "13", "\"2024-13-40\""])
    func whatIsNoDate(yaml: String) throws {
        #expect(NoteValues.date(try node(yaml)) == nil)
    }

    @Test func aYearAloneKeepsItsPrecisionAndStandsForItsFirstDay() throws {
        let year = try #require(Day(partial: "2021"))
        #expect(year.precision == .year && year.description == "2021" && year.firstDay.description == "2021-01-01")
        #expect(year < Day(year: 2021, month: 1, day: 2)!)
        #expect(year != Day(year: 2021, month: 1, day: 1)!)
    }

    @Test(arguments: [
        ("Frank Herbert", ["Frank Herbert"]),
        ("\"[[John Rawls]]\"", ["John Rawls"]),
        ("\"Jim Loehr and Tony Schwartz\"", ["Jim Loehr", "Tony Schwartz"]),
        ("\"Lorne Lantz, Daniel Cawrey\"", ["Lorne Lantz", "Daniel Cawrey"]),
        ("\"Le Guin, Ursula K.\"", ["Le Guin, Ursula K."]),
        ("\"Herbert, Frank\"", ["Herbert, Frank"]),
        ("\"Will & Ariel Durant\"", ["Will Durant", "Ariel Durant"]),
        ("\"Kelly and Zach Weinersmith\"", ["Kelly Weinersmith", "Zach Weinersmith"]),
        ("[martha-wells]", ["Martha Wells"]),
        ("[\"[[Jane Doe|Jane]]\", \"Le Guin, Ursula K.\"]", ["Jane Doe", "Le Guin, Ursula K."]),
        ("{name: Octavia E. Butler}", ["Octavia E. Butler"]),
        ("\"[[Jordan B. Peterson]], [[Norman Doidge]]\"", ["Jordan B. Peterson", "Norman Doidge"]),
        ("\"Norman Doidge (Foreword)\"", ["Norman Doidge"]),
        ("\"Ann, Bea and Cal Smith\"", ["Ann Smith", "Bea Smith", "Cal Smith"]),
    ])
    func peopleInEveryForm(yaml: String, expected: [String]) throws {
        #expect(NoteValues.people(try node(yaml)) == expected)
    }

    @Test(arguments: [
        ("4", 5, 4.0), ("\"4\"", 5, 4.0), ("4.5", 5, 4.5), ("\"4/5\"", 5, 4.0), ("\"8/10\"", 5, 4.0), ("8", 10, 4.0),
        ("\"⭐⭐⭐⭐\"", 5, 4.0), ("\"★★★½\"", 5, 3.5), ("85", 100, 4.25),
    ])
    func ratingsOnTheirScale(yaml: String, scale: Int, expected: Double) throws {
        #expect(NoteValues.rating(try node(yaml), scale: scale) == expected)
    }

    @Test(arguments: ["0", "\"0\"", "7", "lots", "\"\""])
    func whatIsNoRatingOutOfFive(yaml: String) throws {
        #expect(NoteValues.rating(try node(yaml), scale: 5) == nil)
    }

    @Test func aRatingAndADateAreWrittenAsTheNoteWritesThem() throws {
        #expect(NoteValues.written(rating: 3, scale: 5, like: try node("\"4/5\"")) == .string("3/5"))
        #expect(NoteValues.written(rating: 3, scale: 10, like: try node("8")) == .int(6))
        #expect(NoteValues.written(rating: 3.5, scale: 5, like: try node("\"4\"")) == .string("3.5"))
        let day = Day(year: 2026, month: 11, day: 27)!
        #expect(NoteValues.written(date: day, style: .plain, like: try node("\"[[2024-12-18]]\"")) == .string("[[2026-11-27]]"))
        #expect(NoteValues.written(date: day, style: .link, like: nil) == .string("[[2026-11-27]]"))
        #expect(NoteValues.written(date: day, style: .quoted, like: try node("2024-12-18")) == .day(day))
    }

    @Test func statusWordsInManyLanguagesAndSpellings() {
        #expect(NoteConventions.knownStatus(of: "Currently Reading") == .reading)
        #expect(NoteConventions.knownStatus(of: "lido") == .finished)
        #expect(NoteConventions.knownStatus(of: "na-lista") == .toRead)
        #expect(NoteConventions.knownStatus(of: "DNF") == .abandoned)
        #expect(NoteConventions.knownStatus(of: "想读") == .toRead)
        #expect(NoteConventions.knownStatus(of: "novel") == nil)
    }

    @Test func aBodysFieldsAndHeading() {
        let body = "# 12 Rules for Life\n\n## Metadata\n- Author: [[Jordan B. Peterson]]\n- Full Title: 12 Rules\nRating:: 4\n"
        #expect(NoteValues.heading(inBody: body) == "12 Rules for Life")
        #expect(NoteValues.inlineField("author", inBody: body) == "[[Jordan B. Peterson]]")
        #expect(NoteValues.inlineField("rating", inBody: body) == "4")
    }
}
