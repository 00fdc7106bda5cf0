import Foundation

/// `shelf-bench --every-command`: a row for every command of `shelf`, at each size, without and
/// with the watcher, each beside the same run's warm `list author:herbert` (the reference of
/// the targets), `shelf --version` (the floor: process start-up) and the same command at 1,000
/// books (the growth); search also beside ripgrep, and check beside `find` and the cold list.
///
/// A command `shelf` gains gets a row here, or a line in ``unmeasured`` saying why it has
/// none: the bench refuses to run while a command of `shelf --experimental-dump-help` has
/// neither, and `BenchCoverageTests` fails the suite.
enum EveryCommand {
    /// A command line measured, after `shelf --library LIB`: `{book}` is a book being read,
    /// `{n}` the round (so a repeated write really changes its file).
    struct Measured {
        /// The subcommand, as `shelf --experimental-dump-help` names it.
        var command: String
        var arguments: [String]
        /// Run on copies of the libraries, made afresh for each size and mode.
        var writes = false
        /// A peer doing the same job, after `LIB`'s path is put in for `{library}`.
        var peer: [String]?

        init(_ command: String, _ arguments: [String], writes: Bool = false, peer: [String]? = nil) {
            self.command = command
            self.arguments = arguments
            self.writes = writes
            self.peer = peer
        }

        /// The command line as the tables print it, with `BOOK` for the book.
        var label: String { "shelf " + ([command] + arguments).joined(separator: " ").replacingOccurrences(of: "{book}", with: "BOOK") }
    }

    /// The reference of every row: the warm list of the issue's targets.
    static let reference = Measured("list", ["author:herbert", "--format", "paths"])

    static let measured: [Measured] = [
        reference,
        Measured("list", ["status:reading"]),
        Measured("list", []),
        Measured("list", ["--format", "json"]),
        Measured("show", ["{book}"]),
        // An unknown book: the did-you-mean among every slug.
        Measured("show", ["dune"]),
        Measured("sessions", ["{book}"]),
        Measured("sessions", ["--since", "7d"]),
        Measured("sessions", ["--limit", "20"]),
        Measured("sessions", []),
        Measured("search", ["memory", "--limit", "20"], peer: ["rg", "-j2", "-l", "-i", "memory", "{library}"]),
        Measured("search", ["memory"]),
        // Words few files hold together: fewer hits than the limit, so the answer is ranked
        // from every match and the books holding the words only across their files.
        Measured("search", ["orchard", "labyrinth", "glass", "--limit", "20"]),
        Measured("today", []),
        Measured("today", ["--week"]),
        Measured("stats", ["--year", "2025"]),
        Measured("stats", []),
        Measured("stats", ["--format", "json"]),
        Measured("next", []),
        Measured("next", ["--all"]),
        Measured("tags", []),
        Measured("authors", []),
        Measured("folders", []),
        Measured("trash", []),
        Measured("export", ["--format", "json"]),
        Measured("export", ["--format", "csv"]),
        // Also beside the cold list, which reads the same books.
        Measured("check", [], peer: ["find", "{library}", "-name", "*.md", "-printf", "%T@ %s\n"]),
        Measured("set", ["{book}", "pages={n}"], writes: true),
        Measured("log", ["{book}", "--minutes", "5"], writes: true),
        Measured("move", ["{book}", "--folder", "bench{n}"], writes: true),
    ]

    /// The commands with no row, and why.
    static let unmeasured: [String: String] = [
        "init": "makes a library once; its build is the cold list of the index rows",
        "reindex": "the cold list of the index rows: walk, parse, build",
        "add": "a new file through the write path that set, log and move measure",
        "start": "a move and a set of one key, measured as those",
        "finish": "a move and a set of one key, measured as those",
        "abandon": "a move and a set of one key, measured as those",
        "unset": "the write path of set",
        "tag": "the write path of set",
        "session": "the write path of log",
        "rm": "a move into .shelf/trash/, measured as move",
        "restore": "a move out of .shelf/trash/, measured as move",
        "undo": "the write path of set, replayed",
        "fetch": "waits on Open Library over the network; its own section",
        "import": "reads an export file; its own sections (Import, KOReader import)",
        "read": "a live timer a person watches, not a command that returns",
        "edit": "waits on an editor",
        "watch": "starts the watcher the watcher rows use",
        "git-setup": "writes git's settings once per clone",
        "merge-driver": "runs on three versions of one file, when git merges",
        "help": "prints help",
    ]

    /// The subcommands `shelf` has, from its own dump of its help.
    static func subcommands(of shelf: String) throws -> [String] {
        guard let output = Command.output([shelf, "--experimental-dump-help"]), output.status == 0,
              let json = try JSONSerialization.jsonObject(with: Data(output.text.utf8)) as? [String: Any],
              let command = json["command"] as? [String: Any],
              let subcommands = command["subcommands"] as? [[String: Any]] else {
            throw BenchFailure(command: "\(shelf) --experimental-dump-help")
        }
        return subcommands.compactMap { $0["commandName"] as? String }
    }

