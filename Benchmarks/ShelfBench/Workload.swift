import Foundation

/// The libraries, the commands, and one round of measurements per library.
enum Workload {
    /// A generated library of `books` books, made once and kept under `work`.
    static func library(books: Int, work: String) throws -> String {
        let root = work + "/lib\(books)"
        if !FileManager.default.fileExists(atPath: root) {
            try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
            let generator = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("shared/bench/make_library.py").path
            try run(["python3", generator, "--books", String(books), "--out", root])
        }
        // The generator writes the books; a folder is a library once it has `.shelf`, which
        // `shelf init` would make with the default statuses the generator uses.
        try FileManager.default.createDirectory(atPath: root + "/.shelf", withIntermediateDirectories: true)
        try Data(pythonScript.utf8).write(to: URL(fileURLWithPath: work + "/frontmatter_query.py"))
        return root
    }

    /// A fresh copy of `library` for commands that write, so the measured libraries stay as
    /// generated.
    static func copy(_ library: String, to name: String) throws -> String {
        let target = URL(fileURLWithPath: library).deletingLastPathComponent().path + "/" + name
        try? FileManager.default.removeItem(atPath: target)
        try run(["cp", "-r", library, target])
        try? FileManager.default.removeItem(atPath: target + "/.shelf/index.sqlite")
        return target
    }

