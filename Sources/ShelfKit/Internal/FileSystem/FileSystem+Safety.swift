#if canImport(Glibc)
internal import Glibc
#elseif canImport(Darwin)
internal import Darwin
#endif

/// Symbolic links, which the library reads through but never writes through, and paths too
/// deep to open.
extension FileSystem {
    /// Whether `path` itself is a symbolic link (`lstat`, not following it).
    static func isSymbolicLink(_ path: String) -> Bool {
        var info = stat()
        guard lstat(path, &info) == 0 else { return false }
        return info.st_mode & S_IFMT == S_IFLNK
    }

    /// Where a path leads once every link is followed; `nil` when it leads nowhere.
    static func resolved(_ path: String) -> String? {
        guard let pointer = realpath(path, nil) else { return nil }
        defer { free(pointer) }
        return String(cString: pointer)
    }

    /// What a symbolic link holds, as written.
    static func linkTarget(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: 4097)
        let count = readlink(path, &buffer, buffer.count - 1)
        guard count >= 0 else { return nil }
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

extension FileSystem.Failure {
    /// Whether the path was longer than the system allows (`ENAMETOOLONG`).
    var isNameTooLong: Bool { code == ENAMETOOLONG }
}
