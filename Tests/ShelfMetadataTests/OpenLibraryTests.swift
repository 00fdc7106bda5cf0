import Foundation
import ShelfKit
import ShelfMetadata
@testable import ShelfOpenLibrary
import ShelfTestSupport
import Testing

/// Open Library's answers, read from a replay server the test starts.
struct OpenLibraryTests {
    /// A client for tests: quick retries, no wait between requests unless asked.
    static func client(timeout: Double = 5, interval: Double = 0, attempts: Int = 3, cache: String? = nil) -> HTTPClient {
        HTTPClient(configuration: HTTPClient.Configuration(version: "test", timeout: timeout, minimumInterval: interval,
                                                           maximumAttempts: attempts, retryDelay: 0.05, maximumRetryDelay: 5,
                                                           cacheFolder: cache))
    }

    static func source(_ server: ReplayServer, client: HTTPClient = client()) -> OpenLibrary {
        OpenLibrary(baseURL: server.url, coversURL: server.url, client: client)
    }

    /// The message of what `body` throws.
    static func message(_ body: () async throws -> Void) async -> String? {
        do {
            try await body()
            return nil
        } catch {
            return "\(error)"
        }
    }

    @Test func readsAnEditionByISBNThroughTheRedirectWithItsWorkAndAuthors() async throws {
        let server = try await ReplayServer()
        let record = try await Self.source(server).edition(isbn: try ISBNNumber("978-0-441-17271-9"))
        #expect(record == EditionRecord(
            id: "OL26242482M", title: "Dune", subtitle: "40th Anniversary Edition", authors: ["Frank Herbert"],
            isbn: "9780441172719", published: .year(1965), pages: 535, publisher: "Ace Books", language: "en", coverID: 111,
            description: "Set on the desert planet Arrakis, Dune is the story of the boy Paul Atreides, heir to a noble family "
                + "tasked with ruling an inhospitable world.",
            subjects: ["Science Fiction", "Dune (Imaginary place)", "Fiction"]))
        #expect(server.requests().map(\.path) == ["/isbn/9780441172719.json", "/books/OL26242482M.json",
                                                  "/works/OL893415W.json", "/authors/OL79034A.json"])
        for request in server.requests() {
            #expect(request.userAgent == "shelf/test (personal book library)")
            #expect(request.acceptEncoding?.contains("gzip") == true)
        }
    }

    @Test func readsFieldsLeniently() async throws {
        let server = try await ReplayServer()
        // Pages as "xii, 209 p." (left out), a full date, French, authors named by the work only.
        let record = try await Self.source(server).edition(isbn: try ISBNNumber("9787777777779"))
        #expect(record == EditionRecord(id: "OL4M", title: "Piranesi", authors: ["Susanna Clarke"], isbn: "9787777777779",
                                        published: .day(try #require(Day("2004-06-01"))), publisher: "Gollancz", language: "fr"))
    }

    @Test func searchesEditions() async throws {
        let server = try await ReplayServer()
        let candidates = try await Self.source(server).search(title: "Dune", author: "Herbert", limit: 5)
        #expect(candidates == [
            EditionCandidate(id: "OL26242482M", title: "Dune", authors: ["Frank Herbert"], year: 1965, pages: 535, publisher: "Ace Books"),
            EditionCandidate(id: "OL3M", title: "Dune Messiah", authors: ["Frank Herbert"], year: 1969, pages: 412, publisher: "Tor"),
            EditionCandidate(id: "OL5M", title: "Children of Dune", authors: ["Frank Herbert"], year: 1976, publisher: "Berkley"),
        ])
        let path = try #require(server.requests().first?.path)
        #expect(path.hasPrefix("/search.json?title=Dune&author=Herbert&fields="))
    }

    @Test func anUnknownISBNIsNotFound() async throws {
        let server = try await ReplayServer()
        let message = await Self.message { _ = try await Self.source(server).edition(isbn: try ISBNNumber("9780000000002")) }
        #expect(message == "Open Library has no record of a book with ISBN 9780000000002")
    }

    @Test func retriesA429AfterWhatRetryAfterAsks() async throws {
        let server = try await ReplayServer()
        let start = ContinuousClock.now
        let record = try await Self.source(server).edition(isbn: try ISBNNumber("9782222222224"))
        #expect(record.title == "The Left Hand of Darkness")
        #expect(record.published == .year(1969))
        #expect(ContinuousClock.now - start >= .milliseconds(950))
        #expect(server.requests().map(\.path).prefix(2) == ["/isbn/9782222222224.json", "/isbn/9782222222224.json"])
    }

    @Test func aPersisting429Fails() async throws {
        let server = try await ReplayServer()
        let message = await Self.message {
            _ = try await Self.source(server, client: Self.client(attempts: 2)).edition(isbn: try ISBNNumber("9781111111113"))
        }
        #expect(message == "127.0.0.1 is refusing requests as too many (429 at \(server.url.absoluteString)/isbn/9781111111113.json, "
                + "2 tries, it asks to wait 1 s); wait a few minutes and try again")
        #expect(server.requests().count == 2)
    }

    @Test func aSlowAnswerTimesOut() async throws {
        let server = try await ReplayServer()
        let message = await Self.message {
            _ = try await Self.source(server, client: Self.client(timeout: 1)).edition(isbn: try ISBNNumber("9783333333335"))
        }
        #expect(message == "\(server.url.absoluteString)/isbn/9783333333335.json did not answer within 1 s; "
                + "the service may be slow or down, try again later")
    }

    @Test func aBodyCutShortIsAFailure() async throws {
        let server = try await ReplayServer()
        let message = await Self.message { _ = try await Self.source(server).edition(isbn: try ISBNNumber("9784444444446")) }
        #expect(message == "the answer from \(server.url.absoluteString)/isbn/9784444444446.json was cut short; nothing was written, try again")
    }

    @Test func malformedJSONIsAFailure() async throws {
        let server = try await ReplayServer()
        let message = await Self.message { _ = try await Self.source(server).edition(isbn: try ISBNNumber("9785555555557")) }
        #expect(message == "the answer from \(server.url.absoluteString)/isbn/9785555555557.json is not what the service documents: "
                + "its 59 bytes are not valid JSON")
    }

    @Test func nothingListeningIsAClearFailure() async throws {
        let source = OpenLibrary(baseURL: try #require(URL(string: "http://127.0.0.1:9")), coversURL: try #require(URL(string: "http://127.0.0.1:9")),
                                 client: Self.client())
        let message = await Self.message { _ = try await source.edition(isbn: try ISBNNumber("9780441172719")) }
        #expect(message == "cannot connect to 127.0.0.1 (nothing answers at 127.0.0.1:9); check the network connection")
    }

    @Test func transferErrorsSayWhatToDo() throws {
        let url = try #require(URL(string: "https://openlibrary.org/isbn/9780441172719.json"))
        #expect(HTTPClient.failure(URLError(.cannotFindHost), url: url, timeout: 20).description
                == "cannot find the server openlibrary.org: its name does not resolve (no network, or a mistyped address)")
        #expect(HTTPClient.failure(URLError(.notConnectedToInternet), url: url, timeout: 20).description
                == "cannot connect to openlibrary.org (no network connection); check the network connection")
    }

    @Test func coversComeByIdLargeThenMediumNeverThePlaceholder() async throws {
        let server = try await ReplayServer()
        let source = Self.source(server)
        let jpeg = try await source.cover(of: EditionRecord(id: "OL1M", title: "x", coverID: 111))
        #expect(jpeg?.kind == .jpeg)
        #expect(jpeg?.bytes == Array(try Data(contentsOf: ReplayServer.fixtures.appendingPathComponent("covers/111-L.jpg"))))
        let png = try await source.cover(of: EditionRecord(id: "OL2M", title: "x", coverID: 222))
        #expect(png?.kind == .png)
        #expect(try await source.cover(of: EditionRecord(id: "OL9M", title: "x", coverID: 999)) == nil)
        #expect(try await source.cover(of: EditionRecord(id: "OL9M", title: "x")) == nil)
        #expect(server.requests().map(\.path) == ["/b/id/111-L.jpg?default=false", "/b/id/222-L.jpg?default=false",
                                                  "/b/id/222-M.jpg?default=false", "/b/id/999-L.jpg?default=false",
                                                  "/b/id/999-M.jpg?default=false"])
    }

    @Test func anHTMLPageServedAsAnImageIsRefused() async throws {
        let server = try await ReplayServer()
        let message = await Self.message { _ = try await Self.source(server).cover(of: EditionRecord(id: "OL3M", title: "x", coverID: 333)) }
        #expect(message == "\(server.url.absoluteString)/b/id/333-L.jpg?default=false did not send an image (it sent an HTML page); "
                + "no cover was saved")
    }

    @Test func oneRequestAtATimePerHostAtThePoliteRate() async throws {
        let server = try await ReplayServer()
        let client = Self.client(interval: 0.3)
        let paths = ["/works/OL893415W.json", "/authors/OL79034A.json", "/books/OL2M.json", "/works/OL59800W.json"]
        try await withThrowingTaskGroup(of: Void.self) { group in
            for path in paths {
                let url = try #require(URL(string: server.url.absoluteString + path))
                group.addTask { _ = try await client.get(url) }
            }
            try await group.waitForAll()
        }
        let times = server.requests().map(\.time)
        #expect(times.count == 4)
        // Measured where they arrive, so with some slack for the way there; without the gate
        // all four arrive within milliseconds.
        for (earlier, later) in zip(times, times.dropFirst()) {
            #expect(later - earlier >= 0.2, "requests \(later - earlier) s apart")
        }
        #expect((times.last ?? 0) - (times.first ?? 0) >= 0.8)
    }

    /// A redirect (`/isbn/…` to `/books/…`) is a second request to the host: it waits its turn
    /// like any other, instead of going out at once inside URLSession.
    @Test func aRedirectIsARequestInItsTurn() async throws {
        let server = try await ReplayServer()
        let client = Self.client(interval: 0.3)
        let url = try #require(URL(string: server.url.absoluteString + "/isbn/9780441172719.json"))
        let response = try await client.get(url)
        #expect(response.status == 200)
        let requests = server.requests()
        #expect(requests.map(\.path) == ["/isbn/9780441172719.json", "/books/OL26242482M.json"])
        let times = requests.map(\.time)
        #expect((times.last ?? 0) - (times.first ?? 0) >= 0.2, "the redirect followed \((times.last ?? 0) - (times.first ?? 0)) s later")
    }

    @Test func aSecondAskIsAnsweredFromTheCache() async throws {
        let server = try await ReplayServer()
        let cache = try TemporaryFolder.make()
        defer { try? FileManager.default.removeItem(atPath: cache) }
        let first = try await Self.source(server, client: Self.client(cache: cache)).edition(isbn: try ISBNNumber("9780441172719"))
        let sent = server.requests().count
        let client = Self.client(cache: cache)
        let second = try await Self.source(server, client: client).edition(isbn: try ISBNNumber("9780441172719"))
        #expect(second == first)
        #expect(server.requests().count == sent)
        #expect(await client.requestsSent == 0)
        // A 404 is kept too.
        _ = await Self.message { _ = try await Self.source(server, client: client).edition(isbn: try ISBNNumber("9780000000002")) }
        _ = await Self.message { _ = try await Self.source(server, client: client).edition(isbn: try ISBNNumber("9780000000002")) }
        #expect(await client.requestsSent == 1)
    }

    @Test(arguments: [
        ("120", 120.0),
        ("Fri, 27 Nov 2026 10:00:30 GMT", 30.0),
        ("soon", nil),
    ] as [(String, Double?)])
    func readsRetryAfter(value: String, seconds: Double?) throws {
        let now = try #require(ISO8601DateFormatter().date(from: "2026-11-27T10:00:00Z"))
        #expect(HTTPClient.retryDelay(value, now: now) == seconds)
    }
}
