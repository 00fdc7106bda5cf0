// A small reading app on ShelfKit's public API alone: what a phone or desktop app does with a
// library, as a terminal program. It lists the books being read with their progress, runs a
// timed reading session with a scratchpad, and prints what changes in the library while
// another program edits it. Built without package access (Package.swift), so `package` declarations
// of ShelfKit are out of its reach, as they are for any app.
//
//     shelf-reading-app LIBRARY reading
//     shelf-reading-app LIBRARY session BOOK [--seconds N] [--to PAGE] [--note TEXT]
//     shelf-reading-app LIBRARY watch [--reports N]
import Foundation
import ShelfKit

@main
struct ReadingApp {
    static func main() async {
        var arguments = Array(CommandLine.arguments.dropFirst())
        guard arguments.count >= 2 else {
            FileHandle.standardError.write(Data("usage: shelf-reading-app LIBRARY reading|session BOOK|watch\n".utf8))
            exit(64)
        }
        let root = arguments.removeFirst()
        let screen = arguments.removeFirst()
        do {
            let library = try FileLibrary(root: root)
            switch screen {
            case "reading": try await showReading(library)
            case "session": try await runSession(library, arguments)
            case "watch": try await watch(library, arguments)
            default:
                FileHandle.standardError.write(Data("unknown screen \(screen): reading, session or watch\n".utf8))
                exit(64)
            }
        } catch let error as ShelfError {
            // ShelfError's message is written for a person, in an app as in a terminal.
            FileHandle.standardError.write(Data("error: \(error.localizedDescription)\n".utf8))
            exit(1)
        } catch {
            FileHandle.standardError.write(Data("error: \(error)\n".utf8))
            exit(1)
        }
    }

    /// The "Reading" screen: each book being read, with how far its sessions reached.
    static func showReading(_ library: FileLibrary) async throws {
        let query = try Query(parsing: "status:reading", today: Day.today())
        let listing = try await library.booksWithProgress(matching: query, sortedBy: [BookSort(.title)], limit: nil)
        for item in listing.items {
            let book = item.book
            var line = "\(book.title)"
            if !book.authors.isEmpty { line += " — " + book.authors.joined(separator: ", ") }
            if let page = item.progress.page {
                line += ": page \(page)"
                if let pages = book.pages { line += " of \(pages)" }
                if let percent = item.progress.percent(of: book.pages) { line += " (\(percent)%)" }
            } else {
                line += ": not started"
            }
            say(line)
        }
        for problem in listing.problems { FileHandle.standardError.write(Data("skipped: \(problem)\n".utf8)) }
    }

    /// The timer screen: a live session that outlives the app (it is kept in the library), a
    /// clock that ticks from its elapsed-seconds stream, notes, and the session logged at the end.
    static func runSession(_ library: FileLibrary, _ arguments: [String]) async throws {
        guard let book = arguments.first else { throw UsageError("session needs a book id") }
        let seconds = Int(option("--seconds", in: arguments) ?? "") ?? 3
        let page = option("--to", in: arguments).flatMap { Int($0) }
        let id = BookID(book)
        let current = try await library.book(id)
        let live = try await library.startLiveSession(LiveSession(bookID: current.id, started: .now(), startPage: nil))
        say("reading \(current.title)")
        for await elapsed in live.elapsedSeconds(every: .milliseconds(250)) {
            say(String(format: "%02d:%02d", elapsed / 60, elapsed % 60))
            if elapsed >= seconds { break }
        }
        if let note = option("--note", in: arguments) {
            try await library.updateLiveSession(id) { $0.addNote(note) }
        }
        let logged = try await library.stopLiveSession(id) { session in
            session.session(endingAt: .now(), reaching: page.map(ReadingPosition.page))
        }
        say("logged \(logged.minutes ?? 0) min" + (logged.toPosition.map { " to " + describe($0) } ?? "") + " in \(logged.id)")
    }

    /// The library observed: every change printed as it comes, whoever made it.
    static func watch(_ library: FileLibrary, _ arguments: [String]) async throws {
        let limit = Int(option("--reports", in: arguments) ?? "") ?? Int.max
        var seen = 0
        let changes = try await library.changes()
        say("watching \(library.root)")
        for await report in changes {
            for change in report.books { say("book \(describe(change.kind)) \(change.id) \(change.path)") }
            for change in report.sessions { say("session \(describe(change.kind)) \(change.book) \(change.path)") }
            seen += 1
            if seen >= limit { break }
        }
    }

    static func describe(_ kind: FileChangeKind) -> String {
        switch kind {
        case .added: "added"
        case .changed: "changed"
        case .moved(let from): "moved from \(from) to"
        case .removed: "removed"
        }
    }

    static func describe(_ position: ReadingPosition) -> String {
        switch position {
        case .page(let page): "page \(page)"
        case .percent(let percent): "\(percent)%"
        case .location(let location): "location \(location)"
        case .time(let minutes): "\(minutes) min into the audiobook"
        }
    }

    static func option(_ name: String, in arguments: [String]) -> String? {
        guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return nil }
        return arguments[index + 1]
    }
}

/// Writes a line at once, unbuffered, so that a program reading the watch screen sees each
/// change as it comes.
func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

struct UsageError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
