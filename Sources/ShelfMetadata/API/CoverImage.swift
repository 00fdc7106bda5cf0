/// A cover image, its type told by its first bytes rather than by what the server claims.
public struct CoverImage: Sendable, Hashable {
    /// The kinds of image a cover may be.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        case jpeg, png, gif, webp

        /// The file name's extension: `jpg`.
        public var fileExtension: String { self == .jpeg ? "jpg" : rawValue }
    }

    /// The largest cover accepted, in bytes: Open Library's large covers are a few hundred
    /// kilobytes.
    public static let defaultSizeLimit = 10 * 1024 * 1024

    /// The image's bytes, as served.
    public let bytes: [UInt8]
    /// Its kind.
    public let kind: Kind

    /// Checks that `bytes` are an image no larger than `limit`.
    /// - Throws: ``MetadataError/notAnImage(url:detail:)``, ``MetadataError/tooLarge(url:bytes:limit:)``.
    public init(bytes: [UInt8], from url: String, limit: Int = defaultSizeLimit) throws(MetadataError) {
        guard bytes.count <= limit else { throw .tooLarge(url: url, bytes: bytes.count, limit: limit) }
        guard let kind = Self.kind(of: bytes) else { throw .notAnImage(url: url, detail: Self.describe(bytes)) }
        self.bytes = bytes
        self.kind = kind
    }

    /// The kind of image `bytes` start as, or `nil`.
    public static func kind(of bytes: [UInt8]) -> Kind? {
        func starts(_ prefix: [UInt8], at offset: Int = 0) -> Bool {
            bytes.count >= offset + prefix.count && Array(bytes[offset..<offset + prefix.count]) == prefix
        }
        if starts([0xFF, 0xD8, 0xFF]) { return .jpeg }
        if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if starts(Array("GIF87a".utf8)) || starts(Array("GIF89a".utf8)) { return .gif }
        if starts(Array("RIFF".utf8)), starts(Array("WEBP".utf8), at: 8) { return .webp }
        return nil
    }

    /// What the bytes look like instead, for the message.
    private static func describe(_ bytes: [UInt8]) -> String {
        if bytes.isEmpty { return "it sent nothing" }
        let start = String(decoding: bytes.prefix(64), as: UTF8.self).lowercased()
        if start.contains("<!doctype html") || start.contains("<html") { return "it sent an HTML page" }
        if start.hasPrefix("{") || start.hasPrefix("[") { return "it sent JSON" }
        return "its \(bytes.count) bytes start with none of the marks of JPEG, PNG, GIF or WebP"
    }
}
