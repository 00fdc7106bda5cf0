/// Several writes as one: the batch behind imports.
extension LibraryFiles {
    /// Adds, moves and updates as one journal, so a failure anywhere, or a crash at any moment,
    /// leaves the library either as before or as after the whole batch.
    ///
    /// Separate journals for the parts would undo an in-process failure (``atomically(_:)``)
    /// but not a killed process: recovery finishes the last journal only, and the parts made
    /// before it would stay. So every part is planned first, against the files as they are:
    /// an update of a book the batch moves reads it at its source and is written at its
    /// destination, in one write with the move (which sets no date of its own). New statuses
    /// go into `.shelf/config.yaml` as the journal's first step.
    mutating func apply(_ batch: LibraryBatch) throws(ShelfError) -> (added: [Book], updated: [Book]) {
        // New statuses are planned with and written first in the same journal, so a crash
        // never leaves books in a folder the configuration does not name, or the reverse.
        let previous = configuration
        var configurationSteps: [JournalStep] = []
        if !batch.newStatuses.isEmpty {
            let path = LibraryConfiguration.path
            let before = storage.isFile(path) ? try storage.read(path) : []
            let edited = try LibraryConfiguration.adding(batch.newStatuses, to: before)
            configuration = try LibraryConfiguration(yaml: edited)
            configurationSteps = [before.isEmpty && !storage.isFile(path)
                ? .create(path, edited) : .replace(path, expecting: FileStamp(before), with: edited)]
        }
        do throws(ShelfError) {
            return try apply(batch, after: configurationSteps)
        } catch {
            configuration = previous
            throw error
        }
    }

    /// The batch's books, planned and written in one journal after `firstSteps`.
    private mutating func apply(_ batch: LibraryBatch, after firstSteps: [JournalStep]) throws(ShelfError)
        -> (added: [Book], updated: [Book]) {
        var plan = WritePlan()
        let added = try planAdditions(batch.additions, setsDates: false, into: &plan)
        for move in batch.moves {
            _ = try planMove(move.id, to: move.status, folder: nil, on: nil, setsDates: false, into: &plan)
        }
        var updated: [String] = []
        for book in batch.updates { updated.append(try planUpdate(book, checksDates: false, into: &plan)) }
        let sessionSteps = try planSessions(batch.sessions, after: plan)
        try perform(plan, operation: "batch write", after: firstSteps, then: sessionSteps)
        remember(plan)
        return (added.compactMap { plan.entries[$0]?.book }, updated.compactMap { plan.entries[$0]?.book })
    }
}
