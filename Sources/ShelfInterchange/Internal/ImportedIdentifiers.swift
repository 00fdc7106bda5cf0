import ShelfKit

/// The identifiers in a row's ISBN columns, each put under the key that fits it, so that `isbn`
/// only ever holds a valid ISBN and `shelf check` passes on a fresh import:
///
/// - a valid ISBN-10 or ISBN-13 → `isbn` (the first column's, when several are valid); nine
///   digits that make a valid ISBN-10 with a leading `0` are that ISBN, the zero a spreadsheet
///   dropped;
/// - an Amazon ASIN (`B00085PI0E`) → `asin`;
/// - in StoryGraph's `ISBN/UID`, an id of its own (`38549081`: letters, digits, hyphens, not
///   10 to 13 digits) → `storygraph_uid`;
/// - anything else, such as an ISBN of the wrong length or check digit (`978152939268`) →
///   `isbn_invalid`, with a warning naming the column, so the value is never lost.
struct ImportedIdentifiers {
    private(set) var isbn: String?
    private var isbnColumn = ""
    private var asin: String?
    private var storyGraphID: String?
    private var invalid: [(column: String, value: String, problem: String)] = []
    /// Cells a spreadsheet rounded to scientific notation (`9.78055E+12`), as written.
    private var lost: [(column: String, value: String)] = []

    /// Reads a Goodreads `ISBN13` or `ISBN` cell: an ISBN, an ASIN, or something kept aside.
    mutating func readISBN(_ text: String?, column: String) {
        read(text, column: column, ownID: false)
    }

    /// Reads StoryGraph's `ISBN/UID` cell, which holds an ISBN, an ASIN or StoryGraph's own id.
    mutating func readStoryGraphID(_ text: String?, column: String) {
        read(text, column: column, ownID: true)
    }

    private mutating func read(_ text: String?, column: String, ownID: Bool) {
        guard let text, let unwrapped = ISBN.exported(text) else { return }
        if ISBN.isScientificNotation(unwrapped) {
            lost.append((column, text))
            return
        }
        let value = ISBN.spreadsheetRepaired(unwrapped)
        if ISBN.isASIN(value) {
            addASIN(value, column: column)
        } else if let valid = Self.validISBN(value, lostZeros: ownID ? 1 : 3) {
            addISBN(valid, column: column)
        } else if ownID, !Self.looksLikeISBN(value),
                  text.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }) {
            storyGraphID = storyGraphID ?? text
        } else {
            addInvalid(value, column: column)
        }
    }

    /// `asin`, `storygraph_uid` and `isbn_invalid` (a list when several values were set aside).
    var extra: [YAMLValue.Entry] {
        var entries: [YAMLValue.Entry] = []
        if let asin { entries.append(.init("asin", .string(asin))) }
        if let storyGraphID { entries.append(.init("storygraph_uid", .string(storyGraphID))) }
        var values: [String] = []
        for item in invalid where !values.contains(item.value) { values.append(item.value) }
        if values.count == 1 { entries.append(.init("isbn_invalid", .string(values[0]))) }
        if values.count > 1 { entries.append(.init("isbn_invalid", .list(values.map(YAMLValue.string)))) }
        return entries
    }

    /// One warning per value set aside as `isbn_invalid`, and one for a cell whose digits a
    /// spreadsheet lost when the book has no ISBN from another.
    var warnings: [ImportRowError] {
        let setAside = invalid.map { item in
            let used = isbn.map { ", isbn is \(isbnColumn)'s \($0)" } ?? ""
            return ImportRowError(column: item.column, value: item.value,
                                  reason: "is not a valid ISBN (\(item.problem)); kept as isbn_invalid\(used)")
        }
        let rounded = isbn == nil ? lost.prefix(1).map { item in
            ImportRowError(column: item.column, value: item.value,
                           reason: "was rounded by a spreadsheet to scientific notation; its digits are lost, so the book "
                               + "gets no isbn (format the column as text before saving, or import a fresh export)")
        } : []
        return setAside + rounded
    }

    private mutating func addISBN(_ value: String, column: String) {
        guard isbn == nil else { return }
        (isbn, isbnColumn) = (value, column)
    }

    private mutating func addASIN(_ value: String, column: String) {
        let upper = value.uppercased()
        if asin == nil { asin = upper } else if asin != upper { invalid.append((column, value, "a second ASIN")) }
    }

    private mutating func addInvalid(_ value: String, column: String) {
        invalid.append((column, value, ISBN.problem(with: value) ?? "not an ISBN"))
    }

    /// `value` when it is a valid ISBN, or the ISBN-10 it makes with the leading zeros a
    /// spreadsheet dropped (`140143505` → `0140143505`, `62378791` → `0062378791`); `nil`
    /// otherwise. Goodreads' ISBN columns hold nothing but ISBNs, so up to three lost zeros are
    /// put back there; StoryGraph's `ISBN/UID` also holds short numeric ids of its own, so one.
    static func validISBN(_ value: String, lostZeros: Int = 1) -> String? {
        if ISBN.problem(with: value) == nil { return value.uppercased() }
        guard value.count < 10, 10 - value.count <= lostZeros, value.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == "X") }) else {
            return nil
        }
        let padded = String(repeating: "0", count: 10 - value.count) + value
        return ISBN.problem(with: padded) == nil ? padded : nil
    }

    /// Ten to thirteen digits (an ISBN-10 may end in `X`): an ISBN with a wrong length or check
    /// digit, not some other id.
    private static func looksLikeISBN(_ value: String) -> Bool {
        guard (10...13).contains(value.count) else { return false }
        let digits = value.last.map { "Xx".contains($0) } == true ? value.dropLast() : Substring(value)
        return digits.allSatisfy { $0.isASCII && $0.isNumber }
    }
}
