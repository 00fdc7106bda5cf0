public import Foundation

/// A replay of Open Library on 127.0.0.1: `Tests/ShelfMetadataTests/Fixtures/replay_server.py`,
/// run with Python's `http.server` as a child process, serving recorded answers shaped as Open
/// Library's (an edition behind a 302 from `/isbn/`, works, authors, a search, covers) and the
/// failures a client must survive (404, 429 with `Retry-After`, a slow answer, a body cut
/// short, malformed JSON, an HTML page served as an image). No test reaches the internet.
///
/// A class so that `deinit` stops the server.
public final class ReplayServer: Sendable {
    /// One request the server received.
    public struct Request: Sendable, Hashable {
        /// The path and query.
        public var path: String
        /// When it arrived, in seconds since 1970.
        public var time: Double
        /// Its `User-Agent`.
        public var userAgent: String?
        /// Its `Accept-Encoding`.
        public var acceptEncoding: String?
    }

    /// The fixtures the server reads.
    public static let fixtures = PackageFolder.root.appendingPathComponent("Tests/ShelfMetadataTests/Fixtures")

    /// `http://127.0.0.1:PORT`.
    public let url: URL
    /// The port.
    public let port: Int
    private let process: ChildProcess
    private let log: String

    /// Starts a server and waits until it listens.
    public init() async throws {
        log = NSTemporaryDirectory() + "shelf-replay-" + UUID().uuidString + ".jsonl"
        _ = FileManager.default.createFile(atPath: log, contents: Data())
        process = try ChildProcess.start("/usr/bin/env", ["python3", Self.fixtures.appendingPathComponent("replay_server.py").path,
                                                          Self.fixtures.path, log])
        var port: Int?
        for _ in 0..<200 {
            let text = String(decoding: FileManager.default.contents(atPath: process.standardOutputPath) ?? Data(), as: UTF8.self)
            if let line = text.split(separator: "\n").first, let number = Int(line) {
                port = number
                break
            }
            try await Task.sleep(for: .milliseconds(25))
        }
        guard let port, let url = URL(string: "http://127.0.0.1:\(port)") else {
            process.kill()
            _ = process.wait()
            throw ReplayServerFailure()
        }
        self.port = port
        self.url = url
    }

    deinit {
        process.kill()
        _ = process.wait()
        try? FileManager.default.removeItem(atPath: log)
    }

    /// The requests received so far, in order.
    public func requests() -> [Request] {
        let text = String(decoding: FileManager.default.contents(atPath: log) ?? Data(), as: UTF8.self)
        return text.split(separator: "\n").compactMap { line in
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                  let path = object["path"] as? String, let time = object["time"] as? Double else { return nil }
            return Request(path: path, time: time, userAgent: object["user_agent"] as? String,
                           acceptEncoding: object["accept_encoding"] as? String)
        }
    }

    /// The environment that points `shelf` at this server.
    public var environment: [String: String] {
        ["SHELF_OPENLIBRARY_URL": url.absoluteString, "SHELF_COVERS_URL": url.absoluteString]
    }
}

/// The replay server did not start (no python3?).
public struct ReplayServerFailure: Error, CustomStringConvertible {
    public var description: String { "the replay server did not start: is python3 installed?" }
}
