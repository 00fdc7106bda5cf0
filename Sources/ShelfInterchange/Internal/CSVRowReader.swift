import ShelfKit

/// The fields of one CSV row, found by header name, so exports that add, drop or reorder
/// columns read the same.
struct CSVRowReader {
    let columns: [String: Int]
    let row: CSVTable.Row
    /// How the file writes dates with the year last (`3/4/2026`), decided for the whole file.
    var dayOrder: ImportDayOrder

    /// A reader for `row`; `columns` maps header names to positions.
    init(columns: [String: Int], row: CSVTable.Row, dayOrder: ImportDayOrder = .monthFirst) {
        self.columns = columns
        self.row = row
        self.dayOrder = dayOrder
    }

    /// A header's positions by name; the first of repeated names wins.
    static func positions(of header: [String]) -> [String: Int] {
        var positions: [String: Int] = [:]
        for (index, name) in header.enumerated() where positions[name] == nil { positions[name] = index }
        return positions
    }

    /// The 1-based position of a column, for messages; 0 when the file has no such column.
    func position(of column: String) -> Int {
        columns[column].map { $0 + 1 } ?? 0
    }

    /// The field's text with surrounding spaces removed, or `nil` when it is empty or missing.
    func text(_ column: String) -> String? {
        guard let index = columns[column], index < row.fields.count else { return nil }
        let text = row.fields[index].trimmingSpaces()
        return text.isEmpty ? nil : text
    }

    /// The field as written, line breaks and all, or `nil` when it is blank.
    func rawText(_ column: String) -> String? {
        guard let index = columns[column], index < row.fields.count else { return nil }
        let text = row.fields[index]
        return text.trimmingSpaces().isEmpty ? nil : text
    }

    /// A whole number, or `nil` when blank; also as a spreadsheet writes it back (`5.0`, `1,007`,
    /// see ``SpreadsheetNumber``).
    func integer(_ column: String) throws(ImportRowError) -> Int? {
        guard let text = text(column) else { return nil }
        guard let value = SpreadsheetNumber.whole(text) else { throw ImportRowError(column: column, value: text, reason: "should be a whole number") }
        return value
    }

    /// A number, or `nil` when blank; a decimal comma (`4,5`) is read too.
    func number(_ column: String) throws(ImportRowError) -> Double? {
        guard let text = text(column) else { return nil }
        guard let value = SpreadsheetNumber.decimal(text) else {
            throw ImportRowError(column: column, value: text, reason: "should be a number")
        }
        return value
    }

    /// A day written `YYYY/MM/DD` (or `YYYY-MM-DD`, or with the year last as a spreadsheet
    /// writes it back, read in the file's ``dayOrder``), or `nil` when blank.
    func day(_ column: String) throws(ImportRowError) -> Day? {
        guard let text = text(column) else { return nil }
        guard let day = ImportDate.day(text, order: dayOrder) else {
            throw ImportRowError(column: column, value: text, reason: "should be a date (YYYY/MM/DD)")
        }
        return day
    }

    /// A comma-separated list, each item trimmed, empty items dropped.
    func list(_ column: String) -> [String] {
        guard let text = text(column) else { return [] }
        return text.split(separator: ",").map { String($0).trimmingSpaces() }.filter { !$0.isEmpty }
    }
}
