import Dispatch
import Foundation
import ShelfKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The screen of `shelf read`: a clock redrawn in place over the running ``LiveSession``, keys
/// to pause, take a note, stop, leave or cancel, and the questions asked on stop.
///
/// Every change is saved to the session's file before the screen shows it, so nothing is held
/// only here. Keys come from ``InputReader``'s thread, the clock ticks with `Task.sleep`, and
/// SIGINT, SIGTERM and SIGHUP arrive as events too: each leaves the terminal as it was found and
/// the session running.
@MainActor
final class LiveScreen {
    enum Outcome {
        case logged(ReadingSession)
        case left
        case cancelled
        case ended
        case signalled(Int32)
    }

    private enum Event: Sendable {
        case input([UInt8])
        case tick
        case signal(Int32)
    }

    private let library: FileLibrary
    private let title: String
    private let pagesPerHour: Double?
    private let terminal: RawTerminal
    private let colors: Terminal
    private let environment: [String: String]
    private var live: LiveSession
    private var events: AsyncStream<Event>.Iterator
    private let continuation: AsyncStream<Event>.Continuation
    private let reader = InputReader()
    private var signals: [any DispatchSourceSignal] = []
    private var pending: [UInt8] = []
    private var message = ""

    init(library: FileLibrary, live: LiveSession, title: String, pagesPerHour: Double?, terminal: RawTerminal,
         colors: Terminal, environment: [String: String]) {
        self.library = library
        self.live = live
        self.title = title
        self.pagesPerHour = pagesPerHour
        self.terminal = terminal
        self.colors = colors
        self.environment = environment
        let (stream, continuation) = AsyncStream<Event>.makeStream()
        self.events = stream.makeAsyncIterator()
        self.continuation = continuation
    }

    /// Runs the screen until the session is stopped, left, cancelled or a signal arrives.
    func run() async -> Outcome {
        let continuation = continuation
        signals = Self.watchSignals(into: continuation)
        reader.start { continuation.yield(.input($0)) }
        let ticker = Task {
            while !Task.isCancelled {
                try? await Task.sleep(for: .milliseconds(250))
                continuation.yield(.tick)
            }
        }
        terminal.keys()
        emit("\u{1B}[?25l\u{1B}[H\u{1B}[2J")
        draw()
        let outcome = await loop()
        ticker.cancel()
        await reader.stop()
        terminal.restore()
        emit("\u{1B}[?25h")
        return outcome
    }

