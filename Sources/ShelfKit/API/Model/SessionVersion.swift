/// The version of a session file that a ``ReadingSession`` value was read from: the file's
/// stamp and the session's values then.
///
/// ``LibraryWriting/update(_:)-(ReadingSession)`` writes the keys that differ from these values,
/// and only onto the file as it was read: when another program changed the file since, it
/// throws ``ShelfError/changedOnDisk(path:)`` rather than overwrite newer data. The version
/// survives `Codable`, so a session an app restores after a relaunch is still checked.
///
/// A version does not take part in a session's equality.
public struct SessionVersion: Sendable, Hashable {
    /// The size and content hash of the file when it was read.
    let stamp: FileStamp
    /// The session's values as read (its own `version` is `nil`).
    private let base: Base

    /// Indirect, since a session holds its version and a version holds a session.
    private indirect enum Base: Sendable, Hashable {
        case session(ReadingSession)
    }

    /// The version of `session` read from a file with `stamp`.
    init(stamp: FileStamp, of session: ReadingSession) {
        var values = session
        values.version = nil
        self.stamp = stamp
        self.base = .session(values)
    }

    /// The session's values as they were read.
    var session: ReadingSession {
        switch base {
        case .session(let session): session
        }
    }
}

extension ReadingSession {
    /// This session marked as read from the file with `stamp`.
    func read(from stamp: FileStamp) -> ReadingSession {
        var session = self
        session.version = SessionVersion(stamp: stamp, of: self)
        return session
    }
}

extension SessionVersion: Codable {
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
        self.init(stamp: stamp, of: try container.decode(ReadingSession.self, forKey: .base))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(stamp.encoded, forKey: .file)
        try container.encode(session, forKey: .base)
    }
}

/// Where a ``ReadingSession`` keeps its version: a slot that equals every other, so that a
/// session's equality and hash are those of its values alone.
struct SessionVersionSlot: Sendable, Hashable {
    var version: SessionVersion?

    static func == (lhs: SessionVersionSlot, rhs: SessionVersionSlot) -> Bool { true }
    func hash(into hasher: inout Hasher) {}
}
