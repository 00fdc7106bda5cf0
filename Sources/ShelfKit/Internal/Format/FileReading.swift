/// Reading one file of the library into a book or a session: what the engine, its strategies
/// and the index all do with the bytes of a file, written once, below all of them.

/// A book file read and parsed, with the stamp of the bytes read.
struct BookFile: Sendable {
    var document: FrontMatterDocument
    var book: Book
    var stamp: FileStamp
    /// Values left out of ``book`` because they have the wrong type.
    var problems: [ShelfError] = []

    /// Reads and parses one book file. Free of state, so scans run it on all cores.
    static func read(_ location: BookLocation, from storage: some LibraryStorage) throws(ShelfError) -> BookFile {
        try parse(try storage.read(location.path), at: location)
    }

    /// Parses the bytes of the book file at `location`, however they were read (the index reads
    /// them in an open folder, with the file's information).
    static func parse(_ bytes: [UInt8], at location: BookLocation) throws(ShelfError) -> BookFile {
        // Notes a person kept before shelf may write a key twice; they are read as most YAML
        // readers read them, the last value kept, and `check` names the key.
        let document = try FrontMatterDocument(libraryFile: bytes, path: location.path, lenient: location.notes != nil)
        var (book, problems) = try BookFormat.bookAndProblems(from: document, at: location)
        problems += document.duplicateKeys.map { ShelfError.invalidFrontMatter($0) }
        let stamp = FileStamp(bytes)
        return BookFile(document: document, book: book.read(from: stamp), stamp: stamp, problems: problems)
    }
}

/// A session file read: its path, with its session or why it could not be read.
struct SessionFile: Sendable {
    var path: String
    var session: Result<ReadingSession, ShelfError>

    /// Every session-named file in a book's session folder, read.
    /// - Throws: when the folder exists but cannot be listed.
    static func readAll(in folder: String, bookID: BookID, from storage: some LibraryStorage) throws(ShelfError) -> [SessionFile] {
        try storage.entries(in: folder).filter { $0.kind == .file }.compactMap { entry in
            guard let name = SessionFileName(entry.name) else { return nil }
            let path = folder + "/" + entry.name
            return SessionFile(path: path, session: Result { () throws(ShelfError) in
                try read(path, name: name, bookID: bookID, from: storage)
            })
        }
    }

    /// One session file; its first bad value throws.
    static func read(_ path: String, name: SessionFileName, bookID: BookID,
                     from storage: some LibraryStorage) throws(ShelfError) -> ReadingSession {
        let (session, errors) = try readWithProblems(path, name: name, bookID: bookID, from: storage)
        if let first = errors.first { throw first }
        return session
    }

    /// One session file, with every bad value it holds, for `check`.
    static func readWithProblems(_ path: String, name: SessionFileName, bookID: BookID,
                                 from storage: some LibraryStorage) throws(ShelfError) -> (ReadingSession, [ShelfError]) {
        try parse(try storage.read(path), path: path, name: name, bookID: bookID)
    }

    /// Parses the bytes of the session file at `path`, with every bad value it holds.
    static func parse(_ bytes: [UInt8], path: String, name: SessionFileName,
                      bookID: BookID) throws(ShelfError) -> (session: ReadingSession, problems: [ShelfError]) {
        if let session = PlainSessionFile.read(bytes, path: path, name: name, bookID: bookID) {
            return (session.read(from: FileStamp(bytes)), [])
        }
        let document = try FrontMatterDocument(libraryFile: bytes, path: path)
        let (session, errors) = SessionFormat.read(document, bookID: bookID, name: name)
        return (session.read(from: FileStamp(bytes)), errors)
    }
}

extension FrontMatterDocument {
    /// Parses the bytes of a library file, with its parse error as a ``ShelfError``.
    init(libraryFile bytes: [UInt8], path: String, lenient: Bool = false) throws(ShelfError) {
        do throws(FrontMatterError) {
            if lenient {
                try self.init(lenientBytes: bytes, path: path)
                return
            }
            try self.init(bytes: bytes, path: path)
        } catch {
            throw .invalidFrontMatter(error)
        }
    }
}
