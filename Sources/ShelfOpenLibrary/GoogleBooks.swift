public import Foundation
public import ShelfMetadata
import ShelfKit

/// Google Books' volumes API (`https://www.googleapis.com/books/v1`), the second
/// ``MetadataSource``: used only when chosen (`SHELF_METADATA_SOURCE=googlebooks`), no key needed
/// for these reads.
///
/// An ISBN is `/volumes?q=isbn:{isbn}`, the first volume found; a volume by id is
/// `/volumes/{id}`; a search is `/volumes?q=intitle:…+inauthor:…`. A volume's `volumeInfo`
/// holds everything at once (no work or author records to follow). Its cover is the largest
/// of `imageLinks` that it names, by address, checked to be an image like every cover.
public struct GoogleBooks: MetadataSource {
    /// The API's base address: `https://www.googleapis.com/books/v1`.
    public let baseURL: URL
    /// The client every request goes through.
    public let client: HTTPClient

    public var name: String { "Google Books" }
    public var idKey: String { "googlebooks" }

    /// The service's own address.
    public static let defaultBaseURL = "https://www.googleapis.com/books/v1"

    /// Google Books at `baseURL` (a test's replay server, or `SHELF_GOOGLEBOOKS_URL`), through `client`.
    public init(baseURL: URL, client: HTTPClient) {
        self.baseURL = baseURL
        self.client = client
    }

    /// A volume id: twelve letters, digits, `-` or `_` (`B1hSG45JCX4C`).
    public func isEditionID(_ text: String) -> Bool {
        text.count == 12 && text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }
    }

    public func edition(isbn: ISBNNumber) async throws(MetadataError) -> EditionRecord {
        let url = address("/volumes", query: [URLQueryItem(name: "q", value: "isbn:\(isbn.thirteen)")])
        let answer = try await object(at: url, what: "a book with ISBN \(isbn)")
        guard let volume = answer.objects("items").first else {
            throw .notFound(service: name, what: "a book with ISBN \(isbn)", url: url.absoluteString)
        }
        return try record(volume, url: url, isbn: isbn)
    }

    public func edition(id: String) async throws(MetadataError) -> EditionRecord {
        guard isEditionID(id) else {
            throw .malformedResponse(url: id, reason: "\(id) is not a Google Books volume id (twelve letters and digits)")
        }
        let url = address("/volumes/\(id)")
        return try record(try await object(at: url, what: "the volume \(id)"), url: url, isbn: nil)
    }

    public func search(title: String, author: String?, limit: Int) async throws(MetadataError) -> [EditionCandidate] {
        var terms = "intitle:\(title)"
        if let author { terms += " inauthor:\(author)" }
        let url = address("/volumes", query: [URLQueryItem(name: "q", value: terms),
                                              URLQueryItem(name: "maxResults", value: String(min(max(limit, 1), 40)))])
        let answer = try await object(at: url, what: "a search")
        return answer.objects("items").compactMap { volume -> EditionCandidate? in
            guard let id = volume.string("id"), isEditionID(id), let info = volume.object("volumeInfo"),
                  let title = info.string("title") else { return nil }
            return EditionCandidate(id: id, title: title, authors: info.strings("authors"),
                                    year: info.string("publishedDate").flatMap(PublishDate.publication)?.year,
                                    pages: info.integer("pageCount").flatMap { $0 > 0 ? $0 : nil }, publisher: info.string("publisher"))
        }.prefix(limit).map { $0 }
    }

    public func cover(of record: EditionRecord) async throws(MetadataError) -> CoverImage? {
        guard let address = record.coverAddress, let url = URL(string: address) else { return nil }
        let response = try await client.get(url, cached: false)
        guard response.status != 404 else { return nil }
        return try CoverImage(bytes: response.body, from: url.absoluteString)
    }

    // MARK: - Records

    /// The JSON object at `url`; a 404 is ``MetadataError/notFound(service:what:url:)``.
    private func object(at url: URL, what: String) async throws(MetadataError) -> JSONObject {
        let response = try await client.get(url)
        guard response.status != 404 else { throw .notFound(service: name, what: what, url: url.absoluteString) }
        return try JSONObject.parse(response.body, from: url.absoluteString)
    }

    /// The record of a volume.
    private func record(_ volume: JSONObject, url: URL, isbn: ISBNNumber?) throws(MetadataError) -> EditionRecord {
        let location = url.absoluteString
        guard let id = volume.string("id"), isEditionID(id) else { throw .malformedResponse(url: location, reason: "the volume has no id") }
        guard let info = volume.object("volumeInfo"), let title = info.string("title") else {
            throw .malformedResponse(url: location, reason: "the volume has no title")
        }
        let identifiers = info.objects("industryIdentifiers")
        // The ISBN asked for wins, as with Open Library.
        let isbn13 = isbn ?? identifiers.first { $0.string("type") == "ISBN_13" }?.string("identifier").flatMap { try? ISBNNumber($0) }
            ?? identifiers.first { $0.string("type") == "ISBN_10" }?.string("identifier").flatMap { try? ISBNNumber($0) }
        let images = info.object("imageLinks")
        let cover = ["extraLarge", "large", "medium", "thumbnail", "smallThumbnail"].lazy.compactMap { images?.string($0) }.first
        return EditionRecord(
            id: id, title: title, subtitle: info.string("subtitle"), authors: info.strings("authors"), isbn: isbn13?.thirteen,
            published: info.string("publishedDate").flatMap(PublishDate.publication),
            pages: info.integer("pageCount").flatMap { $0 > 0 ? $0 : nil }, publisher: info.string("publisher"),
            language: info.string("language"), coverAddress: cover, description: info.text("description"),
            subjects: info.strings("categories"))
    }

    /// `path` under the base address, with `query`.
    private func address(_ path: String, query: [URLQueryItem] = []) -> URL {
        let root = baseURL.absoluteString
        let trimmed = root.hasSuffix("/") ? String(root.dropLast()) : root
        var components = URLComponents(string: trimmed + path)
        if !query.isEmpty { components?.queryItems = query }
        return components?.url ?? baseURL
    }
}
