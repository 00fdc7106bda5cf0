/// A book as JSON, for an app to keep a book across launches: every field by its Swift name,
/// `extra` as an object, dates as `YYYY-MM-DD`, and the ``version`` it was read from, so that a
/// book restored after a relaunch still saves only what was changed in it.
extension Book: Codable {
    private enum CodingKeys: String, CodingKey {
        case id, status, folder, path, title, subtitle, authors, isbn, published, pages, publisher, language
        case series, seriesIndex, tags, rating, added, started, finished, cover, extra, body, version
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            id: try container.decode(BookID.self, forKey: .id),
            status: try container.decodeIfPresent(Status.self, forKey: .status) ?? .toRead,
            folder: try container.decodeIfPresent(String.self, forKey: .folder) ?? "",
            path: try container.decodeIfPresent(String.self, forKey: .path) ?? "",
            title: try container.decode(String.self, forKey: .title),
            subtitle: try container.decodeIfPresent(String.self, forKey: .subtitle),
            authors: try container.decodeIfPresent([String].self, forKey: .authors) ?? [],
            isbn: try container.decodeIfPresent(String.self, forKey: .isbn),
            published: try container.decodeIfPresent(Publication.self, forKey: .published),
            pages: try container.decodeIfPresent(Int.self, forKey: .pages),
            publisher: try container.decodeIfPresent(String.self, forKey: .publisher),
            language: try container.decodeIfPresent(String.self, forKey: .language),
            series: try container.decodeIfPresent(String.self, forKey: .series),
            seriesIndex: try container.decodeIfPresent(Double.self, forKey: .seriesIndex),
            tags: try container.decodeIfPresent([String].self, forKey: .tags) ?? [],
            rating: try container.decodeIfPresent(Double.self, forKey: .rating),
            added: try container.decodeIfPresent(Day.self, forKey: .added),
            started: try container.decodeIfPresent(Day.self, forKey: .started),
            finished: try container.decodeIfPresent(Day.self, forKey: .finished),
            cover: try container.decodeIfPresent(String.self, forKey: .cover),
            extra: try container.decodeIfPresent(JSONYAMLValue.self, forKey: .extra)?.entries ?? [],
            body: try container.decodeIfPresent(String.self, forKey: .body) ?? ""
        )
        version = try container.decodeIfPresent(BookVersion.self, forKey: .version)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(status, forKey: .status)
        try container.encode(folder, forKey: .folder)
        try container.encode(path, forKey: .path)
        try container.encode(title, forKey: .title)
        try container.encodeIfPresent(subtitle, forKey: .subtitle)
        try container.encode(authors, forKey: .authors)
        try container.encodeIfPresent(isbn, forKey: .isbn)
        try container.encodeIfPresent(published, forKey: .published)
        try container.encodeIfPresent(pages, forKey: .pages)
        try container.encodeIfPresent(publisher, forKey: .publisher)
        try container.encodeIfPresent(language, forKey: .language)
        try container.encodeIfPresent(series, forKey: .series)
        try container.encodeIfPresent(seriesIndex, forKey: .seriesIndex)
        try container.encode(tags, forKey: .tags)
        try container.encodeIfPresent(rating, forKey: .rating)
        try container.encodeIfPresent(added, forKey: .added)
        try container.encodeIfPresent(started, forKey: .started)
        try container.encodeIfPresent(finished, forKey: .finished)
        try container.encodeIfPresent(cover, forKey: .cover)
        try container.encode(JSONYAMLValue(.mapping(extra)), forKey: .extra)
        try container.encode(body, forKey: .body)
        try container.encodeIfPresent(version, forKey: .version)
    }
}
