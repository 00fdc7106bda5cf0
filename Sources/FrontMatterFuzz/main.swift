import Foundation
import FrontMatter
import FrontMatterFuzzing

// Seeded mutation fuzzing of the front matter parser.
//
//   swift run -c release frontmatter-fuzz [--seed N] [--runs N] CORPUS_DIR...
//
// Every .md file under the corpus directories is a seed. Prints the counts and exits 1 on
// the first violation, writing the input to fuzz-violation.md.

var seed: UInt64 = 1
var runs = 100_000
var directories: [String] = []
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    switch argument {
    case "--seed": seed = arguments.popFirst().flatMap { UInt64($0) } ?? seed
    case "--runs": runs = arguments.popFirst().flatMap { Int($0) } ?? runs
    default: directories.append(argument)
    }
}

var corpus: [[UInt8]] = []
for directory in directories {
    let files = (FileManager.default.enumerator(atPath: directory)?.allObjects as? [String]) ?? []
    for file in files.sorted() where file.hasSuffix(".md") {
        if let data = FileManager.default.contents(atPath: directory + "/" + file) { corpus.append(Array(data)) }
    }
}
guard !corpus.isEmpty else {
    FileHandle.standardError.write(Data("usage: frontmatter-fuzz [--seed N] [--runs N] CORPUS_DIR...\n".utf8))
    exit(2)
}

var random = SeededGenerator(seed: seed)
let mutator = Mutator()
var parsed = 0
var refused = 0
var slowest = 0.0
let start = Date()
for run in 0..<runs {
    let input = mutator.mutate(corpus[run % corpus.count], using: &random)
    let began = Date()
    let outcome = FuzzCheck.run(input)
    slowest = max(slowest, Date().timeIntervalSince(began))
    switch outcome {
    case .parsed: parsed += 1
    case .refused: refused += 1
    case .violation(let why):
        _ = FileManager.default.createFile(atPath: "fuzz-violation.md", contents: Data(input))
        print("violation after \(run) inputs: \(why) (input in fuzz-violation.md)")
        exit(1)
    }
}
let seconds = Date().timeIntervalSince(start)
print("\(runs) inputs from \(corpus.count) seeds (seed \(seed)): \(parsed) parsed, \(refused) refused, 0 violations;"
    + " \(String(format: "%.1f", seconds)) s, slowest input \(String(format: "%.1f", slowest * 1000)) ms")
