/// Failures the disk storage simulates on purpose, so tests can break a write midway and check
/// that nothing is left half done.
///
/// Counts start at 1 and cover every file the storage writes, the journal included.
struct FaultInjection: Sendable, Hashable {
    /// The nth file write fails after its temporary file is written, before the rename.
    var failingWrite: Int?
    /// The nth rename fails: the last step of a file write, or a move.
    var failingRename: Int?
    /// The nth file write cancels the task making it, as if someone gave up on the operation
    /// just then; the write itself goes ahead.
    var cancellingWrite: Int?
    private(set) var writes = 0
    private(set) var renames = 0

    init(failingWrite: Int? = nil, failingRename: Int? = nil, cancellingWrite: Int? = nil) {
        self.failingWrite = failingWrite
        self.failingRename = failingRename
        self.cancellingWrite = cancellingWrite
    }

    /// Counts one write; throws when it is the one to fail.
    mutating func write(_ path: String) throws(ShelfError) {
        writes += 1
        if writes == failingWrite { throw .io(path: path, operation: "write", message: "injected fault") }
        if writes == cancellingWrite { withUnsafeCurrentTask { $0?.cancel() } }
    }

    /// Counts one rename; throws when it is the one to fail.
    mutating func rename(_ path: String) throws(ShelfError) {
        renames += 1
        if renames == failingRename { throw .io(path: path, operation: "rename", message: "injected fault") }
    }
}
