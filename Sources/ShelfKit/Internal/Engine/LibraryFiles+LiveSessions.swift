/// The reading session in progress, in `.shelf/live/` (``LiveSessionFormat``). Written under
/// the writer lock, so two processes cannot both start one, and atomically, like every file.
extension LibraryFiles {
    /// The running sessions' files, by name; one at most unless a person copied one in.
    private func liveSessionPaths() throws(ShelfError) -> [String] {
        guard storage.isDirectory(LiveSessionFormat.folder) else { return [] }
        return try storage.entries(in: LiveSessionFormat.folder)
            .filter { $0.kind == .file && $0.name.hasSuffix(".md") && !$0.name.hasPrefix(".") }
            .map { LiveSessionFormat.folder + "/" + $0.name }
            .sorted()
    }

    /// The session running, or nil.
    func liveSession() throws(ShelfError) -> LiveSession? {
        guard let path = try liveSessionPaths().first else { return nil }
        return try LiveSessionFormat.read(try storage.read(path), path: path)
    }

    /// Starts `session` unless one is running; completes `.shelf/.gitignore` first, so the file
    /// is never committed.
    mutating func startLiveSession(_ session: LiveSession) throws(ShelfError) {
        if let running = try liveSession() { throw .liveSessionRunning(running.bookID, started: running.started) }
        // A finished book read again is a new read: refused now, not when the time read is saved.
        let book = try read(try locate(session.bookID)).book
        try refuseAfterFinish(session.started.day, of: book)
        try completeIgnoreFile(with: ShelfIgnoreFile.liveLine)
        if !storage.isDirectory(LiveSessionFormat.folder) { try storage.makeDirectory(LiveSessionFormat.folder) }
        try storage.write(LiveSessionFormat.bytes(of: session), to: LiveSessionFormat.path(of: session.bookID))
    }

    /// Applies `change` to the running session of `id` as its file holds it now, under the
    /// writer lock, and writes the result: a pause made by another process meanwhile is kept,
    /// never overwritten by an older copy.
    mutating func updateLiveSession(_ id: BookID, _ change: (inout LiveSession) -> Void) throws(ShelfError) -> LiveSession {
        let path = LiveSessionFormat.path(of: id)
        guard storage.isFile(path) else { throw .noLiveSession(id) }
        var session = try LiveSessionFormat.read(try storage.read(path), path: path)
        change(&session)
        try storage.write(LiveSessionFormat.bytes(of: session), to: path)
        return session
    }

    /// Logs what the running session of `id`, as its file holds it now, becomes (`make`), and
    /// moves its file to the trash in the same journal: a crash leaves the session running and
    /// unlogged, or logged and ended, never logged and still running.
    mutating func stopLiveSession(_ id: BookID, as make: (LiveSession) -> ReadingSession) throws(ShelfError) -> ReadingSession {
        let path = LiveSessionFormat.path(of: id)
        guard storage.isFile(path) else { throw .noLiveSession(id) }
        let running = try LiveSessionFormat.read(try storage.read(path), path: path)
        let folder = try firstTrashFolder { folder throws(ShelfError) in storage.kind(of: folder + "/" + path) == nil }
        return try log(make(running), for: id, finishing: [.move(from: path, to: folder + "/" + path)])
    }

    /// Removes the running session of `id`.
    mutating func cancelLiveSession(_ id: BookID) throws(ShelfError) {
        let path = LiveSessionFormat.path(of: id)
        guard storage.isFile(path) else { throw .noLiveSession(id) }
        try storage.removeFile(path)
    }
}
