import Foundation
import ShelfTestSupport
import Testing

/// Every edit shelf makes, on real notes from public repositories: only the lines of the keys
/// an edit changes may change, and a refusal must name a real problem in the file.
///
/// The corpus is `../shared/corpus/frontmatter/` (see its SOURCES.md); the test is skipped
/// where it is absent. Each note is also tried as CRLF, without a final newline, with a byte
/// order mark, with the body right after the closing fence and with mixed line endings.
@Suite(.serialized) struct CorpusTests {
    @Test(.enabled(if: Corpus.folder != nil, "the corpus, ../shared/corpus/frontmatter, is absent"),
          .timeLimit(.minutes(10)))
    func everyEditChangesOnlyTheLinesOfItsKeys() async throws {
        let files = try Corpus.files()
        // Some 8,000 libraries are made, written with `fsync` and removed.
        let scratch = try TemporaryFolder.make(in: TemporaryFolder.inMemory)
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let tally = try await QuietOutput.run {
            var runner = CorpusRunner(scratch: scratch)
            for file in files { try await runner.run(file) }
            return runner.tally
        }
        print(tally.summary)
        #expect(tally.files > 0)
        #expect(tally.failures.count == 0, "failures, one a line:\n\(tally.failureList)")
    }
}
