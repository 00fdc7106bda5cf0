/// A place in a book, as the reader sees it: a page (`120`), a percent (`45%`, e-readers), a
/// location (`loc 3400`, Kindle) or a time into an audiobook (`3h20m`).
///
/// Parsing and writing are here alone: a session file's `from` and `to` hold a plain number for
/// a page and these texts for the others; the command line also takes `3:20` for a time.
/// A position other than a page is measured against the book's total in its unit
/// (`BookExtent`): a percent always, a location with `locations`, a time with `duration`.
public enum ReadingPosition: Sendable, Hashable, Codable, CustomStringConvertible {
    /// A page, 0 or more.
    case page(Int)
    /// A whole percent, 0 to 100.
    case percent(Int)
    /// An e-reader location, 0 or more.
    case location(Int)
    /// Minutes into an audiobook, 0 or more.
    case time(minutes: Int)

    /// The unit of a position, to compare positions of one unit only.
    public enum Unit: String, Sendable, Hashable, Codable {
        case page, percent, location, time
    }

    /// The position's unit.
    public var unit: Unit {
        switch self {
        case .page: .page
        case .percent: .percent
        case .location: .location
        case .time: .time
        }
    }

    /// The number in the position's unit (the page, the percent, the location, the minutes).
    public var value: Int {
        switch self {
        case .page(let value), .percent(let value), .location(let value), .time(minutes: let value): value
        }
    }

    /// The page, when the position is one.
    public var page: Int? {
        if case .page(let page) = self { return page }
        return nil
    }

    /// The start of the book in `unit`: page 1, 0%, location 0, no time in.
    package static func start(in unit: Unit) -> ReadingPosition {
        switch unit {
        case .page: .page(1)
        case .percent: .percent(0)
        case .location: .location(0)
        case .time: .time(minutes: 0)
        }
    }

    /// Parses a position as a person types it: `120`, `45%`, `loc 3400` (also `loc3400`,
    /// `location 3400`), `3h20m`, `3h`, `20m`, `3:20`. `nil` for anything else, a negative
    /// number or a percent above 100 included.
    public init?(_ text: some StringProtocol) {
        let trimmed = text.utf8.drop { $0 == UInt8(ascii: " ") }.reversed().drop { $0 == UInt8(ascii: " ") }.reversed()
        let string = String(decoding: trimmed, as: UTF8.self)
        if let page = Self.wholeNumber(string[...]) {
            self = .page(page)
        } else if string.hasSuffix("%") {
            guard let percent = Self.wholeNumber(string.dropLast()), percent <= 100 else { return nil }
            self = .percent(percent)
        } else if let prefix = ["location", "loc"].first(where: { string.lowercased().hasPrefix($0) }) {
            let number = string.dropFirst(prefix.count).drop { $0 == " " }
            guard let location = Self.wholeNumber(number) else { return nil }
            self = .location(location)
        } else if let minutes = ReadingDuration.minutes(string), string.contains(where: { "hm:".contains($0) }) {
            self = .time(minutes: minutes)
        } else {
            return nil
        }
    }

    /// The position as a file holds it: `120`, `45%`, `loc 3400`, `3h20m`. Parsing it gives the
    /// position back.
    public var description: String {
        switch self {
        case .page(let page): String(page)
        case .percent(let percent): "\(percent)%"
        case .location(let location): "loc \(location)"
        case .time(let minutes): ReadingDuration.text(minutes)
        }
    }

    /// The position in words, for messages: `page 120`, `45%`, `location 3400`, `3h20m`.
    package var spoken: String {
        switch self {
        case .page(let page): "page \(page)"
        case .location(let location): "location \(location)"
        case .percent, .time: description
        }
    }

    private static func wholeNumber(_ text: Substring) -> Int? {
        guard !text.isEmpty, text.utf8.count <= 9, text.utf8.allSatisfy({ (48...57).contains($0) }) else { return nil }
        return Int(text)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let page = try? container.decode(Int.self) {
            self = .page(page)
            return
        }
        let text = try container.decode(String.self)
        guard let position = ReadingPosition(text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "not a position: \"\(text)\"")
        }
        self = position
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if case .page(let page) = self { try container.encode(page) } else { try container.encode(description) }
    }
}
