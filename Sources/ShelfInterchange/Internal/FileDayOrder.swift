import ShelfKit

/// Whether a file's dates written with the year last (`3/4/2026`) are month/day or day/month,
/// decided once for the whole file.
///
/// A spreadsheet that re-saves an export writes every date in its locale's short form: US Excel
/// `7/24/2026`, most others `24/07/2026` or `24.07.2026`. One date alone cannot tell `3/4/2026`
/// apart, but the file can: a date whose first part is above 12 is day/month, one whose second
/// part is above 12 is month/day. The reading that makes every such date of the file a real day
/// wins; when both do (no part above 12 anywhere), month/day is assumed, as US Excel writes
/// dates, and dotted dates are day/month, as every locale writing them means; when neither does,
/// the one that fits more dates. A guess is reported once, at the first date it concerns.
struct FileDayOrder {
    /// How the file's dates are read.
    var order: ImportDayOrder
    /// Said once when ``order`` is a guess.
    var warning: Problem?

    /// Looks at every date in `columns` of `table`; `chosen` (the person's `--date-order`) wins.
    init(table: CSVTable, columns: [String], path: String, chosen: ImportDayOrder?) {
        let positions = CSVRowReader.positions(of: table.header)
        var dates: [(date: ImportDate.YearLast, line: Int, column: String, text: String)] = []
        for row in table.rows {
            let fields = CSVRowReader(columns: positions, row: row)
            for column in columns {
                guard let text = fields.text(column) else { continue }
                for date in Self.yearLastDates(in: text) { dates.append((date, row.line, column, text)) }
            }
        }
        guard chosen == nil, let first = dates.first else {
            order = chosen ?? .monthFirst
            warning = nil
            return
        }
        let monthFirst = dates.count(where: { $0.date.day(.monthFirst) != nil })
        let dayFirst = dates.count(where: { $0.date.day(.dayFirst) != nil })
        let at = { (date: (date: ImportDate.YearLast, line: Int, column: String, text: String), reason: String) in
            Problem(path: path, line: date.line, column: max(1, (positions[date.column] ?? 0) + 1),
                    message: "\(date.column) \(reason), found \"\(date.text)\"")
        }
        if monthFirst == dates.count, dayFirst == dates.count {
            order = first.date.separator == "." ? .dayFirst : .monthFirst
            let reading = order == .monthFirst ? "month/day, as US spreadsheets write dates" : "day.month, as dates with dots are written"
            let other = order == .monthFirst ? ImportDayOrder.dayFirst : .monthFirst
            // Only a date whose two parts differ reads as another day the other way (`1/1/2026` does not).
            warning = dates.first { $0.date.first != $0.date.second }.map {
                at($0, "could be month/day or day/month, and no date in the file tells which; all were read as "
                    + "\(reading) (import with --date-order \(other.rawValue) if they are not)")
            }
        } else if monthFirst == dates.count {
            order = .monthFirst
            warning = nil
        } else if dayFirst == dates.count {
            order = .dayFirst
            warning = nil
        } else {
            order = dayFirst > monthFirst ? .dayFirst : .monthFirst
            let misfits = dates.count - max(monthFirst, dayFirst)
            warning = at(first, "and the file's other dates fit neither month/day nor day/month throughout; all were read as "
                + "\(order == .monthFirst ? "month/day" : "day/month"), which \(misfits) of \(dates.count) dates do not fit")
        }
    }

    /// The year-last dates in a field: the field itself, or each end of StoryGraph's reads
    /// (`3/4/2026-3/9/2026; 5/1/2026`, also separated by commas).
    static func yearLastDates(in text: String) -> [ImportDate.YearLast] {
        var dates: [ImportDate.YearLast] = []
        for part in text.split(whereSeparator: { $0 == ";" || $0 == "," }) {
            if let date = ImportDate.yearLast(String(part)) {
                dates.append(date)
                continue
            }
            for end in part.split(separator: "-") {
                if let date = ImportDate.yearLast(String(end)) { dates.append(date) }
            }
        }
        return dates
    }
}
