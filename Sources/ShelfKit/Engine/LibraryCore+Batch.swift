/// Several writes as one: the batch behind imports.
extension LibraryCore {
    /// Adds, moves and updates inside one ``atomically(_:)`` block, so a failure anywhere undoes all.
    mutating func apply(_ batch: LibraryBatch) throws(ShelfError) -> (added: [Book], updated: [Book]) {
        // One writer lock for the whole batch, so no other command lands between its parts.
        let took = try lockForWriting()
        defer { unlockForWriting(took) }
        return try atomically { core throws(ShelfError) in
            let added = try core.add(batch.additions)
            for move in batch.moves { _ = try core.move(move.id, to: move.status, folder: nil) }
            let updated = batch.updates.isEmpty ? [] : try core.update(batch.updates)
            return (added, updated)
        }
    }
}
