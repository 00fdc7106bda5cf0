import Foundation

/// Runs work with standard output and standard error going nowhere.
///
/// The commands run in process print what they did (`to-read/dune.md → reading/dune.md`), some
/// thousand lines a run that tell nothing the counts do not. Swift Testing reports on standard
/// error too: the test records its issues after this returns, and its suite is serialized so
/// no other test reports meanwhile.
enum QuietOutput {
    static func run<Result>(_ work: () async throws -> Result) async rethrows -> Result {
        fflush(nil)
        let savedOutput = dup(STDOUT_FILENO), savedError = dup(STDERR_FILENO)
        let null = open("/dev/null", O_WRONLY)
        if null >= 0 {
            dup2(null, STDOUT_FILENO)
            dup2(null, STDERR_FILENO)
            close(null)
        }
        defer {
            fflush(nil)
            if savedOutput >= 0 { dup2(savedOutput, STDOUT_FILENO); close(savedOutput) }
            if savedError >= 0 { dup2(savedError, STDERR_FILENO); close(savedError) }
        }
        return try await work()
    }
}
