/// The reading session in progress (``LiveSession``), kept in the library's `.shelf/live/` so
/// that it outlives the process timing it: a closed terminal, a crash or a reboot loses nothing,
/// and another process (a script, a phone shortcut) can see, stop or cancel it.
///
/// One session runs at a time in a library. The file is this device's alone (`.shelf/.gitignore`
/// names the folder), written atomically at every change; it becomes a session file only when
/// the session stops, through ``LibraryWriting/log(_:for:)``.
///
/// ```swift
/// var live = try await library.startLiveSession(LiveSession(bookID: "dune", started: .now(), startPage: 121))
/// live.addNote("The litany against fear.")
/// try await library.saveLiveSession(live)
/// let logged = try await library.stopLiveSession(live.session(endingAt: .now(), to: 140))
/// ```
public protocol LibraryLiveSessions: Sendable {
    /// The session running, or `nil` when none is.
    /// - Throws: ``ShelfError/invalidFrontMatter(_:)`` or ``ShelfError/invalidValue(path:key:value:reason:line:column:)``
    ///   when its file cannot be read, naming the line and column.
    func liveSession() async throws(ShelfError) -> LiveSession?

    /// Records `session` as the one running, and returns it.
    /// - Throws: ``ShelfError/liveSessionRunning(_:started:)`` when a session is running already.
    @discardableResult
    func startLiveSession(_ session: LiveSession) async throws(ShelfError) -> LiveSession

    /// Saves a change (a pause, a note) to the running session of `session.bookID`.
    /// - Throws: ``ShelfError/noLiveSession(_:)`` when that session is no longer running: it was
    ///   stopped or cancelled meanwhile, and is not brought back.
    func saveLiveSession(_ session: LiveSession) async throws(ShelfError)

    /// Logs `session`, what the running session of its book became (``LiveSession/session(endingAt:to:minutes:note:)``),
    /// and ends the running session; returns the session as logged.
    /// - Throws: ``ShelfError/noLiveSession(_:)`` when that book's session is not running, or what
    ///   ``LibraryWriting/log(_:for:)`` throws, with the running session left as it was.
    func stopLiveSession(_ session: ReadingSession) async throws(ShelfError) -> ReadingSession

    /// Discards the running session of `id` without logging anything.
    /// - Throws: ``ShelfError/noLiveSession(_:)`` when it is not running.
    func cancelLiveSession(_ id: BookID) async throws(ShelfError)
}
