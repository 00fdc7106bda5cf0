/// The version of a file that a ``Book`` or ``ReadingSession`` value was read from: the file's
/// stamp and the values it held then.
///
/// An app keeps values for a long time — a list row, a detail sheet, a value restored from
/// `Codable` after a relaunch — while the person's editor, git or another device changes the file.
/// An update compares a value with its version to learn which keys the caller changed and writes
/// only those onto the file as it is now: ``LibraryWriting/update(_:)-(Book)`` throws
/// ``ShelfError/editConflict(path:key:at:)`` when the file changed one of them too, and
/// ``LibraryWriting/update(_:)-(ReadingSession)`` ``ShelfError/changedOnDisk(path:)`` when the
/// file changed at all. Nothing the caller did not change is ever written back, so an old copy
/// cannot revert newer data.
///
/// A version does not take part in its value's equality: two books with the same values are
/// equal whichever version of the file they came from, or none.
public struct FileVersion<Value: FileVersioned>: Sendable, Hashable {
    /// The size and content hash of the file when it was read.
    let stamp: FileStamp
    /// The values as read (their own `version` is `nil`).
    private let base: Base

    /// Indirect, since a value holds its version and a version holds a value.
    private indirect enum Base: Sendable, Hashable {
        case value(Value)
    }

    /// The version of `value` read from a file with `stamp`.
    init(stamp: FileStamp, of value: Value) {
        var values = value
        values.version = nil
        self.stamp = stamp
        self.base = .value(values)
    }

    /// The values as they were read.
    var value: Value {
        switch base {
        case .value(let value): value
        }
    }
}

/// A value read from one file of the library, which remembers the version it was read from.
public protocol FileVersioned: Codable, Hashable, Sendable {
    /// The version of the file the value was read from; `nil` for a value built in code.
    var version: FileVersion<Self>? { get set }
}

/// The version of a book's file a ``Book`` was read from.
public typealias BookVersion = FileVersion<Book>
/// The version of a session's file a ``ReadingSession`` was read from.
public typealias SessionVersion = FileVersion<ReadingSession>

extension FileVersioned {
    /// Records that this value is what the file with `stamp` holds.
    mutating func markRead(from stamp: FileStamp) {
        version = FileVersion(stamp: stamp, of: self)
    }

    /// This value marked as read from the file with `stamp`.
    func read(from stamp: FileStamp) -> Self {
        var value = self
        value.markRead(from: stamp)
        return value
    }
}

extension FileVersion: Codable {
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
        self.init(stamp: stamp, of: try container.decode(Value.self, forKey: .base))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(stamp.encoded, forKey: .file)
        try container.encode(value, forKey: .base)
    }
}

/// Where a value keeps its version: a slot that equals every other, so that a value's equality
/// and hash are those of its values alone.
struct VersionSlot<Value: FileVersioned>: Sendable, Hashable {
    var version: FileVersion<Value>?

    static func == (lhs: VersionSlot, rhs: VersionSlot) -> Bool { true }
    func hash(into hasher: inout Hasher) {}
}

extension Book: FileVersioned {}
extension ReadingSession: FileVersioned {}
