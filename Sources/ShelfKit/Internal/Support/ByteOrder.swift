internal import Foundation

/// Paths ordered by their UTF-8 bytes: the order of the index's `BINARY` collation, and
/// cheaper than `<`, which compares Unicode scalars after normalization.
package enum ByteOrder {
    /// Whether `a` comes before `b` byte by byte (a prefix first).
    package static func precedes(_ a: String, _ b: String) -> Bool {
        var a = a
        var b = b
        return a.withUTF8 { left in b.withUTF8 { right in precedes(UnsafeRawBufferPointer(left), UnsafeRawBufferPointer(right)) } }
    }

    /// Whether the bytes `a` come before the bytes `b` (a prefix first).
    static func precedes(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Bool {
        let common = min(a.count, b.count)
        if common > 0, let x = a.baseAddress, let y = b.baseAddress {
            let order = memcmp(x, y, common)
            if order != 0 { return order < 0 }
        }
        return a.count < b.count
    }
}
