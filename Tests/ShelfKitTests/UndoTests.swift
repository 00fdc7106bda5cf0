import Foundation
import FrontMatterFuzzing
@testable import ShelfKit
import ShelfTestSupport
import Testing

/// `undoLastWrite()`: each write taken back leaves every file of the library as it was before
/// that write, byte for byte, and a file changed since is never overwritten.
struct UndoTests {
    /// A random life of writes, then every one of them taken back, newest first: after each
    /// undo the files are exactly what they were before the write it took back.
    @Test(arguments: LibraryKind.allCases)
    func everyWriteTakenBackRestoresTheFilesBeforeIt(_ kind: LibraryKind) async throws {
        for seed in UInt64(1)...6 {
            let test = try TestLibrary.make(kind)
            defer { test.remove() }
            var random = SeededGenerator(seed: seed)
            var before: [[String: [UInt8]]] = []
            var made: [String] = []
            for step in 0..<30 {
                let snapshot = await test.snapshot()
                let kept = try await test.library.undoableWrites().count
                let wrote = try await Self.randomWrite(step, test.library, &random)
                let now = try await test.library.undoableWrites()
                if let wrote, await test.snapshot() != snapshot {
                    #expect(now.count == kept + 1, "seed \(seed): \(wrote) kept no undo")
                    before.append(snapshot)
                    made.append(wrote)
                } else {
                    // Refused, or nothing to change: nothing to take back either.
                    #expect(now.count == kept, "seed \(seed): a write that changed nothing was kept for undo")
                    #expect(await test.snapshot() == snapshot, "seed \(seed): a refused write changed files")
                }
            }
            #expect(before.count > 10, "seed \(seed): too few writes to test")
            while let expected = before.popLast() {
                let write = made.removeLast()
                try await test.library.undoLastWrite()
                let files = await test.snapshot()
                #expect(files == expected, "seed \(seed): undo of \(write): \(Self.difference(files, expected))")
                // The library reads what the files hold: the index follows the undo.
                for (path, _) in expected where path.hasSuffix(".md") && !path.contains("/20") {
                    let slug = String(path.split(separator: "/").last?.dropLast(3) ?? "")
                    #expect(try await test.library.book(BookID(slug)).path == path, "seed \(seed): \(slug) after undo of \(write)")
                }
            }
            await expectError(.nothingToUndo) { try await test.library.undoLastWrite() }
        }
    }

    /// One of the writes a reader makes, on a random book; the name of the write, or `nil` when
    /// the library refused it.
    static func randomWrite(_ step: Int, _ library: any LibraryCommands, _ random: inout SeededGenerator) async throws -> String? {
        let books = try await library.books(matching: "", sortedBy: [], limit: nil).items
        let statuses: [Status] = [.toRead, .reading, .finished, .abandoned]
        func pick<T>(_ items: [T], _ random: inout SeededGenerator) -> T { items[Int(random.next() % UInt64(items.count))] }
        let choice = books.isEmpty ? 0 : Int(random.next() % 8)
        do {
            switch choice {
            case 0:
                let title = pick(["Dune", "Emma", "Circe", "Middlemarch", "Piranesi", "Beloved"], &random) + " \(step)"
                try await library.add(Book(title: title, authors: ["Someone"], pages: 300), to: pick(statuses, &random),
                                      in: pick(["", "fiction", "fiction/old"], &random))
                return "add of \(title)"
            case 1:
                let book = pick(books, &random)
                let rating = Double(1 + random.next() % 5)
                try await library.update(book.id) { $0.rating = rating }
                return "rating of \(book.id)"
            case 2:
                let book = pick(books, &random)
                let status = pick(statuses, &random)
                guard status != book.status else { return nil }
                try await library.move(book.id, to: status, folder: pick([nil, "moved"], &random))
                return "move of \(book.id) to \(status)"
            case 3:
                let book = pick(books, &random)
                try await library.delete(book.id)
                return "delete of \(book.id)"
            case 4, 5:
                let book = pick(books, &random)
                let day = Day(year: 2024, month: 3, day: 1 + Int(random.next() % 14))!
                try await library.log(ReadingSession(day: day, pages: 1 + Int(random.next() % 30)), for: book.id)
                return "log of \(book.id)"
            case 6:
                let book = pick(books, &random)
                guard var session = try await library.sessions(of: book.id).last else { return nil }
                session.minutes = 10 + Int(random.next() % 50)
                try await library.update(session)
                return "session of \(book.id)"
            default:
                let book = pick(books, &random)
                try await library.rename(book.id, to: BookID(book.id.rawValue + "-\(step)"))
                return "rename of \(book.id)"
            }
        } catch {
            // Refused: every write throws a ShelfError, and writes nothing then.
            return nil
        }
    }

    /// What differs between two snapshots, for a failure message.
    static func difference(_ files: [String: [UInt8]], _ expected: [String: [UInt8]]) -> String {
        let paths = Set(files.keys).union(expected.keys).filter { files[$0] != expected[$0] }.sorted()
        return paths.map { path in
            switch (files[path], expected[path]) {
            case (nil, _): "\(path) missing"
            case (_, nil): "\(path) left over"
            default: "\(path) differs"
            }
        }.joined(separator: ", ")
    }

