// shelf-bench: times ShelfKit's index against the commands a person could use instead.
//
//   swift build -c release --product shelf-bench
//   .build/release/shelf-bench [--books 1000,10000] [--with-100k] [--runs 5] [--work /tmp/shelf-bench] [--out BENCHMARKS.md]
//
// Every measurement is a fresh process, as a command-line invocation would be: the bench runs
// itself as `shelf-bench probe …` for ShelfKit, and the comparison commands as they are, one
// after the other in the same round, and reports medians. Peak memory is the child's maxrss.
import Foundation
import ShelfKit

#if canImport(Glibc)
import Glibc
#endif

if CommandLine.arguments.count > 1, CommandLine.arguments[1] == "probe" {
    await Probe.run(Array(CommandLine.arguments.dropFirst(2)))
    exit(0)
}

var options = BenchOptions(CommandLine.arguments.dropFirst())
var report = BenchReport(options: options)
for books in options.sizes {
    let library = try Workload.library(books: books, work: options.work)
    report.add(try Workload.measure(library: library, books: books, runs: books >= 100_000 ? 1 : options.runs))
}
try report.write()
