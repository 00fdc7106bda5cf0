import Foundation

/// Every file and folder of a library, hidden ones included, with each file's bytes: two
/// snapshots are equal only when the libraries are byte for byte the same. The index cache, the
/// lock file and the undo history are left out: they are not the person's data (a temporary
/// file a killed write left in the history is not, and counts).
struct Snapshot: Equatable {
    var files: [String: Data] = [:]
    var folders: Set<String> = []

    init(_ root: String) {
        guard let walker = FileManager.default.enumerator(atPath: root) else { return }
        while let path = walker.nextObject() as? String {
            if path.hasPrefix(".shelf/index.sqlite") || path == ".shelf/lock" || path == ".shelf/.gitignore" { continue }
            if path.hasPrefix(".shelf/undo"), !path.hasSuffix(".tmp") { continue }
            let full = root + "/" + path
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: full, isDirectory: &isDirectory) else { continue }
            if isDirectory.boolValue {
                folders.insert(path)
            } else {
                files[path] = FileManager.default.contents(atPath: full) ?? Data()
            }
        }
    }

    /// A short account of how `other` differs, for failure messages.
    func difference(from other: Snapshot) -> String {
        var lines: [String] = []
        for path in Set(files.keys).union(other.files.keys).sorted() where files[path] != other.files[path] {
            lines.append(files[path] == nil ? "+ \(path)" : other.files[path] == nil ? "- \(path)" : "~ \(path)")
        }
        for path in folders.symmetricDifference(other.folders).sorted() {
            lines.append((folders.contains(path) ? "- " : "+ ") + path + "/")
        }
        return lines.prefix(12).joined(separator: "\n")
    }

    /// Hidden temporary files a write leaves while it runs (`.<name>.<pid>.<n>.tmp`).
    var temporaryFiles: [String] {
        files.keys.filter { ($0.split(separator: "/").last ?? "").hasSuffix(".tmp") }.sorted()
    }
}