    /// The commands with neither a row nor a reason.
    static func uncovered(_ subcommands: [String]) -> [String] {
        let covered = Set(measured.map(\.command)).union(unmeasured.keys)
        return subcommands.filter { !covered.contains($0) }
    }

    /// Every size of `options` beside the 1,000-book library, without and then with the
    /// watcher.
    static func sections(options: BenchOptions) throws -> [BenchReport.Section] {
        let missing = uncovered(try subcommands(of: options.shelf))
        guard missing.isEmpty else {
            throw BenchFailure(command: "every command has a row: no row for \(missing.joined(separator: ", ")); "
                               + "add one to EveryCommand.measured, or say why not in EveryCommand.unmeasured")
        }
        let small = try Workload.library(books: 1_000, work: options.work)
        var sections: [BenchReport.Section] = []
        for books in options.sizes where books > 1_000 {
            let library = try Workload.library(books: books, work: options.work)
            let runs = books >= 100_000 ? min(options.runs, 3) : options.runs
            sections.append(try section(library, books: books, small: small, runs: runs, watcher: nil, options: options))
            if let server = try Watcher.Server(folder: options.work + "/watchman-every-command") {
                defer { server.stop() }
                sections.append(try section(library, books: books, small: small, runs: runs, watcher: server, options: options))
            } else {
                FileHandle.standardError.write(Data("shelf-bench: watchman is not installed; no rows with the watcher\n".utf8))
            }
        }
        return sections
    }

    /// One size in one mode: each command alternating with its comparisons, `runs` rounds.
    private static func section(_ library: String, books: Int, small: String, runs: Int, watcher: Watcher.Server?,
                                options: BenchOptions) throws -> BenchReport.Section {
        let shelf = options.shelf
        let environment = watcher?.environment ?? [:]
        // Writes go to copies, which get their index (and their watch) before any timing.
        let mode = watcher == nil ? "walk" : "watched"
        let writable = (large: try Workload.copy(library, to: "every-\(books)-\(mode)"),
                        small: try Workload.copy(small, to: "every-1000-for-\(books)-\(mode)"))
        defer {
            try? FileManager.default.removeItem(atPath: writable.large)
            try? FileManager.default.removeItem(atPath: writable.small)
        }
        for folder in [library, small, writable.large, writable.small] {
            try watcher?.watch(folder, shelf: shelf)
            // Every command then finds an index that keeps the sessions and the text.
            for arguments in [["list", "--format", "paths"], ["search", "memory", "--limit", "1"]] {
                guard Command(label: "index", arguments: [shelf, "--library", folder] + arguments, environment: environment).run() != nil
                else { throw BenchFailure(command: "shelf --library \(folder) \(arguments.joined(separator: " "))") }
            }
        }
        func command(_ measured: Measured, in folder: String, books: Int) throws -> Command {
            let book = try Workload.someBook(in: folder)
            let arguments = measured.arguments.map { $0 == "{book}" ? book : $0 }
            return Command(label: measured.label + (books == 1_000 ? " at 1,000 books" : ""),
                           arguments: [shelf, "--library", folder, measured.command] + arguments, environment: environment)
        }
        let reference = try command(Self.reference, in: library, books: books)
        // The cold list on a copy of its own, whose index it removes before each run.
        let cold = try Workload.copy(library, to: "every-cold-\(books)-\(mode)")
        defer { try? FileManager.default.removeItem(atPath: cold) }
        let coldList = Command(label: "cold list author:herbert (no index: walk, parse, build, answer)",
                               arguments: ["sh", "-c", "rm -f \"$1/.shelf/index.sqlite\" && exec \"$2\" --library \"$1\" list author:herbert --format paths",
                                           "sh", cold, shelf])
        let version = Command(label: "shelf --version", arguments: [shelf, "--version"])
        let files = try FileManager.default.subpathsOfDirectory(atPath: library).filter { $0.hasSuffix(".md") && !$0.hasPrefix(".") }
        var section = BenchReport.Section(books: books, files: files.count, runs: runs)
        section.qualifier = watcher == nil ? "without the watcher" : "with the watcher"
        for measured in Self.measured {
            let subject = try command(measured, in: measured.writes ? writable.large : library, books: books)
            var comparisons = [reference, version, try command(measured, in: measured.writes ? writable.small : small, books: 1_000)]
            if measured.command == "check" { comparisons.append(coldList) }
            if let peer = measured.peer {
                comparisons.append(Command(label: peer.joined(separator: " ").replacingOccurrences(of: "\n", with: "\\n")
                                                .replacingOccurrences(of: "{library}", with: "LIB"),
                                           arguments: peer.map { $0 == "{library}" ? library : $0 }))
            }
            // One run untimed: what a command caches for the next (the index's pages, the
            // trash's folder) is there for every measured one.
            _ = subject.run(round: 100)
            section.rows.append(try Workload.row(.other, measured.label, subject, comparisons, runs: runs))
            FileHandle.standardError.write(Data("shelf-bench: \(books) \(mode): \(measured.label)\n".utf8))
        }
        return section
    }

