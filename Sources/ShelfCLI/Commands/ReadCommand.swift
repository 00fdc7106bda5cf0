import ArgumentParser
import Foundation
import ShelfKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `shelf read BOOK`: a live reading session, timed on screen, logged when it stops.
struct ReadCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "read",
        abstract: "Time a reading session live, with a scratchpad for notes; log it when you stop.",
        discussion: """
            On a terminal, `shelf read BOOK` shows a clock (pauses left out), the page you \
            began on, the pages read so far at the book's pace, and your notes. Keys: space \
            pauses and resumes, n adds a note line, s stops (asks the page reached, or 45%, \
            "loc 3400" or 3h20m as `shelf log --to` takes them, and whether to edit the notes, \
            then logs the session as `shelf log` does, named by the time it began), q leaves it \
            running in the background, c cancels it.

            The session in progress is kept in .shelf/live/ (never committed to git) and saved \
            at every change, so a closed terminal or a reboot loses nothing: come back with \
            `shelf read --resume`. One session runs at a time. Without a terminal, \
            `shelf read BOOK` says so and exits with status 2: use the flags below.

            Examples:
              shelf read dune
              shelf read dune --start            # for scripts: no screen
              shelf read --status --format json
              shelf read --pause; shelf read --continue
              shelf read --stop --to 140 --note "The litany against fear."
              shelf read --stop --to 62% --minutes 1h10
              shelf read --cancel
            """
    )

    enum StatusFormat: String, ExpressibleByArgument, CaseIterable {
        case text, json
    }

    @OptionGroup var library: LibraryOptions
    @OptionGroup var color: ColorOptions

    @Argument(help: "The book: a slug, path, slug prefix or title fragment.", completion: ShelfCompletion.books)
    var book: String?

    @Flag(help: "Begin the session without the screen.")
    var start = false

    @Flag(help: "Show the session running: book, time read, paused or not.")
    var status = false

    @Flag(help: "Show the screen of the session running again.")
    var resume = false

    @Flag(help: "Pause the session running.")
    var pause = false

    @Flag(name: .customLong("continue"), help: "Go on with the session after a pause.")
    var continueReading = false

    @Flag(help: "Stop the session running and log it, without the screen.")
    var stop = false

    @Flag(help: "Discard the session running, logging nothing.")
    var cancel = false

    @Option(parsing: .unconditional,
            help: "With --stop: where you reached, a page, 45%, \"loc 3400\" or 3h20m (default: none, only minutes and notes).")
    var to: PositionArgument?

    @Option(parsing: .unconditional, help: "With --stop: the minutes read, 90 or 1h30 (default: the time on the clock, pauses left out).")
    var minutes: MinutesArgument?

    @Option(help: "With --stop: a last line for the notes.")
    var note: String?

    @Option(help: "With --status: text or json.")
    var format: StatusFormat = .text

    private var actions: [String] {
        [(start, "--start"), (status, "--status"), (resume, "--resume"), (pause, "--pause"), (continueReading, "--continue"),
         (stop, "--stop"), (cancel, "--cancel")].filter(\.0).map(\.1)
    }

    func validate() throws {
        let actions = actions
        if actions.count > 1 { throw ValidationError("give one of \(actions.joined(separator: ", ")), not several") }
        if start && book == nil { throw ValidationError("--start needs the book: shelf read BOOK --start") }
        if !stop && (to != nil || minutes != nil || note != nil) {
            throw ValidationError("--to, --minutes and --note go with --stop")
        }
        if !status && format != .text { throw ValidationError("--format goes with --status") }
        if actions.isEmpty && book == nil {
            throw ValidationError("name the book to read, or give --status, --resume, --stop or --cancel")
        }
        _ = try to.map { try PositionInput.position($0.text, option: "--to") }
        _ = try minutes.map { try PositionInput.minutes($0.text, option: "--minutes") }
    }

    func run() async throws {
        let library = try library.open()
        if status { return try await printStatus(library) }
        if let book, actions.isEmpty || start {
            let book = try await library.resolve(library.reference(book))
            if let running = try await library.liveSession(), running.bookID == book.id, !start {
                return try await show(running, library: library)
            }
            let sessions = try await library.sessions(of: book.id)
            let live = LiveSession(bookID: book.id, started: .now(), startPage: (ReadingProgress(sessions, of: book).page ?? 0) + 1)
            if !start { try Self.requireTerminal() }
            try await library.startLiveSession(live)
            if start {
                try StandardOutput.writeLine("\(book.id): reading from page \(live.startPage.map(String.init) ?? "?") since \(live.started.time)")
                return
            }
            return try await show(live, library: library)
        }
        guard let live = try await library.liveSession() else { throw ShelfError.noLiveSession(nil) }
        // `shelf read dune --stop --to 120`: the book named must be the one running.
        if let book {
            let named = try await library.resolve(library.reference(book))
            guard named.id == live.bookID else {
                throw CommandFailure(message: "the session running is of \(live.bookID), not \(named.id); "
                                     + "\(actions.first ?? "--stop") acts on the session running")
            }
        }
        let now = LocalDateTime.now()
        if resume {
            try await show(live, library: library)
        } else if pause || continueReading {
            let pausing = pause
            let saved = try await library.updateLiveSession(live.bookID) { session in
                _ = pausing ? session.pause(at: now) : session.resume(at: now)
            }
            try StandardOutput.writeLine("\(saved.bookID): " + (saved.isPaused ? "paused" : "reading") + " at " + Self.clock(saved.secondsRead(at: now)))
        } else if stop {
            let position = try to.map { try PositionInput.position($0.text, option: "--to") }
            let minutes = try minutes.map { try PositionInput.minutes($0.text, option: "--minutes") }
            let note = note
            let logged = try await library.stopLiveSession(live.bookID) { running in
                running.session(endingAt: now, reaching: position, minutes: minutes, note: note)
            }
            try await LogCommand.printLogged(logged, library: library)
        } else if cancel {
            try await library.cancelLiveSession(live.bookID)
            try StandardOutput.writeLine("\(live.bookID): session cancelled, nothing logged")
        }
    }

    /// What to do about a running session, after the refusal to start another.
    static let runningHint = "; `shelf read --resume` returns to it, `shelf read --stop --to PAGE` logs it, `shelf read --cancel` discards it"

    private static func requireTerminal() throws {
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else {
            throw CommandFailure(message: "shelf read BOOK needs a terminal; without one, use shelf read BOOK --start, "
                                 + "then --status, --pause, --continue, --stop --to PAGE or --cancel", status: 2)
        }
    }

    private func show(_ live: LiveSession, library: FileLibrary) async throws {
        try Self.requireTerminal()
        guard let terminal = RawTerminal() else { throw CommandFailure(message: "standard input is not a terminal", status: 2) }
        let book = try await library.book(live.bookID)
        let pace = ReadingPace(try await library.sessions(of: live.bookID)).pagesPerHour
        let title = book.title.isEmpty ? book.id.rawValue : book.title
        let screen = await LiveScreen(library: library, live: live, title: title, pagesPerHour: pace, terminal: terminal,
                                      colors: color.terminal(), environment: ProcessInfo.processInfo.environment)
        let outcome = await screen.run()
        let leftMessage = "\(live.bookID): the session keeps running; come back with `shelf read --resume`, "
            + "or finish it with `shelf read --stop --to PAGE`"
        switch outcome {
        case .logged(let session):
            try await LogCommand.printLogged(session, library: library)
        case .left:
            printError("shelf: " + leftMessage)
        case .cancelled:
            try StandardOutput.writeLine("\(live.bookID): session cancelled, nothing logged")
        case .ended:
            printError("shelf: the session of \(live.bookID) was stopped or cancelled elsewhere")
        case .signalled(let number):
            printError("shelf: " + leftMessage)
            throw ExitCode(128 + number)
        }
    }

    private func printStatus(_ library: FileLibrary) async throws {
        guard let live = try await library.liveSession() else {
            switch format {
            case .json: try StandardOutput.writeLine(JSONValue.object([("running", .bool(false))]).text(.pretty))
            case .text: try StandardOutput.writeLine("no reading session is running")
            }
            return
        }
        let now = LocalDateTime.now()
        let book = try? await library.book(live.bookID)
        let seconds = live.secondsRead(at: now)
        switch format {
        case .json:
            var members: [(String, JSONValue)] = [("running", .bool(true)), ("book", .string(live.bookID.rawValue))]
            if let title = book?.title { members.append(("title", .string(title))) }
            members += [("started", .string(live.started.description)), ("seconds", .int(seconds)),
                        ("minutes", .int(live.minutesRead(at: now))), ("paused", .bool(live.isPaused))]
            if let page = live.startPage { members.append(("from", .int(page))) }
            members.append(("notes", .array(live.notes.map { .string($0) })))
            try StandardOutput.writeLine(JSONValue.object(members).text(.pretty))
        case .text:
            var line = "\(live.bookID): \(Self.clock(seconds)) " + (live.isPaused ? "paused" : "reading")
            line += ", began \(live.started.day) at \(live.started.time)"
            if let page = live.startPage { line += " on page \(page)" }
            if !live.notes.isEmpty { line += ", \(Plural.counted(live.notes.count, "note line"))" }
            try StandardOutput.writeLine(line)
        }
    }

    /// H:MM:SS.
    static func clock(_ seconds: Int) -> String {
        let pad = { (value: Int) in value < 10 ? "0\(value)" : String(value) }
        return "\(seconds / 3600):" + pad(seconds / 60 % 60) + ":" + pad(seconds % 60)
    }
}
