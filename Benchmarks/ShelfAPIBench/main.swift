// shelf-api-bench: times the calls an app makes of ShelfKit, through its public API alone, on
// one library, and prints each call's median as `call<TAB>seconds`, one line each.
//
//   shelf-api-bench LIBRARY [--runs 20] [--watched]
//
// `shelf-bench --api` runs it on copies of libraries of several sizes (with its private
// watchman for --watched) and writes the table; by hand, run it on a copy: it adds books and
// changes one. With --watched the library is opened with `IndexOptions.watched`, which asks the
// watchman of `WATCHMAN_SOCK` (or the usual one) what changed, as the `shelf` command does.
import Foundation
import ShelfKit

var arguments = CommandLine.arguments.dropFirst()
guard let root = arguments.popFirst() else {
    FileHandle.standardError.write(Data("usage: shelf-api-bench LIBRARY [--runs 20] [--watched]\n".utf8))
    exit(2)
}
var runs = 20
var watched = false
while let argument = arguments.popFirst() {
    switch argument {
    case "--runs": runs = arguments.popFirst().flatMap { Int($0) } ?? runs
    case "--watched": watched = true
    default:
        FileHandle.standardError.write(Data("shelf-api-bench: unknown argument \(argument)\n".utf8))
        exit(2)
    }
}

/// The median wall time of `runs` calls of `call`, after one untimed call.
@MainActor
func median(_ call: (Int) async throws -> Void) async throws -> Double {
    try await call(-1)
    var times: [Double] = []
    for round in 0..<runs {
        let start = ContinuousClock.now
        try await call(round)
        let elapsed = ContinuousClock.now - start
        times.append(Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
    }
    times.sort()
    return times[times.count / 2]
}

do {
    let library = try FileLibrary(root: root, index: watched ? .watched : .enabled)
    let byTitle = [BookSort(key: "title", descending: false)]
    // The first read builds the index, untimed.
    guard let book = try await library.books(matching: "status:reading", sortedBy: byTitle, limit: 1).items.first else {
        throw ShelfError.bookNotFound(reference: "status:reading", closeMatches: [])
    }
    let total = try await library.count(matching: Query.all)
    var results: [(String, Double)] = []
    results.append(("book(id)", try await median { _ in _ = try await library.book(book.id) }))
    results.append(("sessions(of:)", try await median { _ in _ = try await library.sessions(of: book.id) }))
    results.append(("count(matching: .all)", try await median { _ in _ = try await library.count(matching: Query.all) }))
    results.append(("first page of 50 by title", try await median { _ in
        _ = try await library.books(matching: Query.all, sortedBy: byTitle, limit: 50, offset: 0)
    }))
    results.append(("page of 50 by title from the middle", try await median { _ in
        _ = try await library.books(matching: Query.all, sortedBy: byTitle, limit: 50, offset: total / 2)
    }))
    results.append(("first page of 50 of a query (author:herbert)", try await median { _ in
        _ = try await library.books(matching: "author:herbert", sortedBy: byTitle, limit: 50)
    }))
    results.append(("update(id) { pages = n }", try await median { round in
        _ = try await library.update(book.id) { $0.pages = 300 + round + 2 }
    }))
    results.append(("add(book)", try await median { round in
        _ = try await library.add(Book(title: "Bench Book \(round + 2) \(UUID().uuidString.prefix(8))"), to: .toRead, in: "")
    }))
    // Issue 38's target: 50 updates of one book from a task group within 2× of the same 50 one
    // after the other (the writers of a process queue instead of polling the lock).
    results.append(("50 updates of one book in a row", try await median { _ in
        for _ in 0..<50 { _ = try await library.update(book.id) { $0.pages = ($0.pages ?? 0) + 1 } }
    }))
    results.append(("50 updates of one book from a task group", try await median { _ in
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<50 { group.addTask { _ = try await library.update(book.id) { $0.pages = ($0.pages ?? 0) + 1 } } }
            try await group.waitForAll()
        }
    }))
    // Issue 38's target: a change made by another process reaches an observer within 200 ms
    // at 10,000 books. Each round a shell writes a book file; timed from before the shell is
    // started to the report that names the file.
    func delivery(_ source: ObservationSource) async throws -> Double {
        let changes = try await library.changes(from: source)
        var reports = changes.makeAsyncIterator()
        let path = "to-read/observed-by-the-bench.md"
        return try await median { round in
            let writer = Process()
            writer.executableURL = URL(fileURLWithPath: "/bin/sh")
            writer.arguments = ["-c", "printf -- '---\\ntitle: Observed %s\\n---\\n' \"$1\" > \"$2\"", "sh", String(round + 2),
                                root + "/" + path]
            try writer.run()
            while let report = await reports.next(isolation: #isolation) {
                if report.books.contains(where: { $0.path == path }) { break }
            }
            writer.waitUntilExit()
        }
    }
    results.append(("a change by another process observed (inotify)", try await delivery(.fileEvents)))
    if watched {
        results.append(("a change by another process observed (watchman)", try await delivery(.watchman(socket: nil))))
    }
    for (call, seconds) in results { print("\(call)\t\(seconds)") }
} catch {
    FileHandle.standardError.write(Data("shelf-api-bench: \(error)\n".utf8))
    exit(1)
}