    /// The issue's targets, on the largest size measured.
    static func targets(_ sections: [BenchReport.Section]) -> String {
        guard let largest = sections.map(\.books).max() else { return "" }
        var lines: [(String, String, Bool)] = []
        for section in sections where section.books == largest {
            let watched = section.qualifier == "with the watcher"
            func row(_ title: String) -> BenchReport.Row? { section.rows.first { $0.title == title } }
            // Against the warm list of the same rounds, the row's first comparison.
            func ratio(_ title: String) -> Double? {
                guard let row = row(title), let reference = row.comparisons.first else { return nil }
                let time = BenchReport.seconds(reference.samples)
                return time > 0 ? BenchReport.seconds(row.subjectSamples) / time : nil
            }
            let size = "\(section.books / 1_000)k, \(section.qualifier ?? "")"
            let daily = ["shelf today", "shelf show BOOK", "shelf next", "shelf log BOOK --minutes 5", "shelf set BOOK pages={n}",
                         "shelf search memory --limit 20"]
            // Without the watcher every command walks the library as the warm list does: none
            // slower than it, within the 10% the issue allows interleaved runs for noise.
            let slowest = watched ? "" : " (no slower: ≤ 1.1×)"
            for title in daily {
                guard let value = ratio(title) else { continue }
                let limit = watched ? 1.5 : 1.1
                lines.append(("\(size): `\(title)` ≤ \(String(format: "%.1f", limit))× the warm list\(slowest)",
                              String(format: "%.2f×", value), value <= limit))
            }
            for title in ["shelf stats --year 2025", "shelf show dune"] {
                guard let value = ratio(title) else { continue }
                let limit = watched ? 2.0 : 1.1
                lines.append(("\(size): `\(title)` ≤ \(String(format: "%.1f", limit))× the warm list\(slowest)",
                              String(format: "%.2f×", value), value <= limit))
            }
            if let check = row("shelf check"), let cold = check.comparisons.first(where: { $0.label.hasPrefix("cold list") }) {
                let value = BenchReport.seconds(check.subjectSamples) / BenchReport.seconds(cold.samples)
                lines.append(("\(size): `shelf check` ≤ 1.5× the cold list", String(format: "%.2f×", value), value <= 1.5))
            }
            let peak = section.rows.map { BenchReport.mebibytes($0.subjectSamples) }.max() ?? 0
            let worst = section.rows.max { BenchReport.mebibytes($0.subjectSamples) < BenchReport.mebibytes($1.subjectSamples) }
            lines.append(("\(size): every command's peak memory ≤ 128 MiB",
                          String(format: "%.1f MiB", peak) + " (`\(worst?.title ?? "")`)", peak <= 128))
        }
        var text = "| target | measured | met? |\n|---|---|---|\n"
        for (target, value, met) in lines { text += "| \(target) | \(value) | \(met ? "yes" : "**no**") |\n" }
        return text
    }

    /// The section of BENCHMARKS.md these rows make, replaced on each run.
    static func write(_ sections: [BenchReport.Section], options: BenchOptions) throws {
        let report = BenchReport(options: options, calibre: nil)
        var text = "## Every command (`shelf-bench --every-command`)\n\n"
        text += "```sh\nswift build -c release --static-swift-stdlib --product shelf\n"
        text += "swift run -c release shelf-bench --every-command --books \(options.sizes.map(String.init).joined(separator: ",")) "
        text += "--runs \(options.runs)\n```\n\n"
        text += "Every command of `shelf` (the bench refuses to run while one has neither a row nor a reason in "
        text += "`Benchmarks/ShelfBench/EveryCommand.swift`), each run as a fresh process alternating with its comparisons "
        text += "in the same rounds: the warm `list author:herbert` of the same library and mode (the reference of the "
        text += "targets), `shelf --version` (the floor), the same command at 1,000 books (the growth), and a peer where "
        text += "one does the same job. Every library's index is built and keeps the sessions and the text before "
        text += "the rows; writes run on copies. Medians; peak memory is the largest of the runs (GNU `time -f %M`).\n\n"
        text += "Machine: \(BenchReport.machine(calibre: nil, shelf: options.shelf)).\n\n"
        text += sections.map(report.render).joined(separator: "\n")
        text += "\n### Targets (issue 37)\n\n" + targets(sections)
        let existing = (try? String(contentsOfFile: options.output, encoding: .utf8)) ?? "# Benchmarks\n"
        var lines = existing.components(separatedBy: "\n")
        if let start = lines.firstIndex(where: { $0.hasPrefix("## Every command") }) {
            let end = lines[(start + 1)...].firstIndex { $0.hasPrefix("## ") } ?? lines.endIndex
            lines.replaceSubrange(start..<end, with: text.components(separatedBy: "\n"))
        } else if let start = lines.firstIndex(where: { $0.hasPrefix("## ") && !$0.hasPrefix("## Front matter") }) {
            lines.insert(contentsOf: text.components(separatedBy: "\n"), at: start)
        } else {
            lines += [""] + text.components(separatedBy: "\n")
        }
        try lines.joined(separator: "\n").write(toFile: options.output, atomically: true, encoding: .utf8)
    }
}
