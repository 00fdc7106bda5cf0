/// The types a book field can hold. A field's type decides how a file's value is read, how it is
/// written back, how the index stores it and how a query compares it.
package enum BookValueType: Sendable, Hashable {
    /// Text, whatever the scalar looks like: `isbn: 0441172717` keeps its leading zero.
    case text
    /// A list of text; a single value reads as a one-item list.
    case textList
    /// A whole number; a quoted one too.
    case integer
    /// A number, whole or not.
    case number
    /// A `YYYY-MM-DD` day, or the day of a timestamp.
    case day
    /// A year or a day (``Publication``).
    case publication

    /// How a query compares the field's values.
    var queryKind: QueryField.Kind {
        switch self {
        case .text, .textList: .text
        case .integer, .number: .number
        case .day, .publication: .date
        }
    }

    /// The field's column type in the index's `books` table; lists are stored joined.
    var sqlType: String {
        switch self {
        case .text, .textList, .day, .publication: "TEXT"
        case .integer: "INTEGER"
        case .number: "REAL"
        }
    }

    /// `value` typed by this type, as reading a file types it: `nil` for null, the reason it
    /// cannot be read otherwise ("should be a whole number"), completing "KEY …".
    func typed(_ value: some FieldInput) -> Result<BookValue?, FieldTypeProblem> {
        if value.isNull { return .success(nil) }
        // Text and lists read the node's text; only the other types resolve it, and resolving
        // a list built a value for every item that nothing read.
        switch self {
        case .text:
            guard let text = value.text else { return .failure(.init("should be text")) }
            return .success(.text(text))
        case .textList:
            guard let items = value.strings else { return .failure(.init("should be a list of text")) }
            // The index joins list items with U+001F (only a `"\x1f"` escape can write it), and
            // an item holding it would come back as two.
            // In UTF-8 the byte 0x1F is that character and nothing else.
            guard !items.contains(where: { $0.utf8.contains(0x1F) }) else {
                return .failure(.init("holds the control character U+001F; remove it"))
            }
            return .success(.textList(items))
        case .integer:
            guard let number = value.yamlValue.wholeNumber else { return .failure(.init("should be a whole number")) }
            return .success(.integer(number))
        case .number:
            guard let number = value.yamlValue.numberValue else { return .failure(.init("should be a number")) }
            return .success(.number(number))
        case .day:
            guard let day = value.yamlValue.dayValue else { return .failure(.init("should be a date (YYYY-MM-DD)")) }
            return .success(.day(day))
        case .publication:
            guard let publication = Publication(value.yamlValue) else {
                return .failure(.init("should be a year or a date (YYYY-MM-DD)"))
            }
            return .success(.publication(publication))
        }
    }
}

/// Why a value cannot be a field's, completing "KEY …".
struct FieldTypeProblem: Error, Sendable, Hashable {
    let reason: String
    init(_ reason: String) { self.reason = reason }
}

/// A value to type by a field's rules: a node of a file, or a value given in code
/// (``Book/setting(_:to:)``), which read alike.
protocol FieldInput {
    var yamlValue: YAMLValue { get }
    /// The text of a non-null scalar as written.
    var text: String? { get }
    /// The items as text.
    var strings: [String]? { get }
    var isNull: Bool { get }
}

extension YAMLNode: FieldInput {
    var yamlValue: YAMLValue { value }
}

extension YAMLValue: FieldInput {
    var yamlValue: YAMLValue { self }
}

/// One typed value of a book field.
enum BookValue: Sendable, Hashable {
    case text(String)
    case textList([String])
    case integer(Int)
    case number(Double)
    case day(Day)
    case publication(Publication)

    /// The front matter value; `nil` for an empty list, which a file leaves out.
    var yamlValue: YAMLValue? {
        switch self {
        case .text(let text): .string(text)
        case .textList(let items): items.isEmpty ? nil : .list(items.map(YAMLValue.string))
        case .integer(let number): .int(number)
        case .number(let number): .number(number)
        case .day(let day): .day(day)
        case .publication(let publication): publication.yamlValue
        }
    }

    /// The value as a message quotes it: text as it is, anything else as it reads in YAML.
    var messageText: String {
        switch self {
        case .text(let text): text
        default: yamlValue?.description ?? ""
        }
    }

    /// What queries test: folded text, each item of a list, numbers and the days a date covers.
    var facts: [BookFacts.Value] {
        switch self {
        case .text(let text): [.text(text)]
        case .textList(let items): items.map(BookFacts.Value.text)
        case .integer(let number): [.number(Double(number))]
        case .number(let number): [.number(number)]
        case .day(let day): [.day(day)]
        case .publication(.year(let year)):
            [BookFacts.Value(text: nil, low: Double(year * 10_000 + 101), high: Double(year * 10_000 + 1231))]
        case .publication(.day(let day)): [.day(day)]
        }
    }
}

extension Publication {
    /// `published` as a file holds it: a year or a day, plain or quoted; `2021-05`, a month,
    /// which is as exact as most people know a publication, keeps its year.
    init?(_ value: YAMLValue) {
        switch value {
        case .int(let year): self = .year(year)
        case .day(let day): self = .day(day)
        case .string(let text):
            if let year = Int(text) {
                self = .year(year)
            } else if let day = FrontMatterDocument.day(fromDateOrTimestamp: text) {
                self = .day(day)
            } else {
                let parts = text.split(separator: "-")
                guard parts.count == 2, parts[0].count == 4, parts[1].count == 2, let year = Int(parts[0]),
                      let month = Int(parts[1]), (1...12).contains(month) else { return nil }
                self = .year(year)
            }
        default: return nil
        }
    }
}
