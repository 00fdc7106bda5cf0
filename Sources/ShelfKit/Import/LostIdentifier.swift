/// An ISBN a spreadsheet turned into a number in scientific notation (`9.78055E+12`) when it
/// re-saved the export: its last digits are gone, so the book gets no ISBN (never a wrong one)
/// and the import says so at the field.
enum LostIdentifier {
    /// The columns that hold a book's identifier in `format`'s export.
    static func columns(_ format: ImportFormat) -> [String] {
        format == .goodreads ? ["ISBN13", "ISBN"] : ["ISBN/UID", "ISBN"]
    }

    /// The warning for a row read into `book` whose identifier was lost, or `nil`.
    static func warning(_ fields: CSVRowReader, format: ImportFormat, book: Book) -> ImportRowError? {
        guard book.isbn == nil else { return nil }
        for column in columns(format) {
            guard let text = fields.text(column), ISBN.isScientificNotation(text) else { continue }
            return ImportRowError(column: column, value: text,
                                  reason: "was rounded by a spreadsheet to scientific notation; its digits are lost, so "
                                      + "the book gets no isbn (format the column as text before saving, or import a fresh export)")
        }
        return nil
    }
}
