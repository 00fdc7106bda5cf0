/// What a file held when the library read it: its size and a 64-bit FNV-1a hash of its bytes.
///
/// Before overwriting a file the library reads it again and compares; a difference means a
/// person's editor saved it in between, and their change must not be lost. The content decides,
/// not the modification time: a save of identical bytes is no conflict, and two saves within the
/// file system's timestamp resolution still differ in content.
struct FileStamp: Sendable, Hashable {
    var size: Int
    var hash: UInt64

    init(size: Int, hash: UInt64) {
        self.size = size
        self.hash = hash
    }

    init(_ bytes: [UInt8]) {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
        }
        self.size = bytes.count
        self.hash = hash
    }

    /// `<size>-<hex hash>`: how a version stores the stamp in `Codable`.
    var encoded: String { "\(size)-" + String(hash, radix: 16) }

    /// Reads ``encoded``; `nil` for anything else.
    init?(encoded: String) {
        let parts = encoded.split(separator: "-")
        guard parts.count == 2, let size = Int(parts[0]), let hash = UInt64(parts[1], radix: 16) else { return nil }
        self.init(size: size, hash: hash)
    }
}
