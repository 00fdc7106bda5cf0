import Foundation

/// The Markdown the bench writes: each figure beside its comparisons as a ratio, then the
/// targets of issue 4 checked against those figures.
struct BenchReport {
    /// What a row measures, for checking the targets.
    enum Kind {
        case cold, coldUncached, warm, firstSearch, search, touched, noIndex, everyBook, set, log, calibre, watched,
             watchedSessions, watchedEdited, adopted, other
    }

    struct Row {
        var kind: Kind
        var title: String
        var subject: String
        var subjectSamples: [Command.Sample]
        var comparisons: [(label: String, samples: [Command.Sample])]
    }

    struct Section {
        var books: Int
        var files: Int
        var runs: Int
        var rows: [Row] = []
        /// Lines printed under the table, such as how many books calibre and shelf found.
        var notes: [String] = []
        /// The calibre library the section was compared with, if any.
        var calibre: Calibre.Library?
        /// Said after the size in the section's heading, such as "with the watcher".
        var qualifier: String?
    }

    let options: BenchOptions
    /// `calibredb` when it is on PATH.
    let calibre: Calibre.Tool?
    private(set) var sections: [Section] = []

    init(options: BenchOptions, calibre: Calibre.Tool?) {
        self.options = options
        self.calibre = calibre
    }

