/// A library that can be read and written: ``FileLibrary`` on disk, ``InMemoryLibrary`` for
/// tests and previews.
///
/// Its requirements come in three parts: ``LibraryReading`` (books, listings, queries, search,
/// sessions, `check`), ``LibraryWriting`` (add, update, move, delete, log, undo) and
/// ``LibraryLiveSessions`` (a session timed as it happens). ``LibraryBatchWriting`` adds writes
/// of many books as one.
public protocol Library: LibraryReading, LibraryWriting, LibraryLiveSessions {}
