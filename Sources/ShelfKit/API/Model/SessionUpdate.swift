/// What ``LibraryWriting/update(_:)-(ReadingSession)`` wrote: the session as it is now, and
/// what its book's sessions contradict after the correction.
public struct SessionUpdate: Sendable, Hashable {
    /// The session as written, with its new path when its day or time changed, read from the new
    /// bytes (so it can be corrected again).
    public var session: ReadingSession
    /// Where the session's file was before; equal to `session.path` unless it was renamed.
    public var previousPath: String
    /// The contradictions of the book's sessions after the write, as `shelf check` reports them
    /// (pages going backwards, a `to` past the book's pages, sessions outside `started` and
    /// `finished`): a correction is written even when a later session no longer agrees with it,
    /// since the person may be correcting them one after the other.
    public var contradictions: [Problem]

    /// Whether the file was renamed.
    package var renamed: Bool { previousPath != session.path }
}
