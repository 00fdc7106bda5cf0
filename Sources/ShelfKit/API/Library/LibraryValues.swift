/// The small values the library's calls take and give back, named rather than tuples.

/// A book to add and where it goes: its status and a folder of the person's below it (`""`
/// for none). `LibraryWriting/add(_:)` and ``LibraryBatch/additions`` take these.
public struct NewBook: Sendable, Hashable {
    /// The book; its id, when empty, is made from the title.
    public var book: Book
    /// The status it is added in.
    public var status: Status
    /// The folder below the status, `""` for none: `sci-fi/classics`.
    public var folder: String

    /// A book to add to `status`, in `folder`.
    public init(_ book: Book, to status: Status, in folder: String = "") {
        self.book = book
        self.status = status
        self.folder = folder
    }
}

/// A book a batch moves to another status, keeping its folder (``LibraryBatch/moves``).
public struct BookMove: Sendable, Hashable {
    /// The book.
    public var id: BookID
    /// The status it moves to.
    public var status: Status

    /// `id` moved to `status`.
    public init(_ id: BookID, to status: Status) {
        self.id = id
        self.status = status
    }
}

/// What ``LibraryBatchWriting/apply(_:)`` wrote: the books added and updated, as written.
public struct BatchOutcome: Sendable, Hashable {
    /// The books added, in the batch's order.
    public var added: [Book]
    /// The books updated or moved, as written.
    public var updated: [Book]
}

/// What ``LibraryWriting/removeKeys(_:from:)`` did: the book as written, and the keys its file
/// did not have.
package struct RemovedKeys: Sendable, Hashable {
    /// The book as written.
    package var book: Book
    /// The keys asked for that the file did not have.
    package var absent: [String]
}

/// A book and its reading progress, as ``LibraryReading/booksWithProgress(matching:sortedBy:limit:)``
/// lists them.
public struct BookWithProgress: Sendable, Hashable {
    /// The book.
    public var book: Book
    /// How far its sessions reached.
    public var progress: ReadingProgress
}
