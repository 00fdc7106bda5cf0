extension InMemoryLibrary: LibraryBatchWriting {
    @discardableResult
    public func apply(_ batch: LibraryBatch) throws(ShelfError) -> (added: [Book], updated: [Book]) {
        try core.apply(batch)
    }
}