    @Test(arguments: LibraryKind.allCases)
    func aFileChangedSinceIsNeverOverwritten(_ kind: LibraryKind) async throws {
        let test = try TestLibrary.make(kind)
        defer { test.remove() }
        try await test.library.add(Book(title: "Dune", pages: 412), to: .reading, in: "")
        try await test.library.move("dune", to: .finished)
        try await test.write("---\ntitle: Dune\npages: 412\nnote: mine\n---\n", to: "finished/dune.md")
        let snapshot = await test.snapshot()
        await expectError(.cannotUndo(operation: "move of dune", path: "finished/dune.md")) {
            try await test.library.undoLastWrite()
        }
        #expect(await test.snapshot() == snapshot)
        // Still the next write to take back: the person may put the file back and retry.
        #expect(try await test.library.undoableWrites().first?.operation == "move of dune")
    }

    /// A write whose files the person put back by hand is taken back with nothing written and
    /// forgotten, so that the writes before it can be taken back; a file put back to anything
    /// else still refuses.
    @Test(arguments: LibraryKind.allCases)
    func aWritePutBackByHandIsForgotten(_ kind: LibraryKind) async throws {
        let test = try TestLibrary.make(kind)
        defer { test.remove() }
        try await test.library.add(Book(title: "Dune", pages: 412), to: .reading, in: "")
        let added = try #require(await test.bytes("reading/dune.md"))
        try await test.library.update("dune") { $0.rating = 3 }
        try await test.write(String(decoding: added, as: UTF8.self).replacingOccurrences(of: "pages: 412", with: "pages: 413"),
                             to: "reading/dune.md")
        await expectError(.cannotUndo(operation: "update of dune", path: "reading/dune.md")) {
            try await test.library.undoLastWrite()
        }
        try await test.write(String(decoding: added, as: UTF8.self), to: "reading/dune.md")
        let snapshot = await test.snapshot()
        #expect(try await test.library.undoLastWrite().operation == "update of dune")
        #expect(await test.snapshot() == snapshot, "nothing written")
        #expect(try await test.library.undoableWrites().first?.operation == "add of dune")
        try await test.library.undoLastWrite()
        #expect(await !test.exists("reading/dune.md"))
    }

    /// Taking back an add removes the file only when it holds what the add wrote; an edited one
    /// stays, byte for byte, with nothing left beside it.
    @Test(arguments: LibraryKind.allCases)
    func aFileAddedThenEditedIsNeverRemoved(_ kind: LibraryKind) async throws {
        let test = try TestLibrary.make(kind)
        defer { test.remove() }
        try await test.library.add(Book(title: "Emma", pages: 474), to: .toRead, in: "")
        let mine = "---\r\ntitle: Emma\r\npages: 474\r\n---\r\nMy notes.\r\n"
        try await test.write(mine, to: "to-read/emma.md")
        await expectError(.cannotUndo(operation: "add of emma", path: "to-read/emma.md")) {
            try await test.library.undoLastWrite()
        }
        #expect(await test.bytes("to-read/emma.md") == Array(mine.utf8))
        #expect(await test.snapshot().keys.sorted() == ["to-read/emma.md"], "nothing left beside it")
    }

    @Test(arguments: LibraryKind.allCases)
    func theHistoryIsBoundedAndKeptOutOfGit(_ kind: LibraryKind) async throws {
        let test = try TestLibrary.make(kind)
        defer { test.remove() }
        try await test.write("# mine\nlock\n", to: ".shelf/.gitignore")
        try await test.library.add(Book(title: "Dune", pages: 412), to: .reading, in: "")
        #expect(await test.text(".shelf/.gitignore") == "# mine\nlock\nundo/\n")
        for pages in 1...(UndoHistory.limit + 5) {
            try await test.library.update("dune") { $0.pages = pages }
        }
        let writes = try await test.library.undoableWrites()
        #expect(writes.count == UndoHistory.limit)
        #expect(writes.map(\.operation).allSatisfy { $0 == "update of dune" })
        #expect(writes.first?.paths == ["reading/dune.md"])
    }

    @Test(arguments: LibraryKind.allCases)
    func aBatchIsTakenBackWhole(_ kind: LibraryKind) async throws {
        let test = try TestLibrary.make(kind)
        defer { test.remove() }
        try await test.library.add(Book(title: "Dune", pages: 412), to: .reading, in: "")
        let snapshot = await test.snapshot()
        let batch = LibraryBatch(additions: [NewBook(Book(title: "Emma"), to: Status("loaned")), NewBook(Book(title: "Circe"), to: .toRead, in: "myth")],
                                 moves: [BookMove("dune", to: .finished)], newStatuses: [Status("loaned")])
        try await test.library.apply(batch)
        let configuration = await test.bytes(LibraryConfiguration.path)
        #expect(await test.exists("loaned/emma.md"))
        let undone = try await test.library.undoLastWrite()
        #expect(undone.paths.contains("to-read/myth/circe.md") && undone.paths.contains("finished/dune.md"))
        #expect(await test.snapshot() == snapshot)
        #expect(await test.bytes(LibraryConfiguration.path) != configuration, "the status the batch added is taken back")
    }
}
