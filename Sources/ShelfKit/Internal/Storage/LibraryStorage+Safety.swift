/// What a storage without other writers, links or foreign file names does: the memory storage.
extension LibraryStorage {
    mutating func create(_ bytes: [UInt8], at path: String) throws(ShelfError) {
        guard kind(of: path) == nil else { throw .alreadyExists(path: path) }
        try write(bytes, to: path)
    }

    mutating func replace(_ path: String, expecting expected: FileStamp, with bytes: [UInt8]) throws(ShelfError) -> [UInt8] {
        let current = try read(path)
        guard FileStamp(current) == expected else { throw .changedOnDisk(path: path) }
        try write(bytes, to: path)
        return current
    }

    func lockForWriting() throws(ShelfError) -> WriterLock? { nil }

    func waitForWriterLock() async throws(ShelfError) -> WriterLock? { nil }

    func entryProblems(statuses: [Status]) -> [Problem] { [] }
}
