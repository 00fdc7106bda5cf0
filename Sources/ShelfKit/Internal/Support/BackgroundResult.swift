internal import Dispatch

/// A value computed on another thread, for code that cannot wait asynchronously: the body of
/// a database transaction that reads the next batch while it writes this one.
final class BackgroundResult<Value: Sendable>: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    /// Written once by the background thread before it signals `done`.
    private var result: Value?

    init(_ compute: @escaping @Sendable () -> Value) {
        DispatchQueue.global().async {
            self.result = compute()
            self.done.signal()
        }
    }

    /// Waits for the value; call once.
    func value() -> Value? {
        done.wait()
        return result
    }
}
