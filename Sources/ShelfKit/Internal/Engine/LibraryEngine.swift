/// The one engine behind every library: ``FileLibrary`` runs it over the disk with its index,
/// ``InMemoryLibrary`` over memory reading the files; the public types call nothing else.
///
/// An actor, so one library's operations never race: a write runs on the actor from the moment
/// it holds the writer lock to its end, without a suspension, and the reads record what each
/// file held (``LibraryFiles/stamps``) for the writes that follow. Reads ask their strategy
/// (``ReadStrategy``) what there is and do the rest here, once (`LibraryEngine+Reading.swift`);
/// writes are operations of ``LibraryFiles`` run by ``writing(_:)``.
actor LibraryEngine<Reads: ReadStrategy> {
    typealias Storage = Reads.Storage

    /// The library's files and the rules for changing them.
    var files: LibraryFiles<Storage>
    /// How reads find books.
    let reads: Reads
    /// This engine's writers, in order of arrival: one at a time goes for the writer lock.
    private let writers = WriterQueue()

    init(files: LibraryFiles<Storage>, reads: Reads) {
        self.files = files
        self.reads = reads
    }

    /// Waits for the writers of this engine that came first (``WriterQueue``), then for the
    /// writer lock, suspended so that no thread of the cooperative pool is held while another
    /// process writes, then runs `operation` holding it.
    ///
    /// The waits are the operation's only suspensions: the actor may run other calls meanwhile,
    /// which is why the operation reads the files only once it has the lock, and runs without
    /// a suspension to its end.
    /// - Throws: ``ShelfError/cancelled`` when the task is cancelled while it waits,
    ///   ``ShelfError/libraryBusy`` when the wait for another process runs out, or what
    ///   `operation` throws.
    func writing<Result: Sendable>(
        _ operation: @Sendable (inout LibraryFiles<Storage>) throws(ShelfError) -> Result
    ) async throws(ShelfError) -> Result {
        try await writers.enter()
        defer { writers.leave() }
        let lock = try await files.storage.waitForWriterLock()
        return try files.holding(lock, operation)
    }

    /// ``writing(_:)`` for an operation that must know every book file's slug (an addition
    /// refuses a slug taken anywhere): it is handed them as the strategy knows them without a
    /// walk (the index, once watchman has vouched for every change up to now, with the writer
    /// lock held), or `nil`, and then walks.
    func writingKnowingBookFiles<Result: Sendable>(
        _ operation: @Sendable (inout LibraryFiles<Storage>, (any BookDirectory)?) throws(ShelfError) -> Result
    ) async throws(ShelfError) -> Result {
        try await writers.enter()
        defer { writers.leave() }
        let lock = try await files.storage.waitForWriterLock()
        let known = await reads.currentBookFiles(files)
        return try files.holding(lock) { files throws(ShelfError) in try operation(&files, known) }
    }

    /// Changes the storage directly: for tests that break writes or edit files behind the
    /// library's back.
    func changeStorage<Result: Sendable, Failure: Error>(
        _ change: @Sendable (inout Storage) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        try change(&files.storage)
    }

    /// What writing operations found and finished of operations other processes left half done.
    var recoveryNotes: [String] { files.recoveryNotes }

    /// Removes this process's mark of a book open in an editor (``EditMarkers``).
    func unmarkEditing() {
        files.unmarkEditing()
    }

    /// The reading session running, read without the writer lock: its file is replaced whole.
    func liveSession() throws(ShelfError) -> LiveSession? {
        try files.liveSession()
    }

    /// The writes this device can take back, the newest first.
    func recordedWrites() -> [RecordedWrite] {
        files.recordedWrites()
    }

    /// The file a slug or path names, without reading it (``LibraryFiles/bookPathByName(_:)``).
    func bookPathByName(_ reference: String) throws(ShelfError) -> String? {
        try files.bookPathByName(reference)
    }

    /// The session file a path names (``LibraryFiles/sessionPath(named:)``).
    func sessionPath(named reference: String) -> String? {
        files.sessionPath(named: reference)
    }
}

extension LibraryEngine where Reads == IndexedReads {
    /// Deletes the index and builds it again from the files.
    func rebuildIndex() async throws(ShelfError) {
        try await reads.rebuild(files)
    }

    /// The index, refreshed, with the walk it made (``IndexedReads/refreshed(_:sessions:)``).
    func refreshedIndex(sessions: Bool) async throws(ShelfError) -> (LibraryIndex, RefreshedFiles)? {
        try await reads.refreshed(files, sessions: sessions)
    }

    /// Brings the index up to date; how many files it read again and dropped, for tests and benchmarks.
    func refreshIndex(sessions: Bool) async throws(ShelfError) -> (parsed: Int, removed: Int, walked: Bool)? {
        try await reads.refresh(files, sessions: sessions)
    }
}
