internal import Foundation

/// One change of a multi-file operation, described well enough to redo it after a crash.
enum JournalStep: Codable, Sendable, Hashable {
    /// Writes `bytes` to `path`. With `expected`, the file must still hold those bytes (its
    /// stamp) before it is replaced; without, the file must not exist.
    case write(path: String, bytes: Data, expected: Stamp?)
    /// Renames a file or folder, creating the destination's parent folders.
    case move(from: String, to: String)
    /// Removes `from` and its parents while they are empty, up to but not including `stoppingAt`.
    case removeEmptyFolders(from: String, stoppingAt: String)
    /// Removes the file at `path`, which must still hold the bytes of `expected`: how undo takes
    /// back a file a write created, knowing it loses nothing the write did not make.
    case remove(path: String, expected: Stamp)

    /// A ``FileStamp`` as stored in the journal (the hash as hex, which JSON numbers cannot hold).
    struct Stamp: Codable, Sendable, Hashable {
        var size: Int
        var hash: String

        init(_ stamp: FileStamp) {
            size = stamp.size
            hash = String(stamp.hash, radix: 16)
        }

        /// The stamp as the library compares it.
        var fileStamp: FileStamp {
            FileStamp(size: size, hash: UInt64(hash, radix: 16) ?? 0)
        }

        /// Whether `bytes` are the bytes this stamp was taken of.
        func matches(_ bytes: [UInt8]) -> Bool {
            FileStamp(bytes) == fileStamp
        }
    }

    /// The paths the step writes, moves or removes.
    var paths: [String] {
        switch self {
        case .write(let path, _, _): [path]
        case .move(let source, let destination): [source, destination]
        case .removeEmptyFolders: []
        case .remove(let path, _): [path]
        }
    }

    /// A new file.
    static func create(_ path: String, _ bytes: [UInt8]) -> JournalStep {
        .write(path: path, bytes: Data(bytes), expected: nil)
    }

    /// A replacement of a file that must still hold what was read.
    static func replace(_ path: String, expecting stamp: FileStamp, with bytes: [UInt8]) -> JournalStep {
        .write(path: path, bytes: Data(bytes), expected: Stamp(stamp))
    }
}