    private static func run(_ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw BenchFailure(command: arguments.joined(separator: " ")) }
    }

    /// The same query with python-frontmatter when it is installed, else what it does with
    /// PyYAML's C loader: read, split, load. The script prints which it used with `--which`.
    static let pythonScript = """
        import os, sys
        try:
            import frontmatter
            def metadata(path):
                return frontmatter.load(path).metadata
            which = "python-frontmatter " + getattr(frontmatter, "__version__", "")
        except ImportError:
            import yaml
            Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
            def metadata(path):
                with open(path, encoding="utf-8") as f:
                    text = f.read()
                if not text.startswith("---"):
                    return {}
                end = text.find("\\n---", 3)
                return yaml.load(text[3:end], Loader=Loader) or {}
            which = "PyYAML " + yaml.__version__
        if sys.argv[1] == "--which":
            print(which.strip())
            sys.exit(0)
        root, needle = sys.argv[1], sys.argv[2].lower()
        found = 0
        for folder, dirs, files in os.walk(root):
            dirs[:] = [d for d in dirs if not d.startswith(".")]
            for name in files:
                if not name.endswith(".md"):
                    continue
                try:
                    meta = metadata(os.path.join(folder, name))
                except Exception:
                    continue
                authors = meta.get("authors") if isinstance(meta, dict) else None
                if isinstance(authors, str):
                    authors = [authors]
                if any(needle in str(a).lower() for a in authors or []):
                    found += 1
        print(found)
        """

    /// Reads every file of `paths` (relative to `library`) and drops the bytes, so that the next
    /// command finds the library in the page cache whatever ran before it. Where the cache is
    /// smaller than the library (on this project's machines it stays near 1.2 GB however much
    /// memory is free, and 100,000 books take 270,000 pages of 4 KiB), every reader still
    /// finds part of it on disk; the report says so.
    static func readAll(_ paths: [String], in library: String) {
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        for path in paths {
            let descriptor = open(library + "/" + path, O_RDONLY)
            guard descriptor >= 0 else { continue }
            while buffer.withUnsafeMutableBytes({ read(descriptor, $0.baseAddress, $0.count) }) > 0 {}
            close(descriptor)
        }
    }

    /// A book directly under a status folder, `reading/` first, for `set` and `log`.
    static func someBook(in library: String) throws -> String {
        for status in ["reading", "finished", "abandoned", "to-read"] {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: library + "/" + status)) ?? []
            if let first = names.filter({ $0.hasSuffix(".md") }).sorted().first { return String(first.dropLast(3)) }
        }
        throw BenchFailure(command: "no book in \(library)")
    }

    /// Measures one library; each row's subject and comparisons run alternately, `runs` rounds.
    static func measure(library: String, books: Int, small: String, runs: Int, options: BenchOptions,
                        calibre: Calibre.Library? = nil) throws -> BenchReport.Section {
        let shelf = options.shelf
        let index = library + "/.shelf/index.sqlite"
        let work = URL(fileURLWithPath: library).deletingLastPathComponent().path
        let files = try FileManager.default.subpathsOfDirectory(atPath: library).filter { $0.hasSuffix(".md") && !$0.hasPrefix(".") }
        let touched = library + "/" + (files.sorted().first ?? "")
        let list = Command(label: "shelf list author:herbert --format paths",
                           arguments: [shelf, "--library", library, "list", "author:herbert", "--format", "paths"])
        let search = Command(label: "shelf search memory", arguments: [shelf, "--library", library, "search", "memory"])
        let noIndex = Command(label: "shelf list --no-index author:herbert",
                              arguments: [shelf, "--library", library, "list", "--no-index", "author:herbert", "--format", "paths"])
        let find = Command(label: "find LIB -name '*.md' -printf '%T@ %s\\n'",
                           arguments: ["find", library, "-name", "*.md", "-printf", "%T@ %s\n"])
        let rgField = Command(label: "rg -l '^authors:.*Herbert' LIB", arguments: ["rg", "-l", "^authors:.*Herbert", library])
        let rgAll = Command(label: "rg -j2 -c '' LIB", arguments: ["rg", "-j2", "-c", "", library])
        let python = Command(label: "python3 frontmatter_query.py LIB herbert (\(pythonFlavour(work)))",
                             arguments: ["python3", work + "/frontmatter_query.py", library, "herbert"])

        var section = BenchReport.Section(books: books, files: files.count, runs: runs)
        // Before each command of the cold row, every file is read once: the figures
        // were taken with the library in the page cache.
        section.rows.append(try row(.cold, "cold list author:herbert (no index: walk, parse, build, answer)", list,
                                    [rgAll, python], runs: runs, before: { readAll(files, in: library); unlink(index) }))
        // The same with nothing in the page cache, beside ripgrep with eight reads in flight;
        // only where the bench may drop the cache (root on Linux).
        if PageCache.canDrop {
            let rgEight = Command(label: "rg -j8 -c '' LIB", arguments: ["rg", "-j8", "-c", "", library])
            section.rows.append(try row(.coldUncached, "cold list author:herbert with the page cache dropped before each command",
                                        list, [rgEight], runs: runs, before: { PageCache.drop(); unlink(index) }))
        }
        _ = list.run()
        section.rows.append(try row(.warm, "warm list author:herbert (index up to date)", list, [find, rgField], runs: runs))
        if let calibre {
            section.calibre = calibre
            section.notes.append(try calibreCount(calibre, list: list, books: books))
            section.rows.append(try row(.calibre, "warm list author:herbert against calibre", list,
                                        [Calibre.listCommand(calibre)], runs: runs))
        }
        // A first build for a query of book fields leaves the sessions and the full-text table
        // out; the first search reads the session files and fills the table. That cost is
        // measured on its own, and the warm search after it.
        section.rows.append(try row(.firstSearch, "first search after a new index built by the list above (reads the sessions, fills the full-text table)",
                                    search, [search], runs: runs, before: { unlink(index); _ = list.run() },
                                    comparisonBefore: { true }))
        section.rows.append(try row(.search, "warm search memory", search, [list], runs: runs))
        // From the first read of sessions on, every refresh compares the session files too.
        section.rows.append(try row(.other, "warm list author:herbert once the index keeps the sessions", list,
                                    [find, rgField], runs: runs))
        section.rows.append(try row(.touched, "list after touching one file", list, [list], runs: runs,
                                    before: { _ = utime(touched, nil) }, comparisonBefore: { true }))
        section.rows.append(try row(.noIndex, "list author:herbert without the index (--no-index)", noIndex, [list], runs: runs))
        section.rows += try Watcher.rows(library: library, runs: runs, options: options)
        // The default table shows each reading book's progress, from its sessions.
        let readingTable = Command(label: "shelf list status:reading (table, with progress)",
                                   arguments: [shelf, "--library", library, "list", "status:reading"])
        let readingPaths = Command(label: "shelf list status:reading --format paths",
                                   arguments: [shelf, "--library", library, "list", "status:reading", "--format", "paths"])
        section.rows.append(try row(.other, "the books being read, as a table with their progress", readingTable,
                                    [readingPaths], runs: runs))
        // The same table with no index: the first build leaves the sessions out, and the
        // listed books' session files are read for their progress.
        section.rows.append(try row(.other, "cold list status:reading as a table (no index: walk, parse the books, build, "
                                    + "read the listed books' sessions)",
                                    readingTable, [rgAll], runs: runs, before: { readAll(files, in: library); unlink(index) }))
        // Every book with its progress, on an index built without the sessions: past 1,000
        // books the index reads every session file, once.
        let everyBook = Command(label: "shelf list (table, every book)", arguments: [shelf, "--library", library, "list"])
        section.rows.append(try row(.everyBook, "every book as a table, on an index built without the sessions (reads them all)",
                                    everyBook, [everyBook], runs: runs, before: { unlink(index); _ = list.run() },
                                    comparisonBefore: { true }))

        // Writes go to copies; the small library is copied afresh for each size too.
        let large = try copy(library, to: "writes\(books)")
        let smallCopy = try copy(small, to: "writes\(options.smallBooks)-for-\(books)")
        let (largeBook, smallBook) = (try someBook(in: large), try someBook(in: smallCopy))
        // A library in use has an index, which the first read builds; writes find their book
        // through it, so both copies get one, untimed, as the measured library has.
        for copy in [large, smallCopy] {
            let read = Command(label: "shelf list (index the copy)", arguments: [shelf, "--library", copy, "list", "--format", "paths"])
            guard read.run() != nil else { throw BenchFailure(command: read.label) }
        }
        let setLarge = Command(label: "shelf set BOOK pages=N (\(books) books)",
                               arguments: [shelf, "--library", large, "set", largeBook, "pages={n}"])
        let setSmall = Command(label: "shelf set BOOK pages=N (\(options.smallBooks) books)",
                               arguments: [shelf, "--library", smallCopy, "set", smallBook, "pages={n}"])
        let logLarge = Command(label: "shelf log BOOK --minutes 5 (\(books) books)",
                               arguments: [shelf, "--library", large, "log", largeBook, "--minutes", "5"])
        let logSmall = Command(label: "shelf log BOOK --minutes 5 (\(options.smallBooks) books)",
                               arguments: [shelf, "--library", smallCopy, "log", smallBook, "--minutes", "5"])
        section.rows.append(try row(.set, "set one key", setLarge, [setSmall], runs: runs))
        section.rows.append(try row(.log, "log a session", logLarge, [logSmall], runs: runs))
        try? FileManager.default.removeItem(atPath: large)
        try? FileManager.default.removeItem(atPath: smallCopy)
        return section
    }

    /// The sanity line under the table: how many books calibre and shelf found for the query.
    /// Running calibre's query once also opens its library before the timed rounds.
    private static func calibreCount(_ calibre: Calibre.Library, list: Command, books: Int) throws -> String {
        let found = try Calibre.count(in: calibre.path, search: "authors:Herbert", tool: calibre.tool)
        guard let output = Command.output(list.arguments), output.status == 0 else { throw BenchFailure(command: list.label) }
        let shelfFound = output.text.split(separator: "\n").count
        var text = "calibre (`CALIBRE\(books)`, \(calibre.books) books): `calibredb list --search authors:Herbert` found "
        text += "\(found) books, `shelf list author:herbert` \(shelfFound)"
        if found == shelfFound {
            text += " — the same: both match a part of any author's name, ignoring case and accents."
        } else {
            text += " — they differ. Both match a part of any author's name ignoring case, and by default ignoring accents; "
            text += "a difference means the two libraries or the two search semantics differ for some books."
        }
        FileHandle.standardError.write(Data((text + "\n").utf8))
        return text
    }

    /// Which Python library the script found.
    private static func pythonFlavour(_ work: String) -> String {
        let process = Process()
        let pipe = Pipe()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", work + "/frontmatter_query.py", "--which"]
        process.standardOutput = pipe
        guard (try? process.run()) != nil else { return "python" }
        process.waitUntilExit()
        let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        return text.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Runs the subject and each comparison alternately and keeps the medians. `before` runs
    /// before each subject run; with `comparisonBefore` returning false, before the comparisons too.
    static func row(_ kind: BenchReport.Kind, _ title: String, _ subject: Command, _ comparisons: [Command], runs: Int,
                    before: () -> Void = {}, comparisonBefore: () -> Bool = { false }) throws -> BenchReport.Row {
        var subjectSamples: [Command.Sample] = []
        var comparisonSamples = Array(repeating: [Command.Sample](), count: comparisons.count)
        for round in 0..<runs {
            before()
            guard let sample = subject.run(round: 200 + round) else { throw BenchFailure(command: subject.label) }
            subjectSamples.append(sample)
            for (index, comparison) in comparisons.enumerated() {
                if !comparisonBefore() { before() }
                // The warm query after a touch is measured on an index refreshed by the last run.
                guard let sample = comparison.run(round: 200 + round) else { throw BenchFailure(command: comparison.label) }
                comparisonSamples[index].append(sample)
            }
        }
        return BenchReport.Row(kind: kind, title: title, subject: subject.label, subjectSamples: subjectSamples,
                               comparisons: zip(comparisons, comparisonSamples).map { ($0.label, $1) })
    }
}

/// The kernel's page cache, which a cold row with nothing cached empties before each command.
enum PageCache {
    private static let control = "/proc/sys/vm/drop_caches"

    /// Whether this process may empty it: root on Linux.
    static let canDrop: Bool = access(control, W_OK) == 0

    /// Writes dirty pages out, then drops clean pages, dentries and inodes.
    static func drop() {
        sync()
        let descriptor = open(control, O_WRONLY)
        guard descriptor >= 0 else { return }
        _ = write(descriptor, "3\n", 2)
        close(descriptor)
    }
}

struct BenchFailure: Error, CustomStringConvertible {
    var command: String
    var description: String { "shelf-bench: \(command) failed" }
}
