import Foundation

/// The rows of a library adopted from notes: the generated library's books moved into one
/// `Books/` folder, each with its status as a word in a `status:` key (`want`, `reading`, `read`,
/// `dnf`) and its sessions under `.shelf/sessions/`, adopted by `shelf init`; then the warm list
/// beside the same list on the library of status folders, which must stay within 1.2× of it.
enum Adopted {
    /// The status folders' words in the notes.
    static let words = ["to-read": "want", "reading": "reading", "finished": "read", "abandoned": "dnf"]

    static func rows(library: String, runs: Int, options: BenchOptions) throws -> [BenchReport.Row] {
        let notes = try copy(of: library)
        let shelf = options.shelf
        let adopt = Command(label: "shelf init (adopting the notes)", arguments: [shelf, "init", notes])
        let readEvery = Command(label: "shelf list --no-index author:herbert on the library of status folders (reads every book)",
                                arguments: [shelf, "--library", library, "list", "--no-index", "author:herbert", "--format", "paths"])
        let initRow = try Workload.row(.other, "shelf init in the same books kept as notes (reads every note, writes the map)",
                                       adopt, [readEvery], runs: 1)
        // The sessions join the library once it is one.
        try FileManager.default.moveItem(atPath: notes + ".sessions", toPath: notes + "/.shelf/sessions")
        let list = Command(label: "shelf list author:herbert --format paths (adopted notes)",
                           arguments: [shelf, "--library", notes, "list", "author:herbert", "--format", "paths"])
        let folders = Command(label: "the same list on the library of status folders",
                              arguments: [shelf, "--library", library, "list", "author:herbert", "--format", "paths"])
        _ = list.run()
        _ = folders.run()
        let warm = try Workload.row(.adopted, "warm list author:herbert of the books adopted from notes (index up to date)",
                                    list, [folders], runs: runs)
        try? FileManager.default.removeItem(atPath: notes)
        return [initRow, warm]
    }

    /// The library's books as notes in one folder, with no `.shelf` yet.
    private static func copy(of library: String) throws -> String {
        let target = URL(fileURLWithPath: library).deletingLastPathComponent().path + "/notes-of-" + URL(fileURLWithPath: library).lastPathComponent
        try? FileManager.default.removeItem(atPath: target)
        try? FileManager.default.removeItem(atPath: target + ".sessions")
        let manager = FileManager.default
        for (status, word) in words {
            let root = library + "/" + status
            guard let paths = manager.enumerator(atPath: root)?.allObjects as? [String] else { continue }
            for path in paths where path.hasSuffix(".md") {
                let source = root + "/" + path
                let parent = (path as NSString).deletingLastPathComponent
                let isSession = manager.fileExists(atPath: root + "/" + parent + ".md")
                let destination = isSession ? target + ".sessions/Books/" + path : target + "/Books/" + path
                try manager.createDirectory(atPath: (destination as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                var bytes = try Data(contentsOf: URL(fileURLWithPath: source))
                if !isSession, bytes.starts(with: Data("---\n".utf8)) {
                    bytes.insert(contentsOf: Data("status: \(word)\n".utf8), at: 4)
                }
                try bytes.write(to: URL(fileURLWithPath: destination))
            }
        }
        // The sessions wait beside it: `shelf init` adopts a folder without `.shelf`.
        return target
    }
}
