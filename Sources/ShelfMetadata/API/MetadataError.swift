/// Why a book's details or cover could not be fetched: every case carries what a person needs to
/// act on it (the address asked, the ISBN, the wait a service asked for).
///
/// Messages speak of the service and the book, never of commands; `description` is the whole
/// sentence.
public enum MetadataError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The text is not an ISBN-10 or ISBN-13: `reason` completes "ISBN … ".
    case invalidISBN(text: String, reason: String)
    /// The host answered nothing: no network, or nothing listening there.
    case cannotConnect(host: String, detail: String)
    /// The host's name did not resolve.
    case unknownHost(host: String)
    /// No answer within `seconds`.
    case timedOut(url: String, seconds: Double)
    /// The connection closed before the whole answer came.
    case truncated(url: String)
    /// The service has no such record: `what` is "a book with ISBN 9780441172719".
    case notFound(service: String, what: String, url: String)
    /// The service kept answering 429 Too Many Requests.
    case rateLimited(service: String, url: String, attempts: Int, retryAfter: Double?)
    /// Any other status that is not success, after the retries a 5xx gets.
    case httpStatus(url: String, status: Int, attempts: Int)
    /// The answer is not the JSON the service documents.
    case malformedResponse(url: String, reason: String)
    /// The bytes served as a cover are not an image.
    case notAnImage(url: String, detail: String)
    /// The cover is larger than the limit.
    case tooLarge(url: String, bytes: Int, limit: Int)
    /// Any other failure of the transfer, as the system reported it.
    case transfer(url: String, detail: String)
    /// A setting from the environment that cannot be used: `expected` completes "should be".
    case invalidSetting(name: String, value: String, expected: String)
    /// The response cache could not be read or written.
    case cache(path: String, detail: String)

    public var description: String {
        switch self {
        case .invalidISBN(let text, let reason):
            "ISBN \"\(text)\" \(reason)"
        case .cannotConnect(let host, let detail):
            "cannot connect to \(host) (\(detail)); check the network connection"
        case .unknownHost(let host):
            "cannot find the server \(host): its name does not resolve (no network, or a mistyped address)"
        case .timedOut(let url, let seconds):
            "\(url) did not answer within \(Self.seconds(seconds)); the service may be slow or down, try again later"
        case .truncated(let url):
            "the answer from \(url) was cut short; nothing was written, try again"
        case .notFound(let service, let what, _):
            "\(service) has no record of \(what)"
        case .rateLimited(let service, let url, let attempts, let retryAfter):
            "\(service) is refusing requests as too many (429 at \(url), \(attempts) tries"
                + (retryAfter.map { ", it asks to wait \(Self.seconds($0))" } ?? "") + "); wait a few minutes and try again"
        case .httpStatus(let url, let status, let attempts):
            "\(url) answered HTTP \(status)" + (attempts > 1 ? " \(attempts) times" : "")
                + (status >= 500 ? "; the service is having trouble, try again later" : "")
        case .malformedResponse(let url, let reason):
            "the answer from \(url) is not what the service documents: \(reason)"
        case .notAnImage(let url, let detail):
            "\(url) did not send an image (\(detail)); no cover was saved"
        case .tooLarge(let url, let bytes, let limit):
            "\(url) sent \(bytes) bytes, more than the \(limit) a cover may have; no cover was saved"
        case .transfer(let url, let detail):
            "cannot fetch \(url): \(detail)"
        case .invalidSetting(let name, let value, let expected):
            "\(name) should be \(expected), not \"\(value)\""
        case .cache(let path, let detail):
            "cannot use the cache \(path): \(detail)"
        }
    }

    private static func seconds(_ value: Double) -> String {
        value == value.rounded() ? "\(Int(value)) s" : "\(value) s"
    }
}
