import Foundation

/// `shelf-bench --api`: the calls an app makes of ShelfKit (`shelf-api-bench`, a driver over its
/// public API alone) at 100 books and at each size, without and with the watcher, each size
/// beside 100 books: the issue's target is every call within 1.5× of the same call at 100.
enum APICalls {
    /// One mode's medians: for each call, its seconds at each size.
    struct Table {
        var mode: String
        var sizes: [Int]
        var seconds: [String: [Int: Double]] = [:]
        var calls: [String] = []
    }

    static func tables(options: BenchOptions) throws -> [Table] {
        let driver = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("shelf-api-bench").path
        guard FileManager.default.isExecutableFile(atPath: driver) else {
            throw BenchFailure(command: "no shelf-api-bench beside shelf-bench; run `swift build -c release --product shelf-api-bench`")
        }
        let sizes = [options.smallBooks] + options.sizes.filter { $0 > options.smallBooks }
        var tables = [try table(sizes: sizes, driver: driver, server: nil, options: options)]
        if let server = try Watcher.Server(folder: options.work + "/watchman-api") {
            defer { server.stop() }
            tables.append(try table(sizes: sizes, driver: driver, server: server, options: options))
        }
        return tables
    }

    private static func table(sizes: [Int], driver: String, server: Watcher.Server?, options: BenchOptions) throws -> Table {
        var table = Table(mode: server == nil ? "without the watcher" : "with the watcher", sizes: sizes)
        for books in sizes {
            let library = try Workload.library(books: books, work: options.work)
            let copy = try Workload.copy(library, to: "api-\(books)-\(server == nil ? "walk" : "watched")")
            defer { try? FileManager.default.removeItem(atPath: copy) }
            var arguments = [driver, copy, "--runs", String(books >= 100_000 ? 10 : 20)]
            if let server {
                try server.watch(copy, shelf: options.shelf)
                arguments = server.environment.map { "\($0.key)=\($0.value)" }.sorted() + arguments + ["--watched"]
            }
            guard let output = Command.output(arguments, keepStandardError: true), output.status == 0 else {
                throw BenchFailure(command: arguments.joined(separator: " "))
            }
            for line in output.text.split(separator: "\n") {
                let fields = line.split(separator: "\t").map(String.init)
                guard fields.count == 2, let seconds = Double(fields[1]) else { continue }
                if table.seconds[fields[0]] == nil { table.calls.append(fields[0]) }
                table.seconds[fields[0], default: [:]][books] = seconds
            }
            FileHandle.standardError.write(Data("shelf-bench: api \(books) \(table.mode)\n".utf8))
        }
        return table
    }

    static func render(_ tables: [Table]) -> String {
        var text = ""
        for table in tables {
            let small = table.sizes[0]
            let larger = table.sizes.dropFirst()
            text += "### ShelfKit's calls, \(table.mode) (median of 20 calls; 10 at 100,000 books)\n\n"
            text += "| call | " + table.sizes.map { "\($0) books" }.joined(separator: " | ") + " | "
            text += larger.map { "\($0) ÷ \(small)" }.joined(separator: " | ") + " |\n"
            text += "|---|" + String(repeating: "---:|", count: table.sizes.count + larger.count) + "\n"
            for call in table.calls {
                let seconds = table.seconds[call] ?? [:]
                text += "| `\(call)` | " + table.sizes.map { seconds[$0].map { String(format: "%.2f ms", $0 * 1_000) } ?? "—" }
                    .joined(separator: " | ") + " | "
                text += larger.map { size in
                    guard let base = seconds[small], let value = seconds[size], base > 0 else { return "—" }
                    let ratio = value / base
                    return String(format: "%.2f×", ratio) + (ratio <= 1.5 ? "" : " (over 1.5×)")
                }.joined(separator: " | ") + " |\n"
            }
            text += "\n"
        }
        return text
    }
}
