import ShelfCLI

/// Runs work whose commands print nowhere.
///
/// The commands run in process print what they did (`to-read/dune.md → reading/dune.md`), some
/// thousand lines a run that tell nothing the counts do not. They print into a capture
/// (``OutputCapture``) that is dropped, not to a file descriptor: the process's own output
/// stays open, so the issues other tests record meanwhile are still seen.
enum QuietOutput {
    static func run<Result>(_ work: () async throws -> Result) async rethrows -> Result {
        try await OutputCapture().capture(work)
    }
}
