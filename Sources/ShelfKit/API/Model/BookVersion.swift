/// The version of a book's file that a ``Book`` value was read from: what its values were then.
///
/// An app keeps book values for a long time — a list row, a detail sheet, a value restored from
/// `Codable` after a relaunch — while the person's editor, git or another device changes the file.
/// ``LibraryWriting/update(_:)-(Book)`` compares a book with its version to learn which keys the
/// caller changed, writes only those onto the file as it is now, and throws
/// ``ShelfError/editConflict(path:key:line:column:)`` when the file changed one of them too.
/// Nothing the caller did not change is ever written back, so an old copy cannot revert newer
/// data.
///
/// A version does not take part in a book's equality: two books with the same values are equal
/// whichever version of the file they came from, or none.
public struct BookVersion: Sendable, Hashable {
    /// The size and content hash of the file when it was read.
    let stamp: FileStamp
    /// The book's values as read (its own `version` is `nil`).
    private let base: Base

    /// Indirect, since a book holds its version and a version holds a book.
    private indirect enum Base: Sendable, Hashable {
        case book(Book)
    }

    /// The version of `book` read from a file with `stamp`.
    init(stamp: FileStamp, of book: Book) {
        var values = book
        values.version = nil
        self.stamp = stamp
        self.base = .book(values)
    }

    /// The book's values as they were read.
    var book: Book {
        switch base {
        case .book(let book): book
        }
    }
}

extension Book {
    /// Records that this value is what the file with `stamp` holds.
    mutating func markRead(from stamp: FileStamp) {
        version = BookVersion(stamp: stamp, of: self)
    }

    /// This book marked as read from the file with `stamp`.
    func read(from stamp: FileStamp) -> Book {
        var book = self
        book.markRead(from: stamp)
        return book
    }
}

extension BookVersion: Codable {
    private enum CodingKeys: String, CodingKey {
        case file, base
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let file = try container.decode(String.self, forKey: .file)
        guard let stamp = FileStamp(encoded: file) else {
            throw DecodingError.dataCorruptedError(forKey: .file, in: container,
                                                   debugDescription: "expected <size>-<hex hash>, found \"\(file)\"")
        }
        self.init(stamp: stamp, of: try container.decode(Book.self, forKey: .base))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(stamp.encoded, forKey: .file)
        try container.encode(book, forKey: .base)
    }
}

/// Where a ``Book`` keeps its version: a slot that equals every other, so that a book's equality
/// and hash are those of its values alone.
struct BookVersionSlot: Sendable, Hashable {
    var version: BookVersion?

    static func == (lhs: BookVersionSlot, rhs: BookVersionSlot) -> Bool { true }
    func hash(into hasher: inout Hasher) {}
}
