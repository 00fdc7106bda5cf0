extension FileLibrary: LibraryBatchWriting {
    @discardableResult
    public func apply(_ batch: LibraryBatch) async throws(ShelfError) -> (added: [Book], updated: [Book]) {
        try await writing { core throws(ShelfError) in try core.apply(batch) }
    }
}
