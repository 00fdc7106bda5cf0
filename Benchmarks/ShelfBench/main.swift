// shelf-bench: times the release `shelf` binary against the commands a person could use instead.
//
//   swift build -c release --static-swift-stdlib --product shelf   # as installed (README)
//   swift run -c release shelf-bench [--books 1000,10000] [--with-100k] [--runs 5] [--work /tmp/shelf-bench]
//                                    [--shelf .build/release/shelf] [--out BENCHMARKS.md] [--calibre-up-to 10000]
//                                    [--watcher-only] [--adopted-only] [--every-command] [--api]
//
// Every measurement is a fresh process, as a command-line invocation is: `shelf` and the
// comparison commands run one after the other in the same round, and the medians are reported.
// Peak memory is the child's maxrss. The "Index" section of the output file is replaced; the
// rest of the file is kept. When `calibredb` is on PATH, a calibre library of the same books is
// built (or reused) for each size up to --calibre-up-to before any timing starts.
import Foundation

var options = BenchOptions(CommandLine.arguments.dropFirst())
guard FileManager.default.isExecutableFile(atPath: options.shelf) else {
    print("shelf-bench: no shelf binary at \(options.shelf); run `swift build -c release --static-swift-stdlib --product shelf` first")
    exit(1)
}
options.shelf = URL(fileURLWithPath: options.shelf).standardizedFileURL.path
// The rows without the watcher must not use the watchman of the person running the bench; the
// watcher rows run their own server (``Watcher``).
setenv("SHELF_NO_WATCHMAN", "1", 1)
/// Only some rows, for each size: printed with the targets they meet, BENCHMARKS.md untouched.
@MainActor
func measureOnly(_ rows: (String, Int) throws -> [BenchReport.Row], targets: (BenchReport) -> String) throws -> Never {
    var report = BenchReport(options: options, calibre: nil)
    for books in options.sizes {
        let library = try Workload.library(books: books, work: options.work)
        let files = try FileManager.default.subpathsOfDirectory(atPath: library).filter { $0.hasSuffix(".md") && !$0.hasPrefix(".") }
        var section = BenchReport.Section(books: books, files: files.count, runs: options.runs)
        section.rows = try rows(library, books)
        report.add(section)
    }
    print(targets(report))
    exit(0)
}
if options.watcherOnly {
    try measureOnly({ library, _ in try Watcher.rows(library: library, runs: options.runs, options: options) },
                    targets: { $0.instantTargets() })
}
if options.adoptedOnly {
    try measureOnly({ library, _ in try Adopted.rows(library: library, runs: options.runs, options: options) },
                    targets: { $0.targets() })
}
if options.api {
    do {
        print(APICalls.render(try APICalls.tables(options: options)))
        exit(0)
    } catch {
        print(error)
        exit(1)
    }
}
if options.everyCommand {
    do {
        let sections = try EveryCommand.sections(options: options)
        let report = BenchReport(options: options, calibre: nil)
        for section in sections { print(report.render(section)) }
        print(EveryCommand.targets(sections))
        try EveryCommand.write(sections, options: options)
        exit(0)
    } catch {
        print(error)
        exit(1)
    }
}
let calibre = options.watcherOnly ? nil : Calibre.find(work: options.work)
var report = BenchReport(options: options, calibre: calibre)
do {
    let small = try Workload.library(books: options.smallBooks, work: options.work)
    // Every library, and calibre's copies, before the first measurement: building them takes
    // minutes and would load the machine during the timed rounds.
    let libraries = try options.sizes.map { try Workload.library(books: $0, work: options.work) }
    var calibreLibraries: [Int: Calibre.Library] = [:]
    if let calibre {
        for (books, library) in zip(options.sizes, libraries) where books <= options.calibreUpTo {
            calibreLibraries[books] = try Calibre.library(of: library, books: books, work: options.work, tool: calibre)
        }
    }
    for (books, library) in zip(options.sizes, libraries) {
        let runs = books >= 100_000 ? min(options.runs, 3) : options.runs
        report.add(try Workload.measure(library: library, books: books, small: small, runs: runs, options: options,
                                        calibre: calibreLibraries[books]))
    }
    try report.write()
} catch {
    print(error)
    exit(1)
}
