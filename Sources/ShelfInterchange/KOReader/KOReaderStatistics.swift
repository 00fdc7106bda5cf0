internal import Foundation
internal import GRDB

/// One book of KOReader's `book` table.
struct KOReaderBook: Sendable, Hashable {
    /// The row id, which `page_stat_data.id_book` refers to.
    var id: Int64
    var title: String
    /// KOReader's authors text: `N/A` when the file named none, several separated by line breaks.
    var authors: String
    /// The book's page count now, which the rows' pages are rescaled to (`page_stat`'s rule).
    var pages: Int?
    /// KOReader's partial md5 of the file: the book's identity across devices.
    var md5: String
}

/// One row of `page_stat_data`: a page shown from `start` for `duration` seconds (KOReader's
/// `min_sec`/`max_sec` caps already applied), when the book had `totalPages` pages.
struct PageTurn: Sendable, Hashable {
    var page: Int
    var start: Int64
    var duration: Int
    var totalPages: Int

    /// The end of the page's time.
    var end: Int64 { start + Int64(duration) }
}

/// KOReader's reading statistics (`settings/statistics.sqlite3`), read from a copy so that the
/// reader's own file is never opened, locked or changed (KOReader may be writing it, in WAL mode,
/// and SQLite creates `-shm`/`-wal` files beside a WAL database it opens, even read-only).
struct KOReaderStatistics: Sendable {
    /// The books, by md5 (a book recorded twice under one md5, as the old schema allowed, is one).
    var books: [KOReaderBook]
    /// Each book's rows by md5, ordered by start then page.
    var turns: [String: [PageTurn]]
    /// `PRAGMA user_version`: 20221111 now, 20201022 in older installs.
    var schemaVersion: Int
    /// The database read, as given.
    var path: String

    /// Where the statistics of `path` are: the file itself, or in a KOReader folder
    /// `settings/statistics.sqlite3` (or `statistics.sqlite3` at its top).
    static func locate(_ path: String) throws(KOReaderError) -> String {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { throw .notFound(path: path) }
        guard isFolder.boolValue else { return path }
        for candidate in ["settings/statistics.sqlite3", "statistics.sqlite3", "koreader/settings/statistics.sqlite3"] {
            let full = (path as NSString).appendingPathComponent(candidate)
            if FileManager.default.fileExists(atPath: full) { return full }
        }
        throw .noStatistics(folder: path)
    }

    /// Reads the database at `path` (the file; see ``locate(_:)``).
    static func read(_ path: String) throws(KOReaderError) -> KOReaderStatistics {
        let manager = FileManager.default
        let folder = manager.temporaryDirectory.appendingPathComponent("shelf-koreader-\(UUID().uuidString)")
        do {
            try manager.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw .notADatabase(path: path, reason: "cannot make a temporary copy: \(error.localizedDescription)")
        }
        defer { try? manager.removeItem(at: folder) }
        let copy = folder.appendingPathComponent("statistics.sqlite3").path
        do {
            try manager.copyItem(atPath: path, toPath: copy)
            // What KOReader has written but not yet checkpointed into the database.
            if manager.fileExists(atPath: path + "-wal") { try manager.copyItem(atPath: path + "-wal", toPath: copy + "-wal") }
        } catch {
            throw .notADatabase(path: path, reason: "cannot read it: \(error.localizedDescription)")
        }
        do {
            let queue = try DatabaseQueue(path: copy)
            return try queue.read { database in try read(database, path: path) }
        } catch let error as KOReaderError {
            throw error
        } catch let error as DatabaseError {
            throw .notADatabase(path: path, reason: error.message ?? "SQLite error \(error.resultCode.rawValue)")
        } catch {
            throw .notADatabase(path: path, reason: "\(error)")
        }
    }

    private static func read(_ database: Database, path: String) throws -> KOReaderStatistics {
        let tables = Set(try String.fetchAll(database, sql: "SELECT name FROM sqlite_master WHERE type IN ('table', 'view')"))
        let missing = ["book", "page_stat_data"].filter { !tables.contains($0) }
        guard missing.isEmpty else { throw KOReaderError.notStatistics(path: path, missing: missing) }
        let version = try Int.fetchOne(database, sql: "PRAGMA user_version") ?? 0
        var books: [KOReaderBook] = []
        var md5ByID: [Int64: String] = [:]
        var seen: Set<String> = []
        let rows = try Row.fetchCursor(database, sql: "SELECT id, title, authors, pages, md5 FROM book ORDER BY id")
        while let row = try rows.next() {
            let id: Int64 = row["id"]
            // A book without md5 (never the case in KOReader's own rows) is known by its id alone.
            let md5 = ((row["md5"] as String?) ?? "").lowercased()
            let key = md5.isEmpty ? "id-\(id)" : md5
            md5ByID[id] = key
            guard seen.insert(key).inserted else { continue }
            let pages: Int? = row["pages"]
            books.append(KOReaderBook(id: id, title: (row["title"] as String?) ?? "", authors: (row["authors"] as String?) ?? "",
                                      pages: pages.flatMap { $0 > 0 ? $0 : nil }, md5: key))
        }
        var turns: [String: [PageTurn]] = [:]
        let statement = try database.makeStatement(sql: """
            SELECT id_book, page, start_time, duration, total_pages FROM page_stat_data
            WHERE id_book IS NOT NULL ORDER BY id_book, start_time, page
            """)
        let cursor = try Row.fetchCursor(statement)
        while let row = try cursor.next() {
            let id: Int64 = row[0]
            guard let md5 = md5ByID[id] else { continue }
            let duration: Int = row[3] ?? 0
            turns[md5, default: []].append(PageTurn(page: row[1] ?? 0, start: row[2] ?? 0, duration: max(0, duration), totalPages: row[4] ?? 0))
        }
        return KOReaderStatistics(books: books, turns: turns, schemaVersion: version, path: path)
    }
}
