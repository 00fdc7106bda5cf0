public import Foundation
public import ShelfMetadata

/// Open Library (openlibrary.org), the first ``MetadataSource``: free, open data, no key.
///
/// An ISBN is read as `/isbn/{isbn}.json`, which redirects to the edition
/// (`/books/OL…M.json`); then its work (`/works/OL…W.json`: the first publication date,
/// description, subjects, and the authors when the edition names none) and its authors
/// (`/authors/OL…A.json`). A search is `/search.json`, one candidate per work with the edition
/// its cover is from. Covers come from the covers host by cover id, `/b/id/{id}-L.jpg`, then
/// `-M`, always with `?default=false`, so that a missing cover is a 404 and never the blank
/// placeholder Open Library serves otherwise.
public struct OpenLibrary: MetadataSource {
    /// The API's base address: `https://openlibrary.org`.
    public let baseURL: URL
    /// The covers' base address: `https://covers.openlibrary.org`.
    public let coversURL: URL
    /// The client every request goes through.
    public let client: HTTPClient

    public var name: String { "Open Library" }
    public var idKey: String { "openlibrary" }

    /// The service's own addresses.
    public static let defaultBaseURL = "https://openlibrary.org"
    /// The covers' own address.
    public static let defaultCoversURL = "https://covers.openlibrary.org"

    /// Open Library at `baseURL` and `coversURL` (a test's replay server, or `SHELF_OPENLIBRARY_URL`
    /// and `SHELF_COVERS_URL`), through `client`.
    public init(baseURL: URL, coversURL: URL, client: HTTPClient) {
        self.baseURL = baseURL
        self.coversURL = coversURL
        self.client = client
    }

    public func isEditionID(_ text: String) -> Bool {
        text.hasPrefix("OL") && text.hasSuffix("M") && text.count > 3
            && text.dropFirst(2).dropLast().allSatisfy { $0.isASCII && $0.isNumber }
    }

    public func edition(isbn: ISBNNumber) async throws(MetadataError) -> EditionRecord {
        let url = address("/isbn/\(isbn.thirteen).json")
        let response = try await client.get(url)
        guard response.status != 404 else { throw .notFound(service: name, what: "a book with ISBN \(isbn)", url: url.absoluteString) }
        return try await record(fromEdition: try JSONObject.parse(response.body, from: url.absoluteString), url: url, isbn: isbn)
    }

    public func edition(id: String) async throws(MetadataError) -> EditionRecord {
        guard isEditionID(id) else {
            throw .malformedResponse(url: id, reason: "\(id) is not an Open Library edition id (OL…M)")
        }
        let url = address("/books/\(id).json")
        let response = try await client.get(url)
        guard response.status != 404 else { throw .notFound(service: name, what: "the edition \(id)", url: url.absoluteString) }
        return try await record(fromEdition: try JSONObject.parse(response.body, from: url.absoluteString), url: url, isbn: nil)
    }

    public func search(title: String, author: String?, limit: Int) async throws(MetadataError) -> [EditionCandidate] {
        var query = [URLQueryItem(name: "title", value: title)]
        if let author { query.append(URLQueryItem(name: "author", value: author)) }
        query.append(URLQueryItem(name: "fields", value: "key,title,author_name,first_publish_year,number_of_pages_median,publisher,"
                                  + "cover_edition_key,edition_key"))
        query.append(URLQueryItem(name: "limit", value: String(limit)))
        let url = address("/search.json", query: query)
        let response = try await client.get(url)
        guard response.status != 404 else { throw .notFound(service: name, what: "a search", url: url.absoluteString) }
        let answer = try JSONObject.parse(response.body, from: url.absoluteString)
        guard answer.objects("docs").count > 0 || answer.integer("numFound") != nil else {
            throw .malformedResponse(url: url.absoluteString, reason: "it has no docs")
        }
        return answer.objects("docs").compactMap { doc in
            guard let title = doc.string("title"),
                  let edition = doc.string("cover_edition_key") ?? doc.strings("edition_key").first, isEditionID(edition) else { return nil }
            return EditionCandidate(id: edition, title: title, authors: doc.strings("author_name"), year: doc.integer("first_publish_year"),
                                    pages: doc.integer("number_of_pages_median"), publisher: doc.strings("publisher").first)
        }.prefix(limit).map { $0 }
    }

