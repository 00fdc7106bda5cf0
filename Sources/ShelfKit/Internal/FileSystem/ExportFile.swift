#if canImport(Glibc)
internal import Glibc
#elseif canImport(Darwin)
internal import Darwin
#endif

/// Writes an export to the path a person gave, so that a reader sees the old file or the new,
/// never half, and whatever is at the path gets the export the way a shell's `>` would give it.
///
/// - A regular file, or nothing yet, is replaced atomically: a temporary file beside it is
///   written, flushed and renamed over it.
/// - A symbolic link is followed, so the replacement happens at the file it points to and the
///   link stays a link (a dangling link gets its file created).
/// - A character device or a FIFO (`/dev/stdout`, `/dev/null`, a named pipe someone reads)
///   is written into, not replaced: replacing it would leave the reader nothing.
/// - Anything else (a folder, a socket, a block device) is refused, and nothing is written.
///
/// ```swift
/// try ExportFile.write(csv, to: "goodreads_library_export.csv")
/// ```
package enum ExportFile {
    /// How many links are followed before the path counts as a loop, as the kernel counts (`ELOOP`).
    private static let maximumLinks = 40

    /// Writes `text` to `path`, as described for ``ExportFile``.
    /// - Parameters:
    ///   - text: The export.
    ///   - path: Where it goes; relative to the current folder unless absolute.
    /// - Throws: ``ShelfError/io(path:operation:message:)`` naming `path` as given and the
    ///   failing step; nothing is left half written.
    package static func write(_ text: String, to path: String) throws(ShelfError) {
        try write(bytes: Array(text.utf8), to: path)
    }

    /// Writes `bytes` to `path`, as described for ``ExportFile``: for files that are not text
    /// shelf made, such as the merge git asks its driver for, which must keep every byte.
    package static func write(bytes: [UInt8], to path: String) throws(ShelfError) {
        let named = path.contains("/") ? path : "./" + path
        let status = FileSystem.status(named)
        if let status, !status.isStream, status.kind == .other {
            throw .io(path: path, operation: "write", message: "not a file, a character device or a pipe; nothing was written")
        }
        do throws(FileSystem.Failure) {
            if status?.isStream == true {
                try FileSystem.writeInPlace(bytes, to: named)
            } else if status?.kind == .directory {
                throw FileSystem.Failure(operation: "write", path: named, code: EISDIR)
            } else {
                try FileSystem.writeAtomically(bytes, to: try target(of: named))
            }
        } catch {
            throw .io(path: path, operation: error.operation, message: error.message)
        }
    }

    /// The file a chain of symbolic links starting at `path` ends at, which need not exist; `path`
    /// itself when it is no link.
    private static func target(of path: String) throws(FileSystem.Failure) -> String {
        var target = path
        for _ in 0..<maximumLinks {
            guard let destination = FileSystem.linkDestination(target) else { return target }
            target = destination.hasPrefix("/") ? destination : Path.joined(Path.parent(of: target), destination)
        }
        throw FileSystem.Failure(operation: "open", path: path, code: ELOOP)
    }
}
