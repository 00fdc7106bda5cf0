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
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["python3", generator, "--books", String(books), "--out", root]
            process.standardOutput = FileHandle.nullDevice
            try process.run()
            process.waitUntilExit()
        }
        try Data(pythonScript.utf8).write(to: URL(fileURLWithPath: work + "/frontmatter_query.py"))
        return root
    }

    /// What python-frontmatter does for each file, with PyYAML's C loader: read, split, load.
    static let pythonScript = """
        import os, sys, yaml
        Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
        root, needle = sys.argv[1], sys.argv[2].lower()
        found = 0
        for folder, dirs, files in os.walk(root):
            dirs[:] = [d for d in dirs if not d.startswith(".")]
            for name in files:
                if not name.endswith(".md"):
                    continue
                with open(os.path.join(folder, name), encoding="utf-8") as f:
                    text = f.read()
                if not text.startswith("---"):
                    continue
                end = text.find("\\n---", 3)
                try:
                    meta = yaml.load(text[3:end], Loader=Loader) or {}
                except yaml.YAMLError:
                    continue
                authors = meta.get("authors") if isinstance(meta, dict) else None
                if isinstance(authors, str):
                    authors = [authors]
                if any(needle in str(a).lower() for a in authors or []):
                    found += 1
        print(found)
        """

    /// Measures one library; each row's subject and comparisons run alternately, `runs` rounds.
    static func measure(library: String, books: Int, runs: Int) throws -> BenchReport.Section {
        let bench = CommandLine.arguments[0]
        let index = library + "/.shelf/index.sqlite"
        let work = URL(fileURLWithPath: library).deletingLastPathComponent().path
        let files = try FileManager.default.subpathsOfDirectory(atPath: library).filter { $0.hasSuffix(".md") && !$0.hasPrefix(".") }
        let touched = library + "/" + (files.sorted().first ?? "")
        let list = Command(label: "shelf-bench probe list author:herbert", arguments: [bench, "probe", "list", library, "author:herbert"])
        let search = Command(label: "shelf-bench probe search memory", arguments: [bench, "probe", "search", library, "memory"])
        let noIndex = Command(label: "shelf-bench probe list-noindex author:herbert",
                              arguments: [bench, "probe", "list-noindex", library, "author:herbert"])
        let find = Command(label: "find LIB -name '*.md' -printf '%T@ %s\\n'",
                           arguments: ["find", library, "-name", "*.md", "-printf", "%T@ %s\n"])
        let rgField = Command(label: "rg -l '^authors:.*Herbert' LIB", arguments: ["rg", "-l", "^authors:.*Herbert", library])
        let rgAll = Command(label: "rg -j2 -c '' LIB", arguments: ["rg", "-j2", "-c", "", library])
        let python = Command(label: "python3 frontmatter_query.py LIB herbert (PyYAML C loader)",
                             arguments: ["python3", work + "/frontmatter_query.py", library, "herbert"])

        var section = BenchReport.Section(books: books, files: files.count, runs: runs)
        section.rows.append(try row("cold list author:herbert (no index: walk, parse, build, answer)", list, [rgAll, python], runs: runs,
                                    before: { unlink(index) }))
        _ = list.run()
        section.rows.append(try row("warm list author:herbert (index up to date)", list, [find, rgField], runs: runs))
        section.rows.append(try row("warm search memory (top 20 with snippets)", search, [list], runs: runs))
        section.rows.append(try row("list after touching one file", list, [list], runs: runs,
                                    before: { _ = utime(touched, nil) }, comparisonBefore: { true }))
        section.rows.append(try row("list author:herbert without the index (--no-index)", noIndex, [list], runs: runs))
        return section
    }

    /// Runs the subject and each comparison alternately and keeps the medians. `before` runs
    /// before each subject run; with `comparisonBefore` returning false, before the comparisons too.
    static func row(_ title: String, _ subject: Command, _ comparisons: [Command], runs: Int, before: () -> Void = {},
                    comparisonBefore: () -> Bool = { false }) throws -> BenchReport.Row {
        var subjectSamples: [Command.Sample] = []
        var comparisonSamples = Array(repeating: [Command.Sample](), count: comparisons.count)
        for _ in 0..<runs {
            before()
            guard let sample = subject.run() else { throw BenchFailure(command: subject.label) }
            subjectSamples.append(sample)
            for (index, comparison) in comparisons.enumerated() {
                if !comparisonBefore() { before() }
                // The warm query after a touch is measured on an index refreshed by the last run.
                guard let sample = comparison.run() else { throw BenchFailure(command: comparison.label) }
                comparisonSamples[index].append(sample)
            }
        }
        return BenchReport.Row(title: title, subject: subject.label, subjectSamples: subjectSamples,
                               comparisons: zip(comparisons, comparisonSamples).map { ($0.label, $1) })
    }
}

struct BenchFailure: Error, CustomStringConvertible {
    var command: String
    var description: String { "shelf-bench: \(command) failed" }
}