    public func cover(of record: EditionRecord) async throws(MetadataError) -> CoverImage? {
        guard let id = record.coverID, id > 0 else { return nil }
        for size in ["L", "M"] {
            let url = address("/b/id/\(id)-\(size).jpg", query: [URLQueryItem(name: "default", value: "false")], base: coversURL)
            let response = try await client.get(url, cached: false)
            if response.status == 404 { continue }
            return try CoverImage(bytes: response.body, from: url.absoluteString)
        }
        return nil
    }

    // MARK: - Records

    /// The record of an edition, with its work and authors read.
    private func record(fromEdition edition: JSONObject, url: URL, isbn: ISBNNumber?) async throws(MetadataError) -> EditionRecord {
        let location = url.absoluteString
        guard let key = edition.string("key"), let id = key.split(separator: "/").last.map(String.init), isEditionID(id) else {
            throw .malformedResponse(url: location, reason: "it has no edition key (/books/OL…M)")
        }
        guard let title = edition.string("title") else { throw .malformedResponse(url: location, reason: "the edition has no title") }
        var work: JSONObject?
        if let workKey = edition.objects("works").first?.string("key"), workKey.hasPrefix("/works/") {
            let workURL = address(workKey + ".json")
            let response = try await client.get(workURL)
            if response.status != 404 { work = try JSONObject.parse(response.body, from: workURL.absoluteString) }
        }
        var authorKeys = edition.objects("authors").compactMap { $0.string("key") }
        if authorKeys.isEmpty, let work {
            authorKeys = work.objects("authors").compactMap { $0.object("author")?.string("key") ?? $0.string("key") }
        }
        var authors: [String] = []
        for authorKey in authorKeys.prefix(8) where authorKey.hasPrefix("/authors/") {
            let authorURL = address(authorKey + ".json")
            let response = try await client.get(authorURL)
            guard response.status != 404 else { continue }
            let author = try JSONObject.parse(response.body, from: authorURL.absoluteString)
            if let name = author.string("name") ?? author.string("personal_name"), !authors.contains(name) { authors.append(name) }
        }
        // The ISBN asked for wins: an edition record may list several, and the one typed is the
        // copy the person has.
        let isbn13 = isbn ?? edition.strings("isbn_13").compactMap { try? ISBNNumber($0) }.first
            ?? edition.strings("isbn_10").compactMap { try? ISBNNumber($0) }.first
        let firstPublished = work?.string("first_publish_date").flatMap(PublishDate.publication)
        let language = edition.objects("languages").first?.string("key").flatMap { $0.split(separator: "/").last }
            .map { LanguageCode.iso639_1(marc: String($0)) }
        return EditionRecord(
            id: id, title: title, subtitle: edition.string("subtitle"), authors: authors, isbn: isbn13?.thirteen,
            published: firstPublished ?? edition.string("publish_date").flatMap(PublishDate.publication),
            pages: edition.integer("number_of_pages").flatMap { $0 > 0 ? $0 : nil },
            publisher: edition.strings("publishers").first, language: language,
            coverID: (edition.integers("covers") + (work?.integers("covers") ?? [])).first { $0 > 0 },
            description: work?.text("description"), subjects: work?.strings("subjects") ?? [])
    }

    /// `path` under the base address (or `base`), with `query`.
    private func address(_ path: String, query: [URLQueryItem] = [], base: URL? = nil) -> URL {
        let root = (base ?? baseURL).absoluteString
        let trimmed = root.hasSuffix("/") ? String(root.dropLast()) : root
        var components = URLComponents(string: trimmed + path)
        if !query.isEmpty { components?.queryItems = query }
        return components?.url ?? base ?? baseURL
    }
}
