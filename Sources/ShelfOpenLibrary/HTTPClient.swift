public import Foundation
#if canImport(FoundationNetworking)
internal import FoundationNetworking
#endif
public import ShelfMetadata

/// The one way shelf asks a web service anything: URLSession (libcurl on Linux), made polite.
///
/// - One request at a time per host, each started at least ``Configuration/minimumInterval``
///   after the one before (Open Library asks not to be crawled: a bulk run goes at about one
///   request a second).
/// - 429 and 5xx are retried with back-off, waiting what `Retry-After` asks (seconds or an HTTP
///   date) when it asks no more than ``Configuration/maximumRetryDelay``.
/// - A timeout per request, redirects followed (each one a request in its turn, so a redirect
///   from `/isbn/` does not send two requests at once), `Accept-Encoding: gzip`, a `User-Agent`
///   that names shelf.
/// - Answers of `get(_:cached:)` with `cached` are kept in ``Configuration/cacheFolder``
///   (a library's `.shelf/cache/`), so asking again is offline and instant.
///
/// Failures are ``MetadataError``s that say what to do: no network, a name that does not
/// resolve, a timeout, an answer cut short, a status that is not success.
public actor HTTPClient {
    /// How the client behaves.
    public struct Configuration: Sendable {
        /// The `User-Agent` header.
        public var userAgent: String
        /// Seconds without an answer before a request fails.
        public var timeout: Double
        /// Seconds between the starts of two requests to one host.
        public var minimumInterval: Double
        /// Tries of one request that gets 429 or 5xx, the first included.
        public var maximumAttempts: Int
        /// Seconds before the first retry when the server does not say (doubled for each next one).
        public var retryDelay: Double
        /// The longest wait before a retry; a server asking more fails the request at once.
        public var maximumRetryDelay: Double
        /// Where answers are kept, or `nil` for no cache.
        public var cacheFolder: String?

        /// The defaults, with shelf's version in the `User-Agent`: `shelf/0.9 (personal book library)`.
        public init(version: String, timeout: Double = 20, minimumInterval: Double = 1, maximumAttempts: Int = 4,
                    retryDelay: Double = 1, maximumRetryDelay: Double = 30, cacheFolder: String? = nil) {
            self.userAgent = "shelf/\(version) (personal book library)"
            self.timeout = timeout
            self.minimumInterval = minimumInterval
            self.maximumAttempts = maximumAttempts
            self.retryDelay = retryDelay
            self.maximumRetryDelay = maximumRetryDelay
            self.cacheFolder = cacheFolder
        }
    }

    /// An answer: its status (success or 404; others throw) and body, decompressed.
    public struct Response: Sendable, Hashable {
        /// The HTTP status: 200 to 299, or 404.
        public var status: Int
        /// The body's bytes.
        public var body: [UInt8]
        /// Whether it came from the cache rather than the network.
        public var fromCache: Bool
    }

    /// The configuration it was made with.
    public let configuration: Configuration
    /// How many requests went over the network (retries included), for progress and tests.
    public private(set) var requestsSent = 0

    private let session: URLSession
    private let cache: ResponseCache?
    private var busyHosts: Set<String> = []
    private var waiting: [String: [CheckedContinuation<Void, Never>]] = [:]
    private var lastStart: [String: ContinuousClock.Instant] = [:]

    /// A client with `configuration`.
    public init(configuration: Configuration) {
        self.configuration = configuration
        let settings = URLSessionConfiguration.ephemeral
        settings.timeoutIntervalForRequest = configuration.timeout
        settings.timeoutIntervalForResource = max(configuration.timeout * 3, configuration.timeout)
        settings.urlCache = nil
        settings.requestCachePolicy = .reloadIgnoringLocalCacheData
        settings.httpMaximumConnectionsPerHost = 1
        // Redirects come back to `fetch`, which follows them through the host's turn.
        session = URLSession(configuration: settings, delegate: RedirectRefusal(), delegateQueue: nil)
        cache = configuration.cacheFolder.map(ResponseCache.init(folder:))
    }

    /// Fetches `url` with GET.
    /// - Parameters:
    ///   - cached: Whether the answer may come from, and is kept in, the cache.
    /// - Returns: A success or a 404, whose meaning is the caller's.
    /// - Throws: ``MetadataError`` for every other outcome, once retries are spent.
    public func get(_ url: URL, cached: Bool = true) async throws(MetadataError) -> Response {
        if cached, let cache, let response = cache.response(for: url) { return response }
        let response = try await fetch(url)
        if cached, let cache { cache.keep(response, for: url) }
        return response
    }

    private func fetch(_ first: URL) async throws(MetadataError) -> Response {
        var url = first
        var attempt = 0
        var redirects = 0
        var lastRetryAfter: Double?
        while true {
            attempt += 1
            let (status, body, retryAfter, location) = try await send(url)
            if (200..<300).contains(status) || status == 404 { return Response(status: status, body: body, fromCache: false) }
            if [301, 302, 303, 307, 308].contains(status), let location, let next = URL(string: location, relativeTo: url) {
                redirects += 1
                guard redirects <= Self.maximumRedirects else {
                    throw .transfer(url: first.absoluteString, detail: "more than \(Self.maximumRedirects) redirects")
                }
                url = next.absoluteURL
                attempt = 0
                continue
            }
            guard status == 429 || (500..<600).contains(status) else {
                throw .httpStatus(url: url.absoluteString, status: status, attempts: attempt)
            }
            lastRetryAfter = retryAfter
            let delay = retryAfter ?? configuration.retryDelay * Double(1 << min(attempt - 1, 10))
            guard attempt < configuration.maximumAttempts, delay <= configuration.maximumRetryDelay else {
                if status == 429 {
                    throw .rateLimited(service: url.host ?? url.absoluteString, url: url.absoluteString, attempts: attempt,
                                       retryAfter: lastRetryAfter)
                }
                throw .httpStatus(url: url.absoluteString, status: status, attempts: attempt)
            }
            try? await Task.sleep(for: .milliseconds(Int(delay * 1000)))
        }
    }

    /// One request, in its turn at its host.
    private func send(_ url: URL) async throws(MetadataError) -> (status: Int, body: [UInt8], retryAfter: Double?, location: String?) {
        let host = (url.host ?? "") + ":" + String(url.port ?? 0)
        await enter(host)
        defer { leave(host) }
        requestsSent += 1
        var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: configuration.timeout)
        request.setValue(configuration.userAgent, forHTTPHeaderField: "User-Agent")
        request.setValue("gzip", forHTTPHeaderField: "Accept-Encoding")
        let data: Data
        let response: URLResponse
        do {
            (data, response) = try await session.data(for: request)
        } catch {
            throw Self.failure(error, url: url, timeout: configuration.timeout)
        }
        guard let http = response as? HTTPURLResponse else {
            throw .transfer(url: url.absoluteString, detail: "the answer is not HTTP")
        }
        if let expected = http.value(forHTTPHeaderField: "Content-Length").flatMap(Int.init),
           http.value(forHTTPHeaderField: "Content-Encoding") == nil, data.count < expected {
            throw .truncated(url: url.absoluteString)
        }
        let retryAfter = http.value(forHTTPHeaderField: "Retry-After").flatMap { Self.retryDelay($0, now: Date()) }
        return (http.statusCode, Array(data), retryAfter, http.value(forHTTPHeaderField: "Location"))
    }

    /// Redirects followed for one request before it fails.
    static let maximumRedirects = 5

    /// Waits for the host to be free and for its interval to pass since its last request began.
    private func enter(_ host: String) async {
        if busyHosts.contains(host) {
            await withCheckedContinuation { waiting[host, default: []].append($0) }
        } else {
            busyHosts.insert(host)
        }
        if let last = lastStart[host] {
            let due = last.advanced(by: .milliseconds(Int(configuration.minimumInterval * 1000)))
            let now = ContinuousClock.now
            if due > now { try? await Task.sleep(for: due - now) }
        }
        lastStart[host] = ContinuousClock.now
    }

    /// Hands the host to the next request waiting for it.
    private func leave(_ host: String) {
        if var queue = waiting[host], !queue.isEmpty {
            let next = queue.removeFirst()
            waiting[host] = queue
            next.resume()
        } else {
            busyHosts.remove(host)
        }
    }

    /// The seconds a `Retry-After` value asks for: a number of seconds or an HTTP date.
    static func retryDelay(_ value: String, now: Date) -> Double? {
        let text = value.trimmingCharacters(in: .whitespaces)
        if let seconds = Double(text), seconds >= 0 { return seconds }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        guard let date = formatter.date(from: text) else { return nil }
        return max(0, date.timeIntervalSince(now))
    }

    /// The failure a transfer error means for a person.
    static func failure(_ error: any Error, url: URL, timeout: Double) -> MetadataError {
        let address = url.absoluteString
        let host = url.host ?? address
        guard let error = error as? URLError else { return .transfer(url: address, detail: "\(error)") }
        switch error.code {
        case .timedOut:
            return .timedOut(url: address, seconds: timeout)
        case .cannotFindHost, .dnsLookupFailed:
            return .unknownHost(host: host)
        case .notConnectedToInternet:
            return .cannotConnect(host: host, detail: "no network connection")
        case .cannotConnectToHost:
            return .cannotConnect(host: host, detail: "nothing answers at \(host)\(url.port.map { ":\($0)" } ?? "")")
        case .networkConnectionLost:
            return .truncated(url: address)
        default:
            // libcurl's CURLE_PARTIAL_FILE ("transfer closed with 586 bytes remaining to read")
            // reaches URLSession on Linux as an unknown error with curl's own words.
            if error.localizedDescription.contains("transfer closed") { return .truncated(url: address) }
            return .transfer(url: address, detail: error.localizedDescription)
        }
    }
}

/// Hands every redirect back to ``HTTPClient`` instead of following it inside URLSession, where
/// the second request would go out at once, outside the host's turn and interval.
private final class RedirectRefusal: NSObject, URLSessionTaskDelegate, Sendable {
    func urlSession(_ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
                    newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void) {
        completionHandler(nil)
    }
}
