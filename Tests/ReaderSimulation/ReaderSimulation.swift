import Foundation
import FrontMatter
import ShelfCLI
public import ShelfKit

/// A reader's months, simulated: steps drawn by ``ReaderLife`` run as `shelf` commands in this
/// process against a new library, on a clock the simulation sets (``ShelfClock``), and after
/// every step the library is compared with ``ReaderModel``, which says what the reader did.
///
/// A run stops at its first divergence and gives the steps that led there as shell lines, so
/// that a failing seed is reproduced by pasting them.
public struct ReaderSimulation: Sendable {
    /// How the commands read the library.
    public var index: IndexOptions
    /// Where the simulated months begin.
    public var start: LocalDateTime
    /// With the path of the built `shelf`, the reader has two devices, two git clones of the
    /// library with the merge driver (which git runs as `shelf merge-driver`): ``ReaderDevices``.
    public var twoDevicesWith: String?
    /// A library adopted from notes in this style instead of a new library of status folders.
    public var adopted: AdoptedNotes?

    /// A simulation whose commands read through the index, or not, on one device or two.
    public init(index: IndexOptions = .enabled,
                start: LocalDateTime = LocalDateTime(day: Day(year: 2025, month: 12, day: 28) ?? Day.today(),
                                                     time: TimeOfDay(hour: 8, minute: 0) ?? .midnight),
                twoDevicesWith shelf: String? = nil, adopted: AdoptedNotes? = nil) {
        self.index = index
        self.start = start
        self.twoDevicesWith = shelf
        self.adopted = adopted
    }

    /// What one seed's run came to.
    public struct Outcome: Sendable, CustomStringConvertible {
        public var seed: UInt64
        /// Steps taken, the failing one included.
        public var steps: Int
        /// What the library said that the model did not, after the last step; `nil` when none.
        public var divergence: String?
        /// The steps as shell lines, each after `SHELF_NOW=…` when the clock moved.
        public var script: [String]

        public var description: String {
            guard let divergence else { return "seed \(seed): \(steps) steps, no divergence" }
            return "seed \(seed): diverged at step \(steps): \(divergence)\nSteps to reproduce, in a new library (`shelf init`):\n"
                + script.joined(separator: "\n")
        }
    }

