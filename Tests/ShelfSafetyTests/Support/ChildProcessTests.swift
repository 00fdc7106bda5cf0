import Testing

/// The suites that run many `shelf` processes, one after the other: side by side they would
/// compete for the disk's `fsync`s and push writers past the lock's 10-second wait.
@Suite(.serialized)
struct ChildProcessTests {}
