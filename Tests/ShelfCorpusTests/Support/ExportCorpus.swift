import Foundation
import ShelfKit
import ShelfInterchange

/// The shared corpus of real Goodreads and StoryGraph exports, `../shared/corpus/exports/`.
///
/// The exports belong to the people who published them (SOURCES.md there names each one), so
/// they are read where they are and never copied into the project.
enum ExportCorpus {
    /// The folder, or `nil` where it is absent.
    static let folder = Corpus.sharedFolder("exports")

    /// One export: its name, its text, its service, and the rows SOURCES.md counts in it.
    struct File: Sendable {
        var name: String
        var text: String
        var format: ImportFormat
        var rows: Int?
    }

    /// Every export in name order.
    static func files() throws -> [File] {
        guard let folder else { return [] }
        let counts = try rowCounts(in: folder)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".csv") }.sorted()
        return try names.map { name in
            let data = try Data(contentsOf: folder.appendingPathComponent(name))
            let text = try ImportFileText.decode([UInt8](data), path: name)
            let header = text.prefix { $0 != "\n" && $0 != "\r\n" }
            let format: ImportFormat = header.contains("Read Status") ? .storygraph : .goodreads
            return File(name: name, text: text, format: format, rows: counts[name])
        }
    }

    /// The `rows` column of SOURCES.md's table, counted there with Python's `csv` module: a
    /// count made without shelf's CSV reader.
    private static func rowCounts(in folder: URL) throws -> [String: Int] {
        let sources = try String(contentsOf: folder.appendingPathComponent("SOURCES.md"), encoding: .utf8)
        var counts: [String: Int] = [:]
        var rowsColumn: Int?
        for line in sources.split(separator: "\n") where line.hasPrefix("|") {
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            if let index = cells.firstIndex(of: "rows") { rowsColumn = index; continue }
            guard let rowsColumn, rowsColumn < cells.count, cells.count > 1, let count = Int(cells[rowsColumn]) else { continue }
            counts[cells[1]] = count
        }
        return counts
    }

    /// Every file below `root` except `.shelf/`, by path relative to it, with its bytes.
    static func bookFiles(in root: String) throws -> [String: Data] {
        var files: [String: Data] = [:]
        guard let walker = FileManager.default.enumerator(atPath: root) else { return files }
        while let path = walker.nextObject() as? String {
            if path == ".shelf" || path.hasPrefix(".shelf/") { continue }
            var isDirectory: ObjCBool = false
            let full = root + "/" + path
            if FileManager.default.fileExists(atPath: full, isDirectory: &isDirectory), !isDirectory.boolValue {
                files[path] = try Data(contentsOf: URL(fileURLWithPath: full))
            }
        }
        return files
    }
}
