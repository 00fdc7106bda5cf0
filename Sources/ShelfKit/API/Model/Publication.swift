/// When a book was published: a year, as most people know it, or an exact day.
public enum Publication: Sendable, Hashable, Codable, CustomStringConvertible {
    /// `published: 1965`.
    case year(Int)
    /// `published: 1965-08-01`.
    case day(Day)

    /// The year, whichever form was written.
    public var year: Int {
        switch self {
        case .year(let year): year
        case .day(let day): day.year
        }
    }

    /// The exact day, when one was written.
    public var day: Day? {
        if case .day(let day) = self { return day }
        return nil
    }

    /// The year or `YYYY-MM-DD`, as written in front matter.
    public var description: String {
        switch self {
        case .year(let year): String(year)
        case .day(let day): day.description
        }
    }

    /// The front matter value.
    var yamlValue: YAMLValue {
        switch self {
        case .year(let year): .int(year)
        case .day(let day): .day(day)
        }
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let year = try? container.decode(Int.self) {
            self = .year(year)
        } else {
            self = .day(try container.decode(Day.self))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .year(let year): try container.encode(year)
        case .day(let day): try container.encode(day)
        }
    }
}
