import ArgumentParser
import Foundation
import ShelfKit
import ShelfMetadata

/// The metadata source the commands ask (Open Library), set up from the environment:
/// `SHELF_OPENLIBRARY_URL` and `SHELF_COVERS_URL` for the addresses (a mirror, a test's replay
/// server), `SHELF_HTTP_TIMEOUT` for the seconds a request may take and
/// `SHELF_REQUEST_INTERVAL` for the seconds between two requests to one host. Answers are
/// kept in the library's `.shelf/cache/openlibrary/`.
enum MetadataService {
    /// The source for `library`, polite at `interval` seconds between requests unless the
    /// environment says otherwise: a bulk run goes at one a second, a single book at once.
    static func source(for library: FileLibrary, bulk: Bool,
                       environment: [String: String] = ProcessInfo.processInfo.environment) async throws -> any MetadataSource {
        let base = try url(environment["SHELF_OPENLIBRARY_URL"] ?? OpenLibrary.defaultBaseURL, variable: "SHELF_OPENLIBRARY_URL")
        let covers = try url(environment["SHELF_COVERS_URL"] ?? OpenLibrary.defaultCoversURL, variable: "SHELF_COVERS_URL")
        let timeout = try seconds(environment["SHELF_HTTP_TIMEOUT"], variable: "SHELF_HTTP_TIMEOUT") ?? 20
        let interval = try seconds(environment["SHELF_REQUEST_INTERVAL"], variable: "SHELF_REQUEST_INTERVAL") ?? (bulk ? 1 : 0)
        let cache = try await library.cacheFolder("openlibrary")
        let client = HTTPClient(configuration: HTTPClient.Configuration(version: Shelf.configuration.version, timeout: timeout,
                                                                        minimumInterval: interval, cacheFolder: cache))
        return OpenLibrary(baseURL: base, coversURL: covers, client: client)
    }

    private static func url(_ text: String, variable: String) throws -> URL {
        guard let url = URL(string: text), let scheme = url.scheme, ["http", "https"].contains(scheme), url.host != nil else {
            throw CommandFailure(message: "\(variable) should be an http or https address, not \"\(text)\"")
        }
        return url
    }

    private static func seconds(_ text: String?, variable: String) throws -> Double? {
        guard let text else { return nil }
        guard let value = Double(text), value >= 0, value.isFinite else {
            throw CommandFailure(message: "\(variable) should be a number of seconds, not \"\(text)\"")
        }
        return value
    }

    /// The cover of `record` as an attachment named in `cover`, or `nil` when it has none.
    static func coverAttachment(of record: EditionRecord, from source: any MetadataSource) async throws -> BookAttachment? {
        guard let image = try await source.cover(of: record) else { return nil }
        return BookAttachment(fileExtension: image.kind.fileExtension, bytes: image.bytes, key: "cover")
    }

    /// `Dune — Frank Herbert, 1965, 535 pages, Ace Books`.
    static func describe(_ candidate: EditionCandidate) -> String {
        var parts: [String] = []
        if !candidate.authors.isEmpty { parts.append(candidate.authors.joined(separator: ", ")) }
        if let year = candidate.year { parts.append(String(year)) }
        if let pages = candidate.pages { parts.append("\(pages) pages") }
        if let publisher = candidate.publisher { parts.append(publisher) }
        return candidate.title + (parts.isEmpty ? "" : " — " + parts.joined(separator: ", "))
    }
}
