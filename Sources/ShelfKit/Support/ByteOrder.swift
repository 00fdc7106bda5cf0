internal import Foundation

/// Paths ordered by their UTF-8 bytes: the order of the index's `BINARY` collation, and
/// cheaper than `<`, which compares Unicode scalars after normalization.
enum ByteOrder {
    /// Whether `a` comes before `b` byte by byte (a prefix first).
    static func precedes(_ a: String, _ b: String) -> Bool {
        var a = a
        var b = b
        return a.withUTF8 { left in
            b.withUTF8 { right in
                let common = min(left.count, right.count)
                if common > 0, let x = left.baseAddress, let y = right.baseAddress {
                    let order = memcmp(x, y, common)
                    if order != 0 { return order < 0 }
                }
                return left.count < right.count
            }
        }
    }
}
