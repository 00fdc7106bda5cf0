internal import Foundation

/// A value behind a lock, shared between tasks and threads. The standard library's `Mutex`
/// does the same from macOS 15 and iOS 18; this one keeps the package's platforms at what
/// ShelfKit needs (`Package.swift`).
package final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    package init(_ value: Value) { self.value = value }

    /// Runs `body` with the value, holding the lock.
    package func withLock<Result, Failure: Error>(_ body: (inout Value) throws(Failure) -> Result) throws(Failure) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
