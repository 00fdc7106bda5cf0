import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// calibre, for issue 4's target "warm `shelf list author:herbert` ≥ 10× faster than
/// `calibredb list --search authors:Herbert`" on a calibre library of the same books.
///
/// calibre builds that library itself, with `calibredb add`: each book becomes a tiny `.txt`
/// file with an `.opf` beside it holding the title and authors from the book's front matter,
/// which calibre reads as the file's metadata. Adding a book costs calibre some 50
/// `fdatasync` calls, so the library is built on a tmpfs (`/dev/shm`) when there is one, then
/// copied under the work folder and kept there for later runs.
enum Calibre {
    /// The `calibredb` found on PATH and its version line.
    struct Tool {
        var executable: String
        var version: String
    }

    /// A calibre library holding the same books as a generated library.
    struct Library {
        var tool: Tool
        var path: String
        var books: Int
        /// How long building it took, or `nil` when an earlier run's library was reused.
        var buildSeconds: Double?
    }

    /// `calibredb` on PATH, or `nil` when calibre is not installed. calibre keeps its settings
    /// in a folder of the work folder, so no run touches the user's calibre settings; every
    /// command names its library with `--with-library`.
    static func find(work: String) -> Tool? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        guard let executable = path.split(separator: ":").map({ $0 + "/calibredb" })
            .first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else { return nil }
        setenv("CALIBRE_CONFIG_DIRECTORY", work + "/calibre-config", 1)
        let version = Command.output([executable, "--version"])?.text
            .split(separator: "\n").first.map(String.init) ?? "calibredb"
        return Tool(executable: executable, version: version)
    }

    /// The calibre library of `library` (`books` books), under `work`: reused when it holds as
    /// many books as `library`, else built. Progress goes to stderr.
    static func library(of library: String, books: Int, work: String, tool: Tool) throws -> Library {
        let target = work + "/calibre\(books)"
        let expected = try bookFiles(in: library)
        if FileManager.default.fileExists(atPath: target + "/metadata.db") {
            let found = try count(in: target, search: nil, tool: tool)
            if found == expected {
                progress("calibre: reusing \(target) (\(found) books)")
                return Library(tool: tool, path: target, books: found, buildSeconds: nil)
            }
            progress("calibre: \(target) holds \(found) books instead of \(expected); building it again")
        }
        let start = Date()
        try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
        try Data(exportScript.utf8).write(to: URL(fileURLWithPath: work + "/calibre_books.py"))
        let stage = stagingFolder(books: books, work: work)
        try? FileManager.default.removeItem(atPath: stage)
        defer { try? FileManager.default.removeItem(atPath: stage) }
        progress("calibre: writing a .txt and an .opf per book of \(library) under \(stage)")
        guard let exported = Command.output(["python3", work + "/calibre_books.py", library, stage + "/books"]),
              exported.status == 0, let written = Int(exported.text.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            throw BenchFailure(command: "python3 calibre_books.py \(library)")
        }
        guard written == expected else {
            throw BenchFailure(command: "calibre_books.py wrote \(written) books for the \(expected) book files of \(library)")
        }
        // One `calibredb add` per chunk: the whole list of 100,000 paths would pass ARG_MAX, and
        // a chunk at a time shows progress. With --duplicates calibre does not compare each new
        // book with the ones already added, so the chunks add exactly what one call would.
        let files = (1...written).map { stage + "/books/" + String(format: "%06d.txt", $0) }
        for first in stride(from: 0, to: files.count, by: chunk) {
            let part = Array(files[first..<min(first + chunk, files.count)])
            let add = [tool.executable, "add", "--duplicates", "--with-library", stage + "/library"] + part
            guard let result = Command.output(add, keepStandardError: true), result.status == 0 else {
                throw BenchFailure(command: "calibredb add (books \(first + 1)–\(first + part.count))")
            }
            progress(String(format: "calibre: added %d of %d books (%.0f s)", first + part.count, files.count,
                            Date().timeIntervalSince(start)))
        }
        // A half-copied library must not look finished to a later run, hence the rename at the end.
        progress("calibre: copying the library to \(target)")
        try? FileManager.default.removeItem(atPath: target)
        try? FileManager.default.removeItem(atPath: target + ".partial")
        try FileManager.default.copyItem(atPath: stage + "/library", toPath: target + ".partial")
        try FileManager.default.moveItem(atPath: target + ".partial", toPath: target)
        let found = try count(in: target, search: nil, tool: tool)
        guard found == expected else {
            throw BenchFailure(command: "calibredb add: \(target) holds \(found) books instead of \(expected)")
        }
        let seconds = Date().timeIntervalSince(start)
        progress(String(format: "calibre: built %@ with %d books in %.0f s", target, found, seconds))
        return Library(tool: tool, path: target, books: found, buildSeconds: seconds)
    }

    /// Books per `calibredb add` call.
    static let chunk = 2_500

    /// The command the target compares the warm `shelf list author:herbert` with.
    static func listCommand(_ library: Library) -> Command {
        Command(label: "calibredb list --fields title,authors --search authors:Herbert --with-library CALIBRE\(library.books)",
                arguments: [library.tool.executable, "list", "--fields", "title,authors", "--search", "authors:Herbert",
                            "--with-library", library.path])
    }

    /// How many books of the calibre library at `path` match `search` (all with `nil`).
    static func count(in path: String, search: String?, tool: Tool) throws -> Int {
        var arguments = [tool.executable, "list", "--fields", "title", "--for-machine", "--with-library", path]
        if let search { arguments += ["--search", search] }
        guard let result = Command.output(arguments), result.status == 0,
              let books = try? JSONSerialization.jsonObject(with: Data(result.text.utf8)) as? [Any] else {
            throw BenchFailure(command: arguments.joined(separator: " "))
        }
        return books.count
    }

    /// The book files of a generated library as shelf sees them: `.md` files under the status
    /// folders, not hidden, and not in a book's session folder (the folder beside a book with
    /// the book's name). The export script picks the same files.
    static func bookFiles(in library: String) throws -> Int {
        let statuses: Set<Substring> = ["to-read", "reading", "finished", "abandoned"]
        let paths = try FileManager.default.subpathsOfDirectory(atPath: library).filter { path in
            let parts = path.split(separator: "/")
            return path.hasSuffix(".md") && parts.count > 1 && statuses.contains(parts[0]) && !parts.contains { $0.hasPrefix(".") }
        }
        let all = Set(paths)
        return paths.filter { path in
            guard let slash = path.lastIndex(of: "/") else { return false }
            return !all.contains(path[..<slash] + ".md")
        }.count
    }

    /// Where calibre builds the library: on `/dev/shm` when it is there with room to spare (some
    /// 25 KiB a book, counted twice), else in the work folder, where it is much slower.
    private static func stagingFolder(books: Int, work: String) -> String {
        var stats = statvfs()
        if access("/dev/shm", W_OK) == 0, statvfs("/dev/shm", &stats) == 0,
           UInt64(stats.f_bavail) * UInt64(stats.f_frsize) > UInt64(books) * 50 * 1024 {
            return "/dev/shm/shelf-bench-calibre\(books)-\(getpid())"
        }
        return work + "/calibre\(books).staging"
    }

    private static func progress(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }

    /// Writes, for each book file under the status folders of a library, `NNNNNN.txt` (the title)
    /// and `NNNNNN.opf` (title and authors) to a folder, and prints how many books it wrote.
    /// calibre reads an `.opf` beside a file it adds when the `.opf` carries a calibre
    /// identifier; authors may be a YAML list or one string.
    static let exportScript = """
        import os, sys
        from xml.sax.saxutils import escape
        import yaml
        Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
        root, out = sys.argv[1], sys.argv[2]
        os.makedirs(out, exist_ok=True)
        count = 0
        for status in ["to-read", "reading", "finished", "abandoned"]:
            for folder, dirs, files in os.walk(os.path.join(root, status)):
                names = set(files)
                # The folder beside a book with the book's name holds its reading sessions.
                dirs[:] = sorted(d for d in dirs if not d.startswith(".") and d + ".md" not in names)
                for name in sorted(files):
                    if name.startswith(".") or not name.endswith(".md"):
                        continue
                    with open(os.path.join(folder, name), encoding="utf-8") as f:
                        text = f.read()
                    meta = {}
                    if text.startswith("---"):
                        end = text.find("\\n---", 3)
                        meta = yaml.load(text[3:end], Loader=Loader) or {}
                    title = str(meta.get("title") or name[:-3])
                    authors = meta.get("authors") or []
                    if not isinstance(authors, list):
                        authors = [authors]
                    count += 1
                    base = os.path.join(out, "%06d" % count)
                    with open(base + ".txt", "w", encoding="utf-8") as f:
                        f.write(title + "\\n")
                    creators = "".join('<dc:creator opf:role="aut">%s</dc:creator>' % escape(str(a)) for a in authors)
                    with open(base + ".opf", "w", encoding="utf-8") as f:
                        f.write('<?xml version="1.0" encoding="utf-8"?>\\n'
                                '<package xmlns="http://www.idpf.org/2007/opf" version="2.0" unique-identifier="id">'
                                '<metadata xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:opf="http://www.idpf.org/2007/opf">'
                                '<dc:identifier opf:scheme="calibre" id="id">shelf-bench-%d</dc:identifier>'
                                '<dc:title>%s</dc:title>%s</metadata></package>\\n' % (count, escape(title), creators))
        print(count)
        """
}
