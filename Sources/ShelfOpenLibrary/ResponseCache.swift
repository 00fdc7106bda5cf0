internal import Foundation

/// Answers kept on disk by address, so that asking again is offline and instant: a success as
/// its body, a 404 as an empty mark that holds for a day (a book the service learns of later is
/// found the day after).
///
/// It is a cache: a file that cannot be read is a miss, one that cannot be written is skipped.
struct ResponseCache: Sendable {
    /// The folder, absolute.
    let folder: String

    /// How long a 404 is believed.
    static let notFoundLifetime: TimeInterval = 24 * 60 * 60

    func response(for url: URL) -> HTTPClient.Response? {
        let base = folder + "/" + Self.name(of: url)
        if let data = FileManager.default.contents(atPath: base + ".body") {
            return HTTPClient.Response(status: 200, body: Array(data), fromCache: true)
        }
        if let attributes = try? FileManager.default.attributesOfItem(atPath: base + ".404"),
           let modified = attributes[.modificationDate] as? Date,
           Date().timeIntervalSince(modified) < Self.notFoundLifetime {
            return HTTPClient.Response(status: 404, body: [], fromCache: true)
        }
        return nil
    }

    func keep(_ response: HTTPClient.Response, for url: URL) {
        let base = folder + "/" + Self.name(of: url)
        switch response.status {
        case 200..<300: try? Data(response.body).write(to: URL(fileURLWithPath: base + ".body"), options: .atomic)
        case 404: try? Data().write(to: URL(fileURLWithPath: base + ".404"), options: .atomic)
        default: break
        }
    }

    /// A file name for an address: its FNV-1a hash, so any address is one short name.
    static func name(of url: URL) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in url.absoluteString.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
