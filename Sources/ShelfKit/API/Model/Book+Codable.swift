/// A book as JSON, for an app to keep a book across launches: where its file is, every field of
/// ``BookSchema`` by its Swift name (``BookField/propertyName``: `seriesIndex`), `extra` as an
/// object, `body`, dates as `YYYY-MM-DD`, and the ``version`` it was read from, so that a book
/// restored after a relaunch still saves only what was changed in it. Lists are always written,
/// empty ones too; other fields only when the book has a value.
extension Book: Codable {
    private struct CodingKeys: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }

        static let id = CodingKeys(stringValue: "id"), status = CodingKeys(stringValue: "status")
        static let folder = CodingKeys(stringValue: "folder"), path = CodingKeys(stringValue: "path")
        static let extra = CodingKeys(stringValue: "extra"), body = CodingKeys(stringValue: "body")
        static let version = CodingKeys(stringValue: "version")
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            id: try container.decode(BookID.self, forKey: .id),
            status: try container.decodeIfPresent(Status.self, forKey: .status) ?? .toRead,
            folder: try container.decodeIfPresent(String.self, forKey: .folder) ?? "",
            path: try container.decodeIfPresent(String.self, forKey: .path) ?? "",
            title: "",
            extra: try container.decodeIfPresent(JSONYAMLValue.self, forKey: .extra)?.entries ?? [],
            body: try container.decodeIfPresent(String.self, forKey: .body) ?? ""
        )
        for field in BookSchema.fields {
            field.set(&self, try Self.decode(field, in: container))
        }
        version = try container.decodeIfPresent(BookVersion.self, forKey: .version)
    }

    /// A field's value; a required one must be there, as `decode` rather than `decodeIfPresent` has it.
    private static func decode(_ field: BookField, in container: KeyedDecodingContainer<CodingKeys>) throws -> BookValue? {
        let key = CodingKeys(stringValue: field.propertyName)
        func value<Value: Decodable>(_ type: Value.Type) throws -> Value? {
            field.isRequired ? try container.decode(type, forKey: key) : try container.decodeIfPresent(type, forKey: key)
        }
        switch field.valueType {
        case .text: return try value(String.self).map(BookValue.text)
        case .textList: return try value([String].self).map(BookValue.textList)
        case .integer: return try value(Int.self).map(BookValue.integer)
        case .number: return try value(Double.self).map(BookValue.number)
        case .day: return try value(Day.self).map(BookValue.day)
        case .publication: return try value(Publication.self).map(BookValue.publication)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(status, forKey: .status)
        try container.encode(folder, forKey: .folder)
        try container.encode(path, forKey: .path)
        for field in BookSchema.fields {
            let key = CodingKeys(stringValue: field.propertyName)
            switch field.get(self) {
            case .text(let text)?: try container.encode(text, forKey: key)
            case .textList(let items)?: try container.encode(items, forKey: key)
            case .integer(let number)?: try container.encode(number, forKey: key)
            case .number(let number)?: try container.encode(number, forKey: key)
            case .day(let day)?: try container.encode(day, forKey: key)
            case .publication(let publication)?: try container.encode(publication, forKey: key)
            case nil: if field.valueType == .textList { try container.encode([String](), forKey: key) }
            }
        }
        try container.encode(JSONYAMLValue(.mapping(extra)), forKey: .extra)
        try container.encode(body, forKey: .body)
        try container.encodeIfPresent(version, forKey: .version)
    }
}
