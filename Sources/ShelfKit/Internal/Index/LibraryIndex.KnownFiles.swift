internal import Foundation
internal import GRDB
internal import GRDBSQLite

extension LibraryIndex {
    /// What the index knows of its files (id, size, modification time, inode, change time, path), loaded for
    /// a refresh to compare with the walk.
    ///
    /// A warm query compares every file of the library, so this is on the hot path: the paths
    /// are copied from SQLite into one byte buffer rather than a `String` each, and a walked
    /// file is found by its inode (an integer key) and then its path bytes compared. A path
    /// dictionary is built only when that fails (a new, moved or replaced file, or hard links
    /// sharing an inode), which a warm query never needs.
    struct KnownFiles: Sendable {
        private struct File {
            var id: Int64
            var info: FileSystem.FileInfo
            var start: Int
            var count: Int
        }

        private var files: [File] = []
        private var pathBytes: [UInt8] = []
        private var byInode: [Int64: Int] = [:]
        private var byPath: [String: Int]?

        init(_ db: Database) throws {
            // The arrays are made at their size once, rather than grown into fresh pages while
            // the walk runs beside. (`max(id)` would be cheaper, but ids only grow as files
            // are read again.)
            let capacity = try Int.fetchOne(db, sql: "SELECT count(*) FROM files") ?? 0
            files.reserveCapacity(capacity)
            byInode.reserveCapacity(capacity)
            // Room for paths longer than most: capacity never written takes no memory, while
            // growing the buffer past it held the paths twice (sessions' paths are some 50
            // bytes on generated libraries, and 48 here made 100,000 books' 13 MB take 39).
            pathBytes.reserveCapacity(capacity * 96)
            let statement = try db.makeStatement(sql: "SELECT id, size, modified, inode, changed, path FROM files")
            let raw = statement.sqliteStatement
            while true {
                let code = sqlite3_step(raw)
                if code == SQLITE_DONE { break }
                guard code == SQLITE_ROW else { throw DatabaseError(resultCode: ResultCode(rawValue: code)) }
                let start = pathBytes.count
                let count = Int(sqlite3_column_bytes(raw, 5))
                if count > 0, let text = sqlite3_column_text(raw, 5) {
                    pathBytes.append(contentsOf: UnsafeBufferPointer(start: text, count: count))
                }
                let info = FileSystem.FileInfo(size: sqlite3_column_int64(raw, 1), modified: sqlite3_column_int64(raw, 2),
                                               inode: sqlite3_column_int64(raw, 3), changed: sqlite3_column_int64(raw, 4))
                let index = files.count
                files.append(File(id: sqlite3_column_int64(raw, 0), info: info, start: start, count: count))
                // The first file with an inode keeps the slot; others are found through paths.
                if byInode[info.inode] == nil { byInode[info.inode] = index }
            }
        }

        var count: Int { files.count }

        func id(_ index: Int) -> Int64 { files[index].id }

        func info(_ index: Int) -> FileSystem.FileInfo { files[index].info }

        /// Every indexed file's path and id, for finding the ones that vanished.
        var all: [(path: String, id: Int64)] {
            files.map { (path(of: $0), $0.id) }
        }

        /// The indexed file at the path `a + b + c + d + e + f`, given in pieces so the caller
        /// need not build it; `info` is what the walk saw there, whose inode is tried first.
        mutating func find(_ info: FileSystem.FileInfo?, _ a: String, _ b: String, _ c: String,
                           _ d: String = "", _ e: String = "", _ f: String = "") -> Int? {
            guard !files.isEmpty else { return nil }
            if let info, let index = foundByInode(info, a, b, c, d, e, f) { return index }
            if byPath == nil {
                var paths: [String: Int] = [:]
                paths.reserveCapacity(files.count)
                for (index, file) in files.enumerated() { paths[path(of: file)] = index }
                byPath = paths
            }
            return byPath?[a + b + c + d + e + f]
        }

        /// The indexed file of the book at `location`, found as ``find(_:_:_:_:_:_:_:)`` finds it.
        mutating func find(_ info: FileSystem.FileInfo?, book location: BookLocation) -> Int? {
            // The path goes in pieces: building it for every book is what the lookup avoids.
            let (a, b, d) = Self.separators(of: location)
            return find(info, a, b, location.folder, d, location.slug, location.isBundle ? "/index.md" : ".md")
        }

        /// ``find(_:book:)`` through the inode alone, without changing anything, so that tasks
        /// can share it: `nil` when the file indexed with `info`'s inode has another path, or
        /// none does.
        func foundByInode(_ info: FileSystem.FileInfo, book location: BookLocation) -> Int? {
            let (a, b, d) = Self.separators(of: location)
            return foundByInode(info, a, b, location.folder, d, location.slug, location.isBundle ? "/index.md" : ".md")
        }

        /// The pieces of a book's path around its folder: the status folder (an adopted
        /// library's notes folder, `""` for its root) and the slashes after it and after the
        /// folder, each `""` where nothing comes before it.
        private static func separators(of location: BookLocation) -> (top: String, afterTop: String, afterFolder: String) {
            let top = location.status.name
            let afterTop = top.isEmpty || location.folder.isEmpty ? "" : "/"
            let afterFolder = top.isEmpty && location.folder.isEmpty ? "" : "/"
            return (top, afterTop, afterFolder)
        }

        private func foundByInode(_ info: FileSystem.FileInfo, _ a: String, _ b: String, _ c: String, _ d: String,
                                  _ e: String, _ f: String) -> Int? {
            guard let index = byInode[info.inode], matches(files[index], a, b, c, d, e, f) else { return nil }
            return index
        }

        private func path(of file: File) -> String {
            String(decoding: pathBytes[file.start..<file.start + file.count], as: UTF8.self)
        }

        private func matches(_ file: File, _ a: String, _ b: String, _ c: String, _ d: String, _ e: String,
                             _ f: String) -> Bool {
            let end = file.start + file.count
            return pathBytes.withUnsafeBufferPointer { buffer in
                guard let base = buffer.baseAddress else { return false }
                var offset = file.start
                func matches(_ piece: String) -> Bool {
                    var piece = piece
                    return piece.withUTF8 { bytes in
                        guard offset + bytes.count <= end else { return false }
                        if let start = bytes.baseAddress, memcmp(base + offset, start, bytes.count) != 0 { return false }
                        offset += bytes.count
                        return true
                    }
                }
                return matches(a) && matches(b) && matches(c) && matches(d) && matches(e) && matches(f) && offset == end
            }
        }
    }
}
