/// The reading session in progress (``LiveSession``), kept in the library's `.shelf/live/` so
/// that it outlives the process timing it: a closed terminal, a crash or a reboot loses nothing,
/// and another process (a script, a phone shortcut) can see, stop or cancel it.
///
/// One session runs at a time in a library. The file is this device's alone (`.shelf/.gitignore`
/// names the folder), written atomically at every change; it becomes a session file only when
/// the session stops, through ``LibraryWriting/log(_:for:)``.
///
/// ```swift
/// try await library.startLiveSession(LiveSession(bookID: "dune", started: .now(), startPage: 121))
/// try await library.updateLiveSession("dune") { $0.addNote("The litany against fear.") }
/// let logged = try await library.stopLiveSession("dune") { $0.session(endingAt: .now(), reaching: .page(140)) }
/// ```
public protocol LibraryLiveSessions: Sendable {
    /// The session running, or `nil` when none is.
    /// - Throws: ``ShelfError/invalidFrontMatter(_:)`` or ``ShelfError/invalidValue(path:key:value:reason:at:)``
    ///   when its file cannot be read, naming the line and column.
    func liveSession() async throws(ShelfError) -> LiveSession?

    /// Records `session` as the one running, and returns it.
    /// - Throws: ``ShelfError/liveSessionRunning(_:started:)`` when a session is running already.
    @discardableResult
    func startLiveSession(_ session: LiveSession) async throws(ShelfError) -> LiveSession

    /// Makes a change (a pause, a note) to the running session of `id` as its file holds it
    /// now, so that a change another process made meanwhile is kept; returns the session as saved.
    /// - Throws: ``ShelfError/noLiveSession(_:)`` when that session is no longer running: it was
    ///   stopped or cancelled meanwhile, and is not brought back.
    @discardableResult
    func updateLiveSession(_ id: BookID, _ change: @Sendable (inout LiveSession) -> Void) async throws(ShelfError) -> LiveSession

    /// Logs what the running session of `id`, as its file holds it now, becomes (`make`, e.g.
    /// `LiveSession/session(endingAt:to:minutes:note:)`), and ends it, in one write; returns
    /// the session as logged.
    /// - Throws: ``ShelfError/noLiveSession(_:)`` when that book's session is not running, or what
    ///   ``LibraryWriting/log(_:for:)`` throws, with the running session left as it was.
    func stopLiveSession(_ id: BookID, as make: @Sendable (LiveSession) -> ReadingSession) async throws(ShelfError) -> ReadingSession

    /// Discards the running session of `id` without logging anything.
    /// - Throws: ``ShelfError/noLiveSession(_:)`` when it is not running.
    func cancelLiveSession(_ id: BookID) async throws(ShelfError)
}
