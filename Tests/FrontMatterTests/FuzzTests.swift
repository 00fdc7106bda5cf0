import FrontMatter
import FrontMatterFuzzing
import Testing

/// Mutated fixtures through the parser: no crash, no hang, and either a document or an error
/// at a real position. The `frontmatter-fuzz` tool runs the same check for longer.
struct FuzzTests {
    static let inputsPerSeed = 5_000

    @Test(arguments: [UInt64(1), 2])
    func mutatedFixturesNeverBreakTheParser(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        let corpus = Fixture.all.map(\.bytes)
        let mutator = Mutator()
        var parsed = 0
        var refused = 0
        for run in 0..<Self.inputsPerSeed {
            let input = mutator.mutate(corpus[run % corpus.count], using: &random)
            switch FuzzCheck.run(input) {
            case .parsed: parsed += 1
            case .refused: refused += 1
            case .violation(let why):
                Issue.record("seed \(seed), input \(run): \(why)\n\(String(decoding: input, as: UTF8.self))")
                return
            }
        }
        // Both outcomes must occur, or the mutator is not exercising the parser.
        #expect(parsed > 100)
        #expect(refused > 100)
    }

    @Test func hostileInputsAreRefused() {
        let deep = "---\nk: " + String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000) + "\n---\n"
        #expect(throws: FrontMatterError.tooDeep(limit: 64, SourceLocation(path: nil, line: 2, column: 67))) {
            try FrontMatterDocument(text: deep)
        }
        let huge = "---\nk: " + String(repeating: "x", count: FrontMatterDocument.maximumFrontMatterBytes) + "\n---\n"
        #expect {
            try FrontMatterDocument(text: huge)
        } throws: { error in
            (error as? FrontMatterError)?.message.hasPrefix("front matter is 1048580 bytes") == true
        }
        let laughs = "---\na: &a [x, x]\nb: &b [*a, *a]\nc: [*b, *b]\n---\n"
        #expect(throws: FrontMatterError.anchorOrAlias(SourceLocation(line: 2, column: 4))) {
            try FrontMatterDocument(text: laughs)
        }
    }
}