    mutating func add(_ section: Section) {
        sections.append(section)
        print(render(section))
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return 0 }
        return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    }

    static func seconds(_ samples: [Command.Sample]) -> Double { median(samples.map(\.seconds)) }
    static func mebibytes(_ samples: [Command.Sample]) -> Double { Double(samples.map(\.peakKiB).max() ?? 0) / 1024 }

    func render(_ section: Section) -> String {
        var text = "### \(section.books) books (\(section.files) Markdown files)\(section.qualifier.map { ", " + $0 } ?? ""), "
        text += "median of \(section.runs) runs\n\n"
        text += "| measurement | shelf | peak memory | comparison | its time | shelf ÷ comparison |\n"
        text += "|---|---:|---:|---|---:|---:|\n"
        for row in section.rows {
            let time = Self.seconds(row.subjectSamples)
            for (index, comparison) in row.comparisons.enumerated() {
                let other = Self.seconds(comparison.samples)
                let first = index == 0
                let name = row.title == row.subject ? "`" + row.subject + "`" : row.title + " (`" + row.subject + "`)"
                text += "| \(first ? name : "") | \(first ? String(format: "%.3f s", time) : "") | "
                text += "\(first ? String(format: "%.1f MiB", Self.mebibytes(row.subjectSamples)) : "") | "
                text += "`\(comparison.label)` | \(String(format: "%.3f s", other)) | \(String(format: "%.2f×", other > 0 ? time / other : 0)) |\n"
            }
        }
        if !section.notes.isEmpty { text += "\n" + section.notes.joined(separator: "\n\n") + "\n" }
        return text
    }

    /// Issue 4's targets, on the 10k library (and 100k against 10k when it was run).
    func targets() -> String {
        guard let section = sections.first(where: { $0.books == 10_000 }) else { return "" }
        func row(_ kind: Kind) -> Row? { section.rows.first { $0.kind == kind } }
        func ratio(_ kind: Kind, _ comparison: Int) -> Double? {
            guard let row = row(kind), comparison < row.comparisons.count else { return nil }
            let other = Self.seconds(row.comparisons[comparison].samples)
            return other > 0 ? Self.seconds(row.subjectSamples) / other : nil
        }
        var lines: [(String, String, Bool)] = []
        func check(_ target: String, _ value: Double?, _ limit: Double, unit: String = "×", atLeast: Bool = false) {
            guard let value else { return }
            lines.append((target, String(format: "%.2f", value) + unit, atLeast ? value >= limit : value <= limit))
        }
        check("warm list ≤ 1.5× `find -printf`", ratio(.warm, 0), 1.5)
        check("warm list no slower than `rg -l '^authors:.*Herbert'`", ratio(.warm, 1), 1.0)
        check("cold list ≤ 2.5× `rg -j2 -c ''`", ratio(.cold, 0), 2.5)
        check("cold list ≤ ¼ of the Python front matter script", ratio(.cold, 1), 0.25)
        check("warm search ≤ 1.5× warm list", ratio(.search, 0), 1.5)
        check("list after one touched file ≤ 1.2× warm list", ratio(.touched, 0), 1.2)
        check("warm list of the books adopted from notes ≤ 1.2× the same list in status folders", ratio(.adopted, 0), 1.2)
        check("`set` on 10k ≤ 1.5× on \(options.smallBooks) books", ratio(.set, 0), 1.5)
        check("`log` on 10k ≤ 1.5× on \(options.smallBooks) books", ratio(.log, 0), 1.5)
        // The only target given as a speed-up: calibre's time over shelf's.
        check("warm list ≥ 10× faster than `calibredb list --search authors:Herbert`",
              ratio(.calibre, 0).flatMap { $0 > 0 ? 1 / $0 : nil }, 10, atLeast: true)
        check("peak memory, warm list ≤ 64 MiB", row(.warm).map { Self.mebibytes($0.subjectSamples) }, 64, unit: " MiB")
        check("peak memory, cold list ≤ 256 MiB", row(.cold).map { Self.mebibytes($0.subjectSamples) }, 256, unit: " MiB")
        if let large = sections.first(where: { $0.books == 100_000 }), let cold100k = large.rows.first(where: { $0.kind == .cold }),
           let cold10k = row(.cold) {
            check("cold 100k ≤ 11× cold 10k", Self.seconds(cold100k.subjectSamples) / Self.seconds(cold10k.subjectSamples), 11)
        }
        if let watched = row(.watched), let version = watched.comparisons.first {
            let limit = 1.3 * Self.seconds(version.samples) + 0.010
            check("with the watcher: warm list ≤ 1.3× `shelf --version` + 10 ms (\(String(format: "%.3f", limit)) s)",
                  Self.seconds(watched.subjectSamples), limit, unit: " s")
        }
        check("with the watcher: list after one edited file ≤ 1.2× warm list with the watcher", ratio(.watchedEdited, 0), 1.2)
        if let large = sections.first(where: { $0.books == 100_000 }), let watched = large.rows.first(where: { $0.kind == .watched }) {
            check("with the watcher: warm list at 100k ≤ 0.05 s", Self.seconds(watched.subjectSamples), 0.05, unit: " s")
        }
        var text = "| target (10k books) | measured | met? |\n|---|---|---|\n"
        for (target, value, met) in lines { text += "| \(target) | \(value) | \(met ? "yes" : "**no**") |\n" }
        return text
    }

    /// Issue 20's targets, for each library of 10,000 books or more that was measured.
    func instantTargets() -> String {
        var lines: [(String, String, Bool)] = []
        for section in sections where section.books >= 10_000 {
            let size = "\(section.books / 1_000)k"
            func row(_ kind: Kind) -> Row? { section.rows.first { $0.kind == kind } }
            func time(_ kind: Kind) -> Double? { row(kind).map { Self.seconds($0.subjectSamples) } }
            func ratio(_ kind: Kind, _ comparison: Int = 0) -> Double? {
                guard let row = row(kind), comparison < row.comparisons.count else { return nil }
                let other = Self.seconds(row.comparisons[comparison].samples)
                return other > 0 ? Self.seconds(row.subjectSamples) / other : nil
            }
            func check(_ target: String, _ value: Double?, _ limit: Double, unit: String = "×") {
                guard let value else { return }
                lines.append(("\(size): " + target, String(format: unit == "×" ? "%.2f" : "%.3f", value) + unit, value <= limit))
            }
            if let watched = row(.watched), let version = watched.comparisons.first {
                let limit = 1.3 * Self.seconds(version.samples) + 0.010
                if section.books >= 100_000 {
                    check("warm list with the watcher ≤ 0.05 s", time(.watched), 0.05, unit: " s")
                } else {
                    check("warm list with the watcher ≤ 1.3× `shelf --version` + 10 ms (\(String(format: "%.3f", limit)) s)",
                          time(.watched), limit, unit: " s")
                }
            }
            check("list after one edited file ≤ 1.2× the warm list, with the watcher", ratio(.watchedEdited), 1.2)
            if section.books < 100_000 {
                check("without the watcher, warm list ≤ 0.34× `find -printf` (as before)", ratio(.warm), 0.34)
            }
            check("warm list keeping the sessions ≤ 1.2× the list of an index without them, with the watcher",
                  ratio(.watchedSessions), 1.2)
            check("first search on a new index ≤ 2× warm search", ratio(.firstSearch), 2)
            check("cold list ≤ 1.3× `rg -j2 -c ''`", ratio(.cold), 1.3)
            // The same two as issue 37 revised them for a machine of 2 cores.
            check("first search on a new index ≤ 3.5× warm search (issue 37, 2 cores)", ratio(.firstSearch), 3.5)
            check("cold list ≤ 2× `rg -j2 -c ''` (issue 37, 2 cores)", ratio(.cold), 2)
            check("cold list, page cache dropped, ≤ 1.2× `rg -j8 -c ''`", ratio(.coldUncached), 1.2)
            if section.books >= 100_000 {
                check("peak memory, every book as a table ≤ 128 MiB", row(.everyBook).map { Self.mebibytes($0.subjectSamples) }, 128,
                      unit: " MiB")
                check("peak memory, `--no-index` ≤ 128 MiB", row(.noIndex).map { Self.mebibytes($0.subjectSamples) }, 128, unit: " MiB")
                let largest = section.rows.max { Self.mebibytes($0.subjectSamples) < Self.mebibytes($1.subjectSamples) }
                check("peak memory of every row ≤ 128 MiB (largest: \(largest?.title ?? "-"))",
                      largest.map { Self.mebibytes($0.subjectSamples) }, 128, unit: " MiB")
            }
            check("`set` ≤ 1.5× on \(options.smallBooks) books (unchanged)", ratio(.set), 1.5)
            check("`log` ≤ 1.5× on \(options.smallBooks) books (unchanged)", ratio(.log), 1.5)
        }
        var text = "| target | measured | met? |\n|---|---|---|\n"
        for (target, value, met) in lines { text += "| \(target) | \(value) | \(met ? "yes" : "**no**") |\n" }
        return text
    }

    /// Replaces the "## Index" section of the output file (up to the next `## ` heading) and
    /// keeps the rest, such as the front matter parsing figures.
    func write() throws {
        var text = "## Index, queries and search (`shelf-bench`)\n\n"
        text += "```sh\nswift build -c release --static-swift-stdlib --product shelf   # as installed (README)\n"
        text += "swift run -c release shelf-bench --books 1000,10000 --runs \(options.runs)   # add --with-100k for 100,000 books\n```\n\n"
        text += "It generates the libraries with `../shared/bench/make_library.py` (once, under `\(options.work)`), runs the "
        text += "release `shelf` binary as a fresh process for each measurement, alternating with its comparison commands in "
        text += "the same rounds, and reports medians. `set` and `log` run on copies of the large library and of a "
        text += "\(options.smallBooks)-book library. Before each command of a cold row, every file of the library is read "
        text += "once, so that each starts with as much of it in the page cache as fits. "
        text += "Peak memory is the command's maximum resident set size as GNU `time -f %M` reports it: each "
        text += "command runs under `/usr/bin/time`, which adds about 1.3 ms to every command alike (hyperfine, `/bin/true`) "
        text += "(a child spawned by the bench itself would report the bench's own peak when that is larger).\n\n"
        text += "Machine: \(Self.machine(calibre: calibre, shelf: options.shelf)).\n\n"
        text += calibreParagraph()
        text += sections.map(render).joined(separator: "\n")
        text += "\n### Targets of issue 4\n\n" + targets()
        text += "\n### Targets of issue 20, with issue 37's revisions\n\n" + instantTargets()
        let existing = (try? String(contentsOfFile: options.output, encoding: .utf8)) ?? "# Benchmarks\n"
        var lines = existing.components(separatedBy: "\n")
        if let start = lines.firstIndex(where: { $0.hasPrefix("## Index") }) {
            let end = lines[(start + 1)...].firstIndex { $0.hasPrefix("## ") } ?? lines.endIndex
            lines.replaceSubrange(start..<end, with: text.components(separatedBy: "\n"))
        } else {
            lines += [""] + text.components(separatedBy: "\n")
        }
        try lines.joined(separator: "\n").write(toFile: options.output, atomically: true, encoding: .utf8)
    }

    /// How calibre was compared, or why it was not.
    private func calibreParagraph() -> String {
        guard calibre != nil else {
            return "calibre is not installed on this machine, so the target of being 10× faster than "
                + "`calibredb list --search authors:Herbert` is not measured here.\n\n"
        }
        let compared = sections.compactMap(\.calibre)
        guard !compared.isEmpty else {
            return "calibre is installed, but no library of at most \(options.calibreUpTo) books (`--calibre-up-to`) was "
                + "measured, so the target of being 10× faster than `calibredb list --search authors:Herbert` is not measured here.\n\n"
        }
        var text = "calibre is compared on a calibre library of the same books (`CALIBRE<n>` in the tables: "
        text += compared.map { library in
            "`\(library.path)`, " + (library.buildSeconds.map { String(format: "built in %.0f s by this run", $0) } ?? "reused")
        }.joined(separator: "; ")
        text += "), which `calibredb add` builds once and later runs reuse: each book becomes a small `.txt` file with an "
        text += "`.opf` beside it holding the title and authors of its front matter, added \(Calibre.chunk) books to a call, on `/dev/shm` "
        text += "when there is room (calibre syncs the disk some 50 times per book added), then copied to the work folder. "
        text += "`calibredb` runs with `--with-library` and its settings in `\(options.work)/calibre-config`. "
        text += "Both sides of that row are warm: shelf's index is up to date and calibre has already opened its library "
        text += "once (for the count of matching books) before the timed rounds.\n\n"
        return text
    }

    static func machine(calibre: Calibre.Tool?, shelf: String) -> String {
        func lines(_ command: [String]) -> [String] {
            let process = Process()
            let pipe = Pipe()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = command
            process.standardOutput = pipe
            process.standardError = FileHandle.nullDevice
            guard (try? process.run()) != nil else { return [] }
            let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            return text.split(separator: "\n").map(String.init)
        }
        func firstLine(_ command: [String]) -> String { lines(command).first ?? "?" }
        let linkage = lines(["ldd", shelf]).contains { $0.contains("libswiftCore") }
            ? "Swift runtime linked dynamically" : "Swift runtime linked statically (--static-swift-stdlib)"
        let cpu = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8))?
            .split(separator: "\n").first { $0.hasPrefix("model name") }?
            .split(separator: ":").last.map { $0.trimmingCharacters(in: .whitespaces) } ?? "unknown CPU"
        let os = (try? String(contentsOfFile: "/etc/os-release", encoding: .utf8))?
            .split(separator: "\n").first { $0.hasPrefix("PRETTY_NAME=") }
            .map { $0.dropFirst("PRETTY_NAME=".count).trimmingCharacters(in: CharacterSet(charactersIn: "\"")) } ?? "Linux"
        let info = ProcessInfo.processInfo
        return "\(cpu), \(info.activeProcessorCount) cores, \(info.physicalMemory / 1_073_741_824) GiB, \(os), "
            + "kernel \(firstLine(["uname", "-r"])), \(firstLine(["swift", "--version"])), release build, \(linkage); "
            + "\(firstLine(["rg", "--version"])), \(firstLine(["find", "--version"])), \(firstLine(["python3", "--version"]))"
            + (calibre.map { ", \($0.version)" } ?? "") + "; "
            + "load average at the end \(firstLine(["cat", "/proc/loadavg"]))"
    }
}
