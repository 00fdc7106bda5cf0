#if canImport(Glibc)
internal import Glibc
#elseif canImport(Darwin)
internal import Darwin
#endif

/// A walk of the status folders by `lstat`, for what `check` must report but a walk by name
/// cannot see: symbolic links that lead out of the library, names that are not UTF-8, and
/// folders that cannot be opened (no permission, or a path longer than the system allows).
///
/// It never follows a link and keeps its own stack instead of recursing, so no depth of
/// nesting and no loop of links can make it crash or run forever.
struct EntryScan: Sendable {
    /// The library folder, absolute.
    let root: String

    /// One problem per entry that needs a person's attention.
    func problems(statuses: [Status]) -> [Problem] {
        let realRoot = FileSystem.resolved(root) ?? root
        var problems: [Problem] = []
        var pending = statuses.map(\.name)
        while let directory = pending.popLast() {
            guard let stream = opendir(root + "/" + directory) else {
                let code = errno
                if code != ENOENT, code != ENOTDIR {
                    problems.append(Problem(path: directory + "/", line: 0, column: 0,
                                            message: "cannot be read: \(String(cString: strerror(code)))"))
                }
                continue
            }
            defer { closedir(stream) }
            while let pointer = readdir(stream) {
                let (name, isUTF8) = FileSystem.entryName(pointer)
                if name == "." || name == ".." { continue }
                let path = directory + "/" + name
                guard isUTF8 else {
                    problems.append(Problem(path: path, line: 0, column: 0,
                                            message: "the name is not valid UTF-8, so shelf skips it; rename it"))
                    continue
                }
                if name.hasPrefix(".") { continue }
                switch kind(of: pointer.pointee.d_type, path) {
                case .directory:
                    pending.append(path)
                case .link:
                    if let target = outsideTarget(of: path, realRoot: realRoot) {
                        problems.append(Problem(path: path, line: 0, column: 0,
                                                message: "symbolic link to \(target), outside the library; "
                                                    + "shelf never writes through links — put the file itself here"))
                    }
                case .other:
                    if let original = ConflictCopy.original(of: name) {
                        problems.append(Problem(path: path, line: 0, column: 0,
                                                message: "a save of \(original) that shelf kept aside when it landed during a "
                                                    + "write; compare it with \(original), keep what you want, then delete it"))
                    }
                }
            }
        }
        return problems
    }

    private enum Kind {
        case directory
        case link
        case other
    }

    private func kind(of type: UInt8, _ path: String) -> Kind {
        switch Int32(type) {
        case Int32(DT_DIR): return .directory
        case Int32(DT_LNK): return .link
        case Int32(DT_UNKNOWN):
            var info = stat()
            guard lstat(root + "/" + path, &info) == 0 else { return .other }
            switch info.st_mode & S_IFMT {
            case S_IFDIR: return .directory
            case S_IFLNK: return .link
            default: return .other
            }
        default: return .other
        }
    }

    /// The link's target as written, when it leads outside the library (or nowhere outside).
    private func outsideTarget(of path: String, realRoot: String) -> String? {
        let absolute = root + "/" + path
        let written = FileSystem.linkTarget(absolute) ?? "?"
        if let resolved = FileSystem.resolved(absolute) {
            return resolved == realRoot || resolved.hasPrefix(realRoot + "/") ? nil : written
        }
        // A dangling link: judge it by what it says.
        if written.hasPrefix("/") { return written.hasPrefix(root + "/") || written.hasPrefix(realRoot + "/") ? nil : written }
        var components = path.split(separator: "/").dropLast().map(String.init)
        for component in written.split(separator: "/") where component != "." {
            if component != ".." {
                components.append(String(component))
            } else if components.popLast() == nil {
                return written
            }
        }
        return nil
    }
}
