internal import Foundation
internal import ShelfCLI
internal import ShelfKit
internal import ShelfMetadata
internal import ShelfOpenLibrary

// `shelf` with the network: the same commands, with Open Library as the metadata source of
// `add --isbn`, `add --lookup` and `fetch`, which `shelf` hands the process to.
//
// The source is set up from the environment: `SHELF_OPENLIBRARY_URL` and `SHELF_COVERS_URL` for
// the addresses (a mirror, a test's replay server), `SHELF_HTTP_TIMEOUT` for the seconds a
// request may take and `SHELF_REQUEST_INTERVAL` for the seconds between two requests to one
// host (one in a bulk run, none for one book). Answers are kept in `.shelf/cache/openlibrary/`.
// `SHELF_METADATA_SOURCE=googlebooks` chooses Google Books instead (`SHELF_GOOGLEBOOKS_URL` for
// its address, answers in `.shelf/cache/googlebooks/`).

/// An address from the environment.
func address(_ name: String, default value: String, in environment: [String: String]) throws(MetadataError) -> URL {
    let text = environment[name] ?? value
    guard let url = URL(string: text), let scheme = url.scheme, ["http", "https"].contains(scheme), url.host != nil else {
        throw .invalidSetting(name: name, value: text, expected: "an http or https address")
    }
    return url
}

/// Seconds from the environment.
func seconds(_ name: String, in environment: [String: String]) throws(MetadataError) -> Double? {
    guard let text = environment[name] else { return nil }
    guard let value = Double(text), value >= 0, value <= 3600 else {
        throw .invalidSetting(name: name, value: text, expected: "a number of seconds, at most 3600")
    }
    return value
}

let openLibrary: OnlineSource.Factory = { library, bulk, version in
    let environment = ProcessInfo.processInfo.environment
    let base = try address("SHELF_OPENLIBRARY_URL", default: OpenLibrary.defaultBaseURL, in: environment)
    let covers = try address("SHELF_COVERS_URL", default: OpenLibrary.defaultCoversURL, in: environment)
    let timeout = try seconds("SHELF_HTTP_TIMEOUT", in: environment) ?? 20
    let interval = try seconds("SHELF_REQUEST_INTERVAL", in: environment) ?? (bulk ? 1 : 0)
    let chosen = environment["SHELF_METADATA_SOURCE"] ?? "openlibrary"
    guard ["openlibrary", "googlebooks"].contains(chosen) else {
        throw MetadataError.invalidSetting(name: "SHELF_METADATA_SOURCE", value: chosen, expected: "openlibrary or googlebooks")
    }
    let cache = try await library.cacheFolder(chosen)
    let client = HTTPClient(configuration: HTTPClient.Configuration(version: version, timeout: timeout, minimumInterval: interval,
                                                                    cacheFolder: cache))
    if chosen == "googlebooks" {
        let google = try address("SHELF_GOOGLEBOOKS_URL", default: GoogleBooks.defaultBaseURL, in: environment)
        return GoogleBooks(baseURL: google, client: client)
    }
    return OpenLibrary(baseURL: base, coversURL: covers, client: client)
}

await OnlineSource.main(with: openLibrary)
