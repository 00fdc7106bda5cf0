import Foundation

/// The Markdown table `shelf-bench` writes: each figure beside its comparisons, as a ratio.
struct BenchReport {
    struct Row {
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
    }

    let options: BenchOptions
    private(set) var sections: [Section] = []

    init(options: BenchOptions) { self.options = options }

    mutating func add(_ section: Section) {
        sections.append(section)
        print(render(section))
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return 0 }
        return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    }

    private func seconds(_ samples: [Command.Sample]) -> Double { Self.median(samples.map(\.seconds)) }
    private func memory(_ samples: [Command.Sample]) -> Int { samples.map(\.peakKiB).max() ?? 0 }

    func render(_ section: Section) -> String {
        var text = "### \(section.books) books (\(section.files) Markdown files), median of \(section.runs) runs\n\n"
        text += "| measurement | shelf | peak memory | comparison | its time | shelf ÷ comparison |\n"
        text += "|---|---:|---:|---|---:|---:|\n"
        for row in section.rows {
            let time = seconds(row.subjectSamples)
            for (index, comparison) in row.comparisons.enumerated() {
                let other = seconds(comparison.samples)
                let first = index == 0
                text += "| \(first ? row.title : "") | \(first ? String(format: "%.3f s", time) : "") | "
                text += "\(first ? String(format: "%.1f MiB", Double(memory(row.subjectSamples)) / 1024) : "") | "
                text += "`\(comparison.label)` | \(String(format: "%.3f s", other)) | \(String(format: "%.2f×", other > 0 ? time / other : 0)) |\n"
            }
        }
        return text
    }

    func write() throws {
        var text = "## shelf-bench results\n\n"
        text += "Machine: \(machine()). Release build. Each ShelfKit figure is a fresh process "
        text += "(`shelf-bench probe`, which opens a `FileLibrary` and runs one call, as `shelf` will); comparisons run "
        text += "alternately with it in the same rounds. Libraries from `../shared/bench/make_library.py --books N`.\n\n"
        text += sections.map(render).joined(separator: "\n")
        try text.write(toFile: options.output, atomically: true, encoding: .utf8)
    }

    private func machine() -> String {
        let cpu = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8))?
            .split(separator: "\n").first { $0.hasPrefix("model name") }?
            .split(separator: ":").last.map { $0.trimmingCharacters(in: .whitespaces) } ?? "unknown CPU"
        return "\(cpu), \(ProcessInfo.processInfo.activeProcessorCount) cores, "
            + "\(ProcessInfo.processInfo.physicalMemory / 1_073_741_824) GiB, \(ProcessInfo.processInfo.operatingSystemVersionString)"
    }
}