    /// Runs `steps` steps of the reader seeded `seed` in a new library made in `folder`.
    public func run(seed: UInt64, steps: Int, in folder: String) async -> Outcome {
        var life = ReaderLife(seed: seed, namesByTitle: adopted?.namesByTitle ?? false)
        var model = ReaderModel(now: start)
        var script: [String] = []
        var clockShown: LocalDateTime?
        var root = folder + "/library"
        var devices: ReaderDevices?
        if let shelf = twoDevicesWith {
            do throws(DeviceFailure) {
                let now = model.now
                devices = try await ReaderDevices(in: folder, shelf: shelf, seed: seed) { arguments in
                    await self.command(arguments, now: now, library: nil)
                }
            } catch {
                return Outcome(seed: seed, steps: 0, divergence: "the devices could not be set up: \(error.message)", script: [])
            }
            root = devices?.root ?? root
            script += ["# two clones of one library, laptop and desktop, with `shelf git-setup` run in each", "cd laptop"]
        } else if let adopted {
            do {
                try adopted.writeSeeds(in: root)
                if let failure = await command(["init", root], now: model.now, library: nil) {
                    return Outcome(seed: seed, steps: 0, divergence: "shelf init failed: \(failure)", script: [])
                }
                try adopted.removeSeedBooks(in: root)
            } catch {
                return Outcome(seed: seed, steps: 0, divergence: "the notes could not be set up: \(error)", script: [])
            }
            script.append("# notes in the \(adopted.rawValue) style adopted by `shelf init`")
        } else if let failure = await command(["init", root], now: model.now, library: nil) {
            return Outcome(seed: seed, steps: 0, divergence: "shelf init failed: \(failure)", script: [])
        }
        // The model before the last command that changed the library, while `shelf undo`
        // would take back exactly that command; and the newest write kept for undo.
        var beforeLastWrite: ReaderModel?
        var newestKept = Self.newestKeptWrite(in: root)
        for number in 1...max(1, steps) {
            let step = life.next(after: model, canUndo: beforeLastWrite != nil)
            if case .wait = step {} else if clockShown != model.now {
                script.append("export SHELF_NOW=\(Self.clockText(model.now))")
                clockShown = model.now
            }
            // Now and then the reader goes on on the other device, after syncing both; never in
            // the middle of a live session, which is the device's own.
            // Nor before an undo, which takes back what was just done on this device.
            if model.live == nil, step.arguments != nil, !step.isUndo, devices?.changesDevice() == true {
                do throws(DeviceFailure) {
                    script += try devices?.changeDevice() ?? []
                } catch {
                    return Outcome(seed: seed, steps: number, divergence: "changing device: \(error.message)", script: script)
                }
                root = devices?.root ?? root
                // The other device's last write is its own, and a sync came between.
                beforeLastWrite = nil
                newestKept = Self.newestKeptWrite(in: root)
            }
            script.append(step.description)
            var failure: String?
            // The same sitting logged on both devices before they sync: two sessions after the merge.
            if case .log(let slug, .count, _, _, nil) = step, model.books[slug]?.status == .reading,
               let arguments = step.arguments, devices?.logsOnBoth() == true, var both = devices {
                do throws(DeviceFailure) {
                    script += try both.syncBoth()
                    failure = await command(arguments, now: model.now, library: root)
                    if failure == nil { failure = await command(arguments, now: model.now, library: both.otherRoot) }
                    script += ["(cd ../\(URL(fileURLWithPath: both.otherRoot).lastPathComponent) && \(step.description))"]
                    if failure == nil { script += try both.syncBoth() }
                } catch {
                    failure = "syncing the devices: \(error.message)"
                }
                devices = both
                if let failure { return Outcome(seed: seed, steps: number, divergence: failure, script: script) }
                Self.apply(step, to: &model)
                Self.apply(step, to: &model)
                beforeLastWrite = nil
                newestKept = Self.newestKeptWrite(in: root)
                if let divergence = await divergences(root: root, model: model) {
                    return Outcome(seed: seed, steps: number, divergence: divergence, script: script)
                }
                continue
            }
            if case .mistake(let arguments) = step {
                if await command(arguments, now: model.now, library: root) == nil {
                    failure = "`shelf \(arguments.joined(separator: " "))` was taken; it should have been refused"
                }
            } else if case .stats(let year, let asOf) = step, let arguments = step.arguments {
                let capture = OutputCapture()
                failure = await command(arguments, now: model.now, library: root, capture: capture)
                let expected = model.booksFinished(in: year, by: asOf)
                if failure == nil, !capture.standardOutput.contains("\"books_finished\": \(expected),") {
                    failure = "stats --year \(year) --as-of \(asOf) does not count \(expected) books finished:\n\(capture.standardOutput.prefix(200))"
                }
            } else if let arguments = step.arguments {
                failure = await command(arguments, now: model.now, library: root)
            } else if case .editBody(let slug, let path, let line) = step {
                // An adopted library keeps the note where the person put it.
                let found = adopted == nil ? path : await bookPath(slug, root: root, now: model.now) ?? path
                failure = Self.append(line, to: root + "/" + found)
            }
            if let failure { return Outcome(seed: seed, steps: number, divergence: failure, script: script) }
            let before = model
            Self.apply(step, to: &model)
            if case .undo = step, let restored = beforeLastWrite {
                // As if the command had not been typed; the clock goes on.
                model = restored
                model.now = before.now
            }
            // What the next `shelf undo` would take back: this command, when it wrote and is
            // one the model can take back whole (a live session's stop also ends the timer,
            // which undo does not restart; an edit in the editor is not shelf's).
            let kept = Self.newestKeptWrite(in: root)
            switch step {
            case .add, .start, .log, .undoLog, .finish, .abandon, .move, .file:
                beforeLastWrite = kept != newestKept ? before : beforeLastWrite
            case .wait, .stats, .mistake:
                break
            case .readStart, .readStop, .editBody, .undo:
                beforeLastWrite = nil
            }
            newestKept = kept
            if case .wait = step { continue }
            if let divergence = await divergences(root: root, model: model) {
                return Outcome(seed: seed, steps: number, divergence: divergence, script: script)
            }
        }
        // Both devices end with everything.
        if var both = devices {
            do throws(DeviceFailure) {
                script += try both.syncBoth()
            } catch {
                return Outcome(seed: seed, steps: steps, divergence: "syncing the devices: \(error.message)", script: script)
            }
            for device in both.roots {
                if let divergence = await divergences(root: device, model: model) {
                    return Outcome(seed: seed, steps: steps, divergence: "\(device): \(divergence)", script: script)
                }
            }
        }
        return Outcome(seed: seed, steps: steps, divergence: nil, script: script)
    }