    /// Turns SIGINT, SIGTERM and SIGHUP into events.
    ///
    /// Nonisolated, so that the handlers, which run on a global queue, are not closures of the
    /// main actor: one of those, run off the main thread, stops the process on Swift 6's
    /// isolation check (Ctrl-C printed a backtrace).
    private nonisolated static func watchSignals(into continuation: AsyncStream<Event>.Continuation) -> [any DispatchSourceSignal] {
        [SIGINT, SIGTERM, SIGHUP].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { continuation.yield(.signal(number)) }
            source.resume()
            return source
        }
    }

    private func loop() async -> Outcome {
        while let event = await next() {
            switch event {
            case .signal(let number):
                return .signalled(number)
            case .tick:
                if let outcome = await reload() { return outcome }
                draw()
            case .input(let bytes):
                if bytes.isEmpty { return .left }
                for key in bytes {
                    if let outcome = await press(key) { return outcome }
                }
                draw()
            }
        }
        return .left
    }

    private func next() async -> Event? {
        var iterator = events
        let event = await iterator.next(isolation: #isolation)
        events = iterator
        return event
    }

    /// Takes up changes made by another process (`shelf read --pause`), and ends the screen
    /// when the session was stopped or cancelled there.
    private func reload() async -> Outcome? {
        let found: LiveSession?
        do { found = try await library.liveSession() } catch { return nil }
        guard let current = found else { return .ended }
        live = current
        return nil
    }

    private func press(_ key: UInt8) async -> Outcome? {
        switch key {
        case UInt8(ascii: " "):
            let now = LocalDateTime.now()
            let pausing = !live.isPaused
            return await save { _ = pausing ? $0.pause(at: now) : $0.resume(at: now) }
        case UInt8(ascii: "n"):
            guard let line = await ask("Note: ") else { return .left }
            if let outcome = line.signal { return outcome }
            if !line.text.isEmpty {
                let text = line.text
                return await save { $0.addNote(text) }
            }
        case UInt8(ascii: "s"):
            return await stop()
        case UInt8(ascii: "q"):
            return .left
        case UInt8(ascii: "c"):
            guard let answer = await ask("Cancel this session and discard it? [y/N] ") else { return .left }
            if let outcome = answer.signal { return outcome }
            if answer.text.lowercased().hasPrefix("y") {
                do {
                    try await library.cancelLiveSession(live.bookID)
                } catch {
                    message = "\(error)"
                    return nil
                }
                return .cancelled
            }
        default:
            break
        }
        return nil
    }

    /// Makes `change` to the session as its file holds it now (a pause made from another
    /// terminal stays), and shows the result.
    private func save(_ change: @escaping @Sendable (inout LiveSession) -> Void) async -> Outcome? {
        do {
            live = try await library.updateLiveSession(live.bookID, change)
        } catch .noLiveSession {
            return .ended
        } catch {
            message = "\(error)"
        }
        return nil
    }

    /// Stops the clock now, asks for the page reached and whether to edit the notes, and logs.
    private func stop() async -> Outcome? {
        let moment = LocalDateTime.now()
        let suggested = live.estimatedPage(at: moment, pagesPerHour: pagesPerHour)
        var page: ReadingPosition?
        while true {
            let prompt = "Page reached" + (suggested.map { " [\($0)]" } ?? "") + " (- for none): "
            guard let answer = await ask(prompt) else { return .left }
            if let outcome = answer.signal { return outcome }
            let text = answer.text.trimmingCharacters(in: .whitespaces)
            if text.isEmpty, let suggested { page = .page(suggested); break }
            if text.isEmpty || text == "-" {
                if live.minutesRead(at: moment) > 0 || !live.notes.isEmpty { page = nil; break }
                message = "nothing to log without a page: give the page reached"
                continue
            }
            guard let position = ReadingPosition(text) else {
                message = "\"\(text)\" is not a page, a percent (45%), a location (loc 3400) or a time (3h20m)"
                continue
            }
            // Checked now, while the page can still be typed again, not after the notes.
            if let refusal = await refusal(of: position, at: moment) {
                message = refusal
                continue
            }
            page = position
            break
        }
        let editor = EditorLauncher(environment: environment).command.first ?? "vi"
        guard let answer = await ask("Open the notes in \(editor)? [y/N] ") else { return .left }
        if let outcome = answer.signal { return outcome }
        if answer.text.lowercased().hasPrefix("y"), let outcome = await editNotes() { return outcome }
        do {
            let reached = page
            return .logged(try await library.stopLiveSession(live.bookID) { $0.session(endingAt: moment, reaching: reached) })
        } catch {
            message = "\(error)"
            return nil
        }
    }

    /// Why the library would refuse the session stopped at `moment` on `position`; `nil` when it
    /// would take it (or cannot say: logging checks again).
    private func refusal(of position: ReadingPosition, at moment: LocalDateTime) async -> String? {
        do {
            let book = try await library.book(live.bookID)
            let sessions = try await library.sessions(of: live.bookID)
            _ = try live.session(endingAt: moment, reaching: position).checked(for: book, after: sessions, today: moment.day)
            return nil
        } catch {
            return "\(error)"
        }
    }

    /// Opens the notes in the editor, as a file beside the session's, and saves what comes back.
    private func editNotes() async -> Outcome? {
        let path = library.root + "/.shelf/live/" + live.bookID.rawValue + ".notes"
        let text = live.notes.map { $0 + "\n" }.joined()
        do {
            try ExportFile.write(text, to: path)
        } catch {
            message = "\(error)"
            return nil
        }
        await reader.stop()
        terminal.restore()
        emit("\u{1B}[?25h")
        let launcher = EditorLauncher(environment: environment)
        let failure = await offThePool { () -> String? in
            do throws(EditorLauncher.Failure) { try launcher.edit(path); return nil } catch { return error.description }
        }
        if let failure {
            // What was typed may be in the file: keep it, and say where.
            message = failure + "; the notes are kept in \(path)"
        } else if let edited = FileManager.default.contents(atPath: path) {
            let lines = LiveSession.noteLines(of: String(decoding: edited, as: UTF8.self))
            if let outcome = await save({ $0.notes = lines }) {
                printError("shelf: the session ended meanwhile; the notes are kept in \(path)")
                return outcome
            }
            try? FileManager.default.removeItem(atPath: path)
        }
        let continuation = continuation
        reader.start { continuation.yield(.input($0)) }
        terminal.keys()
        emit("\u{1B}[?25l")
        return nil
    }

    /// Asks a question on the last line and reads the answer as a line, typed with the
    /// terminal's own editing; nil at end of input.
    private func ask(_ question: String) async -> (text: String, signal: Outcome?)? {
        draw()
        emit("\u{1B}[?25h" + question)
        terminal.lines()
        defer {
            terminal.keys()
            emit("\u{1B}[?25l")
        }
        var line: [UInt8] = pending
        pending = []
        while true {
            if let end = line.firstIndex(of: UInt8(ascii: "\n")) {
                pending = Array(line[(end + 1)...])
                message = ""
                return (String(decoding: line[..<end], as: UTF8.self), nil)
            }
            guard let event = await next() else { return nil }
            switch event {
            case .signal(let number): return ("", .signalled(number))
            case .tick: continue
            case .input(let bytes):
                if bytes.isEmpty { return nil }
                line += bytes
            }
        }
    }

    /// Draws the screen from the top, each line cleared to its end, every text wrapped between
    /// words to the terminal's width (at most 80 columns), so nothing is cut mid-word.
    private func draw() {
        let now = LocalDateTime.now()
        let seconds = live.secondsRead(at: now)
        let clock = ReadCommand.clock(seconds)
        // One column short of the edge: a line that fills it leaves some terminals' cursor
        // waiting to wrap, and the next line begins a column in.
        let width = min(80, Terminal.windowColumns() ?? Terminal.columns(environment, interactive: true) ?? 80) - 1
        var lines = TextWidth.wrap(title, to: width).map { colors.paint($0, .bold) } + [""]
        lines.append("  " + colors.paint(clock, .bold) + "   " + (live.isPaused ? colors.paint("paused", .yellow) : "reading"))
        var detail = "  began \(live.started.time)"
        if let start = live.startPage { detail += " on page \(start)" }
        if let pages = live.estimatedPages(at: now, pagesPerHour: pagesPerHour) {
            detail += ", about \(Plural.counted(pages, "page")) so far"
        }
        lines += TextWidth.wrap(detail, to: width - 2).map { "  " + $0 }
        lines.append("")
        if !live.notes.isEmpty {
            lines.append("  Notes:")
            // The last notes, each whole, as many lines as the screen has room for.
            var notes: [String] = []
            for note in live.notes.reversed() where notes.count < 8 {
                notes.insert(contentsOf: TextWidth.wrap(note, to: width - 4).map { "    " + $0 }, at: 0)
            }
            lines += notes
            lines.append("")
        }
        let keys = ["space pause/resume", "n note", "s stop", "q leave (keeps running)", "c cancel"]
        lines += Self.joined(keys, width: width).map { colors.paint($0, .dim) }
        if !message.isEmpty { lines += TextWidth.wrap(message, to: width).map { colors.paint($0, .red) } }
        emit("\u{1B}[H" + lines.map { $0 + "\u{1B}[K\r\n" }.joined() + "\u{1B}[J")
    }

    /// `items` two spaces apart, in as few lines of at most `width` columns as they fit.
    static func joined(_ items: [String], width: Int) -> [String] {
        var lines: [String] = []
        for item in items {
            if let last = lines.last, TextWidth.of(last) + 2 + TextWidth.of(item) <= width {
                lines[lines.count - 1] = last + "  " + item
            } else {
                lines.append(item)
            }
        }
        return lines
    }

    private func emit(_ text: String) {
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { write(STDOUT_FILENO, $0.baseAddress, $0.count) }
            if written < 0 && errno == EINTR { continue }
            if written <= 0 { return }
            offset += written
        }
    }
}
