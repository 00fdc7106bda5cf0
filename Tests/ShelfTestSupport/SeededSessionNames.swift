import ShelfKit
public import Testing

/// Runs a test or suite with ``ShelfSeed`` set, so the sessions it logs get the same file names
/// on every run and it can name them exactly (`2024-03-10-0900-nxpc.md`: seed 1's first letters).
public struct SeededSessionNames: TestTrait, SuiteTrait, TestScoping {
    public var isRecursive: Bool { true }

    public func provideScope(for test: Test, testCase: Test.Case?,
                             performing function: @Sendable () async throws -> Void) async throws {
        try await ShelfSeed.$fixed.withValue(1) { try await function() }
    }
}

extension Trait where Self == SeededSessionNames {
    /// Session file names drawn from seed 1 (``SeededSessionNames``).
    public static var seededSessionNames: Self { SeededSessionNames() }
}

/// The letters seed 1 gives the first session logged in a minute, and the second
/// (`SHELF_SEED=1`, which ``ChildProcess`` sets for every run of `shelf`).
public let firstSeededSuffix = "nxpc", secondSeededSuffix = "mwwh"