    /// Where the book `slug` is, read through ShelfKit.
    private func bookPath(_ slug: String, root: String, now: LocalDateTime) async -> String? {
        await ShelfClock.$fixed.withValue(now) {
            guard let library = try? FileLibrary(root: root, index: index) else { return nil }
            return try? await library.bookPath(for: slug)
        }
    }

    /// The name of the newest write kept for `shelf undo` in the library at `root`.
    static func newestKeptWrite(in root: String) -> String? {
        (try? FileManager.default.contentsOfDirectory(atPath: root + "/.shelf/undo"))?.max()
    }

    /// Runs a command as `shelf` would, at `now`; what it printed to standard error when it failed.
    private func command(_ arguments: [String], now: LocalDateTime, library: String?,
                         capture: OutputCapture = OutputCapture()) async -> String? {
        var arguments = arguments
        if let library { arguments += ["--library", library] }
        if !index.isEnabled, library != nil { arguments.append("--no-index") }
        let status = await ShelfClock.$fixed.withValue(now) {
            await ShelfMain.run(arguments, capturingOutputIn: capture)
        }
        guard status != 0 else { return nil }
        return "`shelf \(arguments.joined(separator: " "))` exited \(status): \(capture.standardError)"
    }

    static func clockText(_ moment: LocalDateTime) -> String {
        "\(moment.day)T\(moment.time)"
    }

    /// Adds a line at the end of a file, as an editor would.
    static func append(_ line: String, to path: String) -> String? {
        guard let handle = FileHandle(forUpdatingAtPath: path) else { return "cannot open \(path) to edit it" }
        defer { try? handle.close() }
        do {
            let bytes = try handle.readToEnd() ?? Data()
            try handle.write(contentsOf: Data(((bytes.last == 10 || bytes.isEmpty) ? "" : "\n").utf8) + Data((line + "\n").utf8))
        } catch {
            return "cannot edit \(path): \(error)"
        }
        return nil
    }

    // MARK: - The model's side

    /// What `step` does to what the reader knows.
    static func apply(_ step: ReaderStep, to model: inout ReaderModel) {
        let today = model.today
        switch step {
        case .wait(let minutes):
            model.now = model.now.adding(seconds: minutes * 60)
        case .undo:
            // The run puts back the model from before the command taken back.
            break
        case .add(let title, let slug, let pages):
            model.books[slug] = ReaderModel.Book(slug: slug, title: title, pages: pages, status: .toRead)
            model.order.append(slug)
        case .start(let slug, let again):
            guard var book = model.books[slug] else { return }
            let ended = book.status == .finished || book.status == .abandoned
            switch book.status {
            case _ where ended && again, .finished where book.finished.map({ $0 < today }) ?? false:
                // A new read: the one so far goes to the earlier reads.
                book.earlierReads.append(.init(started: book.started, finished: book.finished, stopped: book.stopped))
                book.started = today
                book.finished = nil
                book.stopped = nil
                book.sessions = []
            default:
                // Begun, picked up again where it was put down, or a finish of today taken back:
                // the read goes on, without the day it ended.
                book.started = book.started ?? today
                if book.status == .finished { book.finished = nil }
                if book.status == .abandoned { book.stopped = nil }
            }
            book.status = .reading
            model.books[slug] = book
        case .readStart(let slug):
            model.live = (slug, model.now)
        case .readStop(let slug, _, let pages, _):
            guard let live = model.live else { return }
            // Minutes read, rounded to the nearest, at least one.
            let minutes = max(1, (live.began.seconds(until: model.now) + 30) / 60)
            model.insert(.init(day: live.began.day, time: live.began.time, pages: pages, givesPage: true, minutes: minutes), into: slug)
            model.live = nil
        case .log(let slug, let how, let pages, let minutes, let at):
            guard var book = model.books[slug] else { return }
            if book.status == .toRead {
                book.status = .reading
                book.started = book.started ?? today
            }
            // Without a time, after the day's sittings: its minutes before now, or the last one's time.
            var time = at ?? model.now.time.minus(minutes: minutes)
            if at == nil, let last = book.sessions.last(where: { $0.day == today }), last.time > time { time = last.time }
            model.books[slug] = book
            var givesPage = true
            if case .count = how { givesPage = false }
            model.insert(.init(day: today, time: time, pages: pages, givesPage: givesPage, minutes: minutes), into: slug)
        case .undoLog(let slug):
            model.books[slug]?.sessions.removeLast()
        case .finish(let slug, let rating):
            guard var book = model.books[slug] else { return }
            book.status = .finished
            book.finished = today
            if let rating { book.rating = rating }
            model.books[slug] = book
        case .abandon(let slug):
            model.books[slug]?.status = .abandoned
            model.books[slug]?.stopped = today
        case .move(let slug, let status):
            guard var book = model.books[slug] else { return }
            // A move changes the place; a book arriving gets the date its status needs, if missing.
            switch status {
            case .reading:
                // Back to reading takes back the finish or the putting down it comes from.
                book.started = book.started ?? today
                if book.status == .finished { book.finished = nil }
                if book.status == .abandoned { book.stopped = nil }
            case .finished: book.finished = book.finished ?? today
            case .abandoned: book.stopped = book.stopped ?? today
            case .toRead: break
            }
            book.status = status
            model.books[slug] = book
        case .file(let slug, let folder):
            model.books[slug]?.folder = folder
        case .editBody(let slug, _, let line):
            model.books[slug]?.bodyLines.append(line)
        case .mistake, .stats:
            break
        }
    }

