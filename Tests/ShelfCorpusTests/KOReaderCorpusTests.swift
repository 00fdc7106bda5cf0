import Foundation
import GRDB
import ShelfKit
import ShelfInterchange
import ShelfTestSupport
import Testing

/// Every real KOReader database of `../shared/corpus/koreader/` imported into a library, with
/// the targets checked against the database read by this test's own SQL: every page turn
/// in exactly one session, each session's minutes its turns' seconds, `check` clean, a second
/// import writing nothing, and the older snapshot then the newer giving the newer's files.
@Suite(.serialized) struct KOReaderCorpusTests {
    static let folder = Corpus.sharedFolder("koreader")

    /// The databases, by name.
    static func databases() throws -> [String] {
        guard let folder else { return [] }
        return try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".sqlite3") }.sorted()
            .map { folder.appendingPathComponent($0).path }
    }

    /// A turn as the database has it: the book's md5, page, start and seconds.
    struct Turn: Hashable {
        var md5: String
        var page: Int
        var start: Int64
    }

    /// The database's turns (the longest of a duplicate), read with plain SQL.
    static func turns(in path: String) throws -> [Turn: Int] {
        var config = Configuration()
        config.readonly = true
        let copy = try TemporaryFolder.make() + "/copy.sqlite3"
        try FileManager.default.copyItem(atPath: path, toPath: copy)
        let queue = try DatabaseQueue(path: copy, configuration: config)
        return try queue.read { db in
            var turns: [Turn: Int] = [:]
            for row in try Row.fetchAll(db, sql: """
                SELECT lower(book.md5) AS md5, page, start_time, duration FROM page_stat_data JOIN book ON book.id = id_book
                """) {
                let turn = Turn(md5: row["md5"], page: row["page"], start: row["start_time"])
                turns[turn] = max(turns[turn] ?? 0, row["duration"] as Int)
            }
            return turns
        }
    }

    /// The turns the library's session files keep, each with its session's path and minutes,
    /// parsed here from `koreader_turns` (`START+SECONDS@PAGE/TOTAL`).
    static func sessionTurns(of library: FileLibrary) async throws -> [(session: ReadingSession, turns: [Turn: Int])] {
        var result: [(ReadingSession, [Turn: Int])] = []
        for session in try await library.sessions(since: nil).items {
            guard case .string(let md5)? = session.extra.first(where: { $0.key == "koreader" })?.value,
                  case .string(let encoded)? = session.extra.first(where: { $0.key == "koreader_turns" })?.value else { continue }
            var turns: [Turn: Int] = [:]
            for token in encoded.split(separator: " ") {
                let parts = token.split(whereSeparator: { "+@/".contains($0) }).compactMap { Int64($0) }
                #expect(parts.count == 4, "\(session.path): \(token)")
                guard parts.count == 4 else { continue }
                turns[Turn(md5: md5, page: Int(parts[2]), start: parts[0])] = Int(parts[1])
            }
            result.append((session, turns))
        }
        return result
    }

    static func importing(_ path: String, into root: String) async throws -> KOReaderImportPlan {
        let library = try FileLibrary(root: root, index: .disabled, today: { Day(year: 2026, month: 11, day: 27) ?? Day.today() })
        let options = KOReaderImportOptions(timeZone: TimeZone(identifier: "UTC") ?? .current, addsBooks: true)
        let plan = try await KOReaderImporter(path: path, options: options).plan(for: library) { _ in }
        try await library.apply(plan.batch)
        return plan
    }

    @Test(arguments: try databases())
    func everyTurnOnceAndCheckClean(_ path: String) async throws {
        let root = try TemporaryFolder.copyOfExampleLibrary()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        _ = try await Self.importing(path, into: root)
        let library = try FileLibrary(root: root, index: .disabled)
        let expected = try Self.turns(in: path)
        let written = try await Self.sessionTurns(of: library)
        var seen: [Turn: Int] = [:]
        for (session, turns) in written {
            for (turn, seconds) in turns {
                #expect(seen[turn] == nil, "\(session.path): a turn in two sessions")
                seen[turn] = seconds
            }
            let seconds = turns.values.reduce(0, +)
            #expect(abs((session.minutes ?? 0) * 60 - seconds) <= 60, "\(session.path): \(session.minutes ?? 0) min for \(seconds) s")
        }
        // Every turn of every book read (each one is added, so each one is matched).
        #expect(seen == expected)
        #expect(try await library.check().isEmpty)

        // A second import writes nothing.
        let files = try ExportCorpus.bookFiles(in: root)
        let again = try await Self.importing(path, into: root)
        #expect(again.batch.isEmpty)
        #expect(try ExportCorpus.bookFiles(in: root) == files)
        // The reader's database is as it was, and nothing was made beside it.
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
        #expect(!FileManager.default.fileExists(atPath: path + "-shm") && !FileManager.default.fileExists(atPath: path + "-wal"))
    }

    @Test func olderSnapshotThenNewerIsTheNewerAlone() async throws {
        guard let folder = Self.folder else { return }
        let older = folder.appendingPathComponent("iibarbari__inkstats__statistics.137765f.sqlite3").path
        let newer = folder.appendingPathComponent("iibarbari__inkstats__statistics.sqlite3").path
        let both = try TemporaryFolder.copyOfExampleLibrary()
        let alone = try TemporaryFolder.copyOfExampleLibrary()
        defer { for root in [both, alone] { try? FileManager.default.removeItem(atPath: root) } }
        let first = try await Self.importing(older, into: both)
        let second = try await Self.importing(newer, into: both)
        _ = try await Self.importing(newer, into: alone)
        #expect(first.summary.sessionsAdded > 0 && second.summary.sessionsAdded + second.summary.sessionsUpdated > 0)
        #expect(try ExportCorpus.bookFiles(in: both) == ExportCorpus.bookFiles(in: alone))
    }
}
