#if canImport(Glibc)
internal import Glibc
#elseif canImport(Darwin)
internal import Darwin
#endif

extension FileSystem {
    /// A directory held open to open files relative to it (``FileSystem/readWithInfo(_:in:path:)``);
    /// closed when the last reference goes. Threads may share one: it is never changed.
    final class OpenDirectory: Sendable {
        let descriptor: Int32

        /// Opens the directory at `path`; `nil` when it cannot be opened, and the caller then
        /// reads by full path, which reports the failure for the file it concerns.
        init?(_ path: String) {
            let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            guard descriptor >= 0 else { return nil }
            self.descriptor = descriptor
        }

        deinit {
            close(descriptor)
        }
    }
}
