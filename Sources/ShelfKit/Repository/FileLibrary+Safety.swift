/// The writer lock and crash recovery as seen from outside, and the hooks tests use to break
/// writes on purpose.
extension FileLibrary {
    /// What writing operations found and finished of operations other processes left half
    /// done since the library was opened (besides ``recoveredJournal``), oldest first.
    public var recoveryNotes: [String] { core.recoveryNotes }

    /// Makes the disk storage fail a chosen write or rename, to test that batches roll back.
    func injectFaults(_ faults: FaultInjection) {
        core.storage.faults = faults
    }

    /// Sets how long writers wait for the writer lock, so tests of a busy library are quick.
    func setLockWait(_ seconds: Double) {
        core.storage.lockWait = seconds
    }

    /// Sets how many listed books at most have their sessions read directly, so that a test
    /// of a small library reaches the index reading every session.
    func setSessionsReadDirectlyLimit(_ books: Int?) {
        sessionsReadDirectlyLimit = books
    }
}