    // MARK: - Comparing

    /// What the library says that the model does not, read through ShelfKit as an app would;
    /// `nil` when they agree.
    func divergences(root: String, model: ReaderModel) async -> String? {
        do {
            return try await ShelfClock.$fixed.withValue(model.now) {
                let library = try FileLibrary(root: root, index: index)
                return try await Self.divergences(library: library, model: model)
            }
        } catch {
            return "the library cannot be read: \(error)"
        }
    }

    /// What `library` says that `model` does not; `nil` when they agree.
    package static func divergences(library: some LibraryCommands, model: ReaderModel) async throws -> String? {
        let listing = try await library.books(matching: Query.all, sortedBy: [], limit: nil)
        var problems: [String] = listing.problems.map { "listing: \($0)" }
        let books = Dictionary(listing.items.map { ($0.id.rawValue, $0) }, uniquingKeysWith: { first, _ in first })
        if Set(books.keys) != Set(model.books.keys) {
            problems.append("books \(books.keys.sorted()), the reader has \(model.books.keys.sorted())")
        }
        for slug in model.order {
            guard let expected = model.books[slug], let book = books[slug] else { continue }
            func differ(_ what: String, _ found: String, _ wanted: String) {
                if found != wanted { problems.append("\(slug): \(what) is \(found), the reader's is \(wanted)") }
            }
            differ("status", book.status.name, expected.status.rawValue)
            differ("folder", book.folder, expected.folder)
            differ("started", String(describing: book.started), String(describing: expected.started))
            differ("finished", String(describing: book.finished), String(describing: expected.finished))
            differ("stopped", String(describing: book.stopped), String(describing: expected.stopped))
            differ("rating", String(describing: book.rating), String(describing: expected.rating))
            differ("earlier reads", book.earlierReads.map { "\($0.started.map(String.init(describing:)) ?? "?")–\($0.finished.map(String.init(describing:)) ?? "?")" }.description,
                   expected.earlierReads.map { "\($0.started.map(String.init(describing:)) ?? "?")–\($0.finished.map(String.init(describing:)) ?? "?")" }.description)
            let sessions = book.sessionsOfCurrentRead(try await library.sessions(of: book.id))
            let progress = ReadingProgress(sessions, of: book)
            differ("sessions of the current read", String(sessions.count), String(expected.sessions.count))
            differ("page reached", String(describing: progress.page), String(describing: expected.sessions.isEmpty ? nil : expected.page))
            differ("pages read", String(progress.pagesRead), String(expected.page))
            differ("minutes", String(progress.minutes), String(expected.sessions.reduce(0) { $0 + $1.minutes }))
            for line in expected.bodyLines where !book.body.contains(line) {
                problems.append("\(slug): the body lost the line \"\(line)\"")
            }
        }
        let year = model.today.year
        let stats = try await ReadingStats.compute(for: library, year: year, today: model.today)
        if stats.booksFinished != model.booksFinished(in: year) {
            problems.append("stats --year \(year) counts \(stats.booksFinished) books finished, the reader finished \(model.booksFinished(in: year))")
        }
        problems += try await library.check().map { "check: \($0)" }
        return problems.isEmpty ? nil : problems.joined(separator: "\n  ")
    }
}
