import Foundation
import ShelfKit

/// What a command run in this process printed, kept instead of written to file descriptors 1
/// and 2 while ``ShelfMain/run(_:capturingOutputIn:)`` runs it: for a test (or a program
/// embedding the command line) that runs many commands and reads their output, as a shell
/// would read a pipe.
public final class OutputCapture: Sendable {
    private let texts = Locked<(standardOutput: String, standardError: String)>(("", ""))

    /// Creates an empty capture.
    public init() {}

    /// What the commands wrote to standard output, in order.
    public var standardOutput: String { texts.withLock { $0.standardOutput } }
    /// What the commands wrote to standard error, in order.
    public var standardError: String { texts.withLock { $0.standardError } }

    func appendOutput(_ text: String) { texts.withLock { $0.standardOutput += text } }
    func appendError(_ text: String) { texts.withLock { $0.standardError += text } }

    /// Runs `work`, whose commands (``ShelfMain/run(_:)``, which throws what a command throws)
    /// print into this capture rather than to the file descriptors: for a caller that runs
    /// commands in process and wants their errors as errors, without silencing the process.
    public func capture<Result>(_ work: () async throws -> Result) async rethrows -> Result {
        try await Self.$current.withValue(self) { try await work() }
    }

    /// The capture in force for this task; `nil` writes to the file descriptors.
    @TaskLocal static var current: OutputCapture?
}
