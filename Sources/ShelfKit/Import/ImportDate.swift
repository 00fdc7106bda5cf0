/// Dates as Goodreads and StoryGraph write them.
enum ImportDate {
    /// `2024/02/11`, also `2024-02-11`; a day of one digit (`2024/2/1`) is accepted too.
    static func day(_ text: String) -> Day? {
        let parts = text.split(whereSeparator: { $0 == "/" || $0 == "-" })
        guard parts.count == 3, parts[0].count == 4, let year = Int(parts[0]), let month = Int(parts[1]),
              let day = Int(parts[2]), parts[1].count <= 2, parts[2].count <= 2 else { return nil }
        return Day(year: year, month: month, day: day)
    }

    /// `2024/02/11`, the way Goodreads writes dates.
    static func slashed(_ day: Day) -> String {
        String(day.description.map { $0 == "-" ? "/" : $0 })
    }
}
