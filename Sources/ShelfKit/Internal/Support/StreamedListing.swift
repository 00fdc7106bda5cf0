/// What the listings handed on a chunk at a time share (``LibraryCommands/forEachBook(matching:sortedBy:limit:_:)``,
/// ``LibraryCommands/forEachSession(from:through:limit:wholeBooks:_:)``).
enum StreamedListing {
    /// How many items a listing hands over at once: few enough that memory holds a chunk
    /// rather than a library's books or sessions, many enough that a chunk is not a call each.
    static let chunk = 1_000
}
