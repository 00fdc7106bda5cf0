// shelf-bench: times the release `shelf` binary against the commands a person could use instead.
//
//   swift build -c release --product shelf
//   swift run -c release shelf-bench [--books 1000,10000] [--with-100k] [--runs 5] [--work /tmp/shelf-bench]
//                                    [--shelf .build/release/shelf] [--out BENCHMARKS.md]
//
// Every measurement is a fresh process, as a command-line invocation is: `shelf` and the
// comparison commands run one after the other in the same round, and the medians are reported.
// Peak memory is the child's maxrss. The "Index" section of the output file is replaced; the
// rest of the file is kept.
import Foundation

var options = BenchOptions(CommandLine.arguments.dropFirst())
guard FileManager.default.isExecutableFile(atPath: options.shelf) else {
    print("shelf-bench: no shelf binary at \(options.shelf); run `swift build -c release --product shelf` first")
    exit(1)
}
options.shelf = URL(fileURLWithPath: options.shelf).standardizedFileURL.path
var report = BenchReport(options: options)
do {
    let small = try Workload.library(books: options.smallBooks, work: options.work)
    for books in options.sizes {
        let library = try Workload.library(books: books, work: options.work)
        let runs = books >= 100_000 ? min(options.runs, 3) : options.runs
        report.add(try Workload.measure(library: library, books: books, small: small, runs: runs, options: options))
    }
    try report.write()
} catch {
    print(error)
    exit(1)
}
