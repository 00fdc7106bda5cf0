import Foundation
import FrontMatter

// Front matter parse throughput, release build:
//
//   python3 ../shared/bench/make_library.py --books 10000 --out /tmp/lib10k
//   swift run -c release frontmatter-bench /tmp/lib10k [--rounds 5]
//
// Files are read into memory first; only parsing is timed. Prints the best round.

var arguments = CommandLine.arguments.dropFirst()
var rounds = 5
var root: String?
while let argument = arguments.popFirst() {
    if argument == "--rounds" { rounds = arguments.popFirst().flatMap { Int($0) } ?? rounds } else { root = argument }
}
guard let root else {
    FileHandle.standardError.write(Data("usage: frontmatter-bench LIBRARY_DIR [--rounds N]\n".utf8))
    exit(2)
}

var files: [[UInt8]] = []
let paths = (FileManager.default.enumerator(atPath: root)?.allObjects as? [String]) ?? []
for path in paths where path.hasSuffix(".md") {
    if let data = FileManager.default.contents(atPath: root + "/" + path) { files.append(Array(data)) }
}

var frontMatterBytes = 0
var fileBytes = 0
var failures = 0
var best = Double.infinity
for _ in 0..<rounds {
    frontMatterBytes = 0
    fileBytes = 0
    failures = 0
    let start = DispatchTime.now().uptimeNanoseconds
    for bytes in files {
        fileBytes += bytes.count
        if let document = try? FrontMatterDocument(bytes: bytes) {
            frontMatterBytes += document.frontMatterRange.count
        } else {
            failures += 1
        }
    }
    best = min(best, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
}
let megabytes = Double(frontMatterBytes) / 1_048_576
print("""
    \(files.count) files, \(String(format: "%.2f", megabytes)) MiB of front matter \
    (\(String(format: "%.2f", Double(fileBytes) / 1_048_576)) MiB of files), \(failures) refused
    best of \(rounds): \(String(format: "%.3f", best)) s on one core = \
    \(String(format: "%.1f", megabytes / best)) MiB/s of front matter, \
    \(String(format: "%.0f", Double(files.count) / best)) files/s
    """)
