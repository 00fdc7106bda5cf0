#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The command line of `shelf-bench`.
struct BenchOptions {
    static let usage = """
        usage: shelf-bench [--books 1000,10000] [--with-100k] [--runs 5] [--work DIR] [--out BENCHMARKS.md] [--shelf PATH]
                           [--calibre-up-to 10000] [--watcher-only] [--every-command] [--api]
        Times the release `shelf` against find, ripgrep, python-frontmatter and, when `calibredb` is on PATH,
        calibre (on libraries of up to --calibre-up-to books; 0 leaves calibre out) and writes the tables to --out.
        Rows without the watcher run with SHELF_NO_WATCHMAN=1; the watcher rows, when watchman is installed, on a
        private watchman server. --watcher-only measures the watcher rows alone and writes nothing. --every-command
        measures every command of shelf at each size above 1,000 books, without and with the watcher, beside the
        warm list, `shelf --version` and the same command at 1,000 books, and writes its own section. --api times
        ShelfKit's calls (shelf-api-bench, built beside shelf-bench) at 100 books and at each size, and prints them.
        """

    var sizes = [1_000, 10_000]
    var runs = 5
    var work = "/tmp/shelf-bench"
    var output = "BENCHMARKS.md"
    /// The release binary under test, built as the README installs it:
    /// `swift build -c release --static-swift-stdlib --product shelf`.
    var shelf = ".build/release/shelf"
    /// The small library that `set` and `log` on the large ones are compared with.
    var smallBooks = 100
    /// The largest library compared with calibre: calibre's library is built once per size,
    /// which takes about a minute for 10,000 books.
    var calibreUpTo = 10_000
    /// Only the watcher rows, printed and not written: for trying the watcher quickly.
    var watcherOnly = false
    /// Only the rows of a library adopted from notes (``Adopted``), printed with their target.
    var adoptedOnly = false
    /// A row for every command (``EveryCommand``), in a section of its own.
    var everyCommand = false
    /// ShelfKit's calls at each size (``APICalls``), printed.
    var api = false

    init(_ arguments: ArraySlice<String>) {
        var iterator = arguments.makeIterator()
        while let argument = iterator.next() {
            switch argument {
            case "--books": sizes = (iterator.next() ?? "").split(separator: ",").compactMap { Int($0) }
            case "--with-100k": sizes.append(100_000)
            case "--runs": runs = iterator.next().flatMap { Int($0) } ?? runs
            case "--work": work = iterator.next() ?? work
            case "--out": output = iterator.next() ?? output
            case "--shelf": shelf = iterator.next() ?? shelf
            case "--calibre-up-to": calibreUpTo = iterator.next().flatMap { Int($0) } ?? calibreUpTo
            case "--watcher-only": watcherOnly = true
            case "--adopted-only": adoptedOnly = true
            case "--every-command": everyCommand = true
            case "--api": api = true
            case "--help", "-h":
                print(Self.usage)
                exit(0)
            default:
                // A typo must not start a run of several minutes that overwrites BENCHMARKS.md.
                print("shelf-bench: unknown argument \(argument)\n\(Self.usage)")
                exit(2)
            }
        }
    }
}
