internal import Foundation

/// Watches a library's files and reports what changed, against a snapshot of every book and
/// session file: a source of events (``WatchmanSubscription``, ``InotifyEvents``,
/// ``PollingEvents``) says where to look, the snapshot says what changed there.
///
/// An event on a known file is answered by a `stat` of that file; anything else that could
/// change what the walk finds (a new `.md` file, a folder, the configuration) or a source that
/// lost events by a walk of the whole library, compared with the snapshot. So a report is never
/// wrong for want of an event: at worst it comes with ``LibraryChanges/isFullComparison``.
struct LibraryObserver: Sendable {
    let root: String
    let statuses: [Status]
    let notes: NoteLayout?

    /// How long a burst of events may keep arriving before it is looked at as one: a `git
    /// checkout` or a sync writes its files within a few milliseconds of each other.
    static let settle = Duration.milliseconds(5)
    /// How often the fallback of last resort compares the library.
    static let pollingInterval = Duration.seconds(1)

    /// Starts the source, takes the snapshot, and returns the reports from then on. Cancelling
    /// the consuming task (or dropping the stream) stops the source and frees its thread and
    /// descriptors.
    func changes(from preferred: ObservationSource) async throws(ShelfError) -> AsyncStream<LibraryChanges> {
        let inbox = FileEventInbox()
        // The source first and the walk after: a change made between them is in the walk, and
        // any change after the walk has an event.
        let source = await Self.start(preferred, root: root, inbox: inbox)
        let snapshot: LibrarySnapshot
        do {
            snapshot = try await walk()
        } catch {
            source.stop()
            throw error
        }
        let (stream, continuation) = AsyncStream.makeStream(of: LibraryChanges.self)
        let task = Task {
            await run(source: source, snapshot: snapshot, inbox: inbox) { continuation.yield($0) }
            continuation.finish()
        }
        continuation.onTermination = { _ in
            task.cancel()
            inbox.finish()
        }
        return stream
    }

    private func run(source first: any FileEventSource, snapshot initialSnapshot: LibrarySnapshot, inbox: FileEventInbox,
                     report: (LibraryChanges) -> Void) async {
        var source = first
        var snapshot = initialSnapshot
        // A walk that failed (a folder mid-rename) is tried again with the next event.
        var owesComparison = false
        defer { source.stop() }
        for await _ in inbox.signals {
            try? await Task.sleep(for: Self.settle)
            if Task.isCancelled { break }
            var compareAll = owesComparison
            var known: [ChangedPath] = []
            for event in inbox.take() {
                switch event {
                case .lost:
                    compareAll = true
                case .failed:
                    source.stop()
                    source = await Self.start(Self.fallback(after: source.kind), root: root, inbox: inbox)
                    compareAll = true
                case .changed(let paths):
                    for path in paths {
                        switch need(path, in: snapshot) {
                        case .nothing: break
                        case .stat: known.append(path)
                        case .walk: compareAll = true
                        }
                    }
                }
            }
            var changes = LibraryChanges(books: [], sessions: [], isFullComparison: compareAll, source: source.kind)
            if compareAll {
                guard let newer = try? await walk() else {
                    owesComparison = true
                    continue
                }
                owesComparison = false
                (changes.books, changes.sessions) = snapshot.changes(to: newer)
                snapshot = newer
            } else if !known.isEmpty {
                (changes.books, changes.sessions) = snapshot.refresh(known, root: root)
            }
            if !changes.isEmpty { report(changes) }
        }
    }

    private enum Need {
        case nothing
        case stat
        case walk
    }

    /// What an event at `changed` asks for.
    private func need(_ changed: ChangedPath, in snapshot: LibrarySnapshot) -> Need {
        let path = changed.path
        if path.isEmpty || path == LibraryConfiguration.path { return .walk }
        let sessionsFolder = String(NoteLayout.sessionsPrefix.dropLast())
        let isAdoptedSession = path == sessionsFolder || path.hasPrefix(NoteLayout.sessionsPrefix)
        // The walk skips hidden names (the index, the journal, a temporary file of a write,
        // `.git`), except where an adopted library keeps its sessions.
        if !isAdoptedSession, path.split(separator: "/").contains(where: { $0.hasPrefix(".") }) { return .nothing }
        if snapshot.knows(path) { return .stat }
        if changed.isDirectory || path.hasSuffix(".md") { return .walk }
        return .nothing
    }

    private func walk() async throws(ShelfError) -> LibrarySnapshot {
        LibrarySnapshot(try await LibraryWalk.walkInParallel(DiskStorage(root: root), statuses: statuses, notes: notes,
                                                             includeSessions: true, collectInfo: true, inPathOrder: false))
    }

    /// The source to go on with when `kind` fails: watchman → the platform's events → polling.
    private static func fallback(after kind: ObservationSource.Kind) -> ObservationSource {
        kind == .watchman ? .fileEvents : .polling(every: pollingInterval)
    }

    /// Starts the source asked for, or the next that starts.
    private static func start(_ wanted: ObservationSource, root: String, inbox: FileEventInbox) async -> any FileEventSource {
        switch wanted {
        case .automatic:
            if !WatchedChanges.isDisabledByEnvironment,
               let source = await startWatchman(socket: WatchedChanges.socket(given: nil), root: root, inbox: inbox) {
                return source
            }
            return await start(.fileEvents, root: root, inbox: inbox)
        case .watchman(let socket):
            if let source = await startWatchman(socket: socket, root: root, inbox: inbox) { return source }
            return await start(.fileEvents, root: root, inbox: inbox)
        case .fileEvents:
            #if canImport(CoreServices)
            if let source = await FSEventsEvents.start(root: root, inbox: inbox) { return source }
            #else
            if let source = await InotifyEvents.start(root: root, inbox: inbox) { return source }
            #endif
            return await PollingEvents.start(every: pollingInterval, inbox: inbox)
        case .polling(let interval):
            return await PollingEvents.start(every: interval, inbox: inbox)
        }
    }

    private static func startWatchman(socket: String?, root: String, inbox: FileEventInbox) async -> (any FileEventSource)? {
        // Finding the socket runs `watchman get-sockname`: not on a thread of the pool.
        let found: String? = await startSourceThread(named: "shelf watchman socket") { ready in
            ready(socket ?? WatchmanClient.socketPath())
        }
        guard let found, !found.isEmpty else { return nil }
        return await WatchmanSubscription.start(root: root, socket: found, inbox: inbox)
    }
}
