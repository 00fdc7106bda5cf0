import Foundation
import FrontMatter
import FrontMatterFuzzing
import PropertyBased
@testable import ShelfKit
import ShelfTestSupport
import Testing

/// The reader of session files in the shape shelf writes (``PlainSessionFile``) against the
/// YAML reading every other file gets: whatever it reads, it reads as YAML does, and it reads
/// the files shelf writes.
struct PlainSessionFileTests {
    static let name = SessionFileName("2024-03-10-0930.md")

    /// The YAML reading of `bytes`, with its problems.
    static func yamlReading(_ bytes: [UInt8], name: SessionFileName) -> (ReadingSession, [ShelfError])? {
        guard let document = try? FrontMatterDocument(libraryFile: bytes, path: "finished/dune/x.md") else { return nil }
        return SessionFormat.read(document, bookID: "dune", name: name)
    }

    @Test func everySessionShelfWritesIsReadPlainAsYAMLReadsIt() async throws {
        let name = try #require(Self.name)
        await propertyCheck(count: 500, input: Gen.int(in: 0...Int.max)) { seed in
            var random = SeededGenerator(seed: UInt64(seed))
            var session = ReadingSession(bookID: "dune", day: name.day, time: name.time, sequence: name.sequence,
                                         pages: Self.maybe(&random) { Int.random(in: 0...2_000, using: &$0) },
                                         minutes: Self.maybe(&random) { Int.random(in: 0...600, using: &$0) },
                                         note: Self.note(&random), path: "finished/dune/x.md")
            let from = Self.maybe(&random) { Self.position(&$0, below: 500) }
            session.fromPosition = from
            session.toPosition = Self.maybe(&random) { random in
                guard let from else { return Self.position(&random, below: 1_000) }
                return Self.position(after: from, &random)
            }
            guard session.pages != nil || session.minutes != nil || session.fromPosition != nil || session.toPosition != nil else { return }
            do {
                let bytes = try SessionFormat.newFile(session, path: session.path).bytes
                let plain = PlainSessionFile.read(bytes, path: session.path, name: name, bookID: "dune")
                #expect(plain != nil, "not read plain: \(String(decoding: bytes, as: UTF8.self))")
                let yaml = Self.yamlReading(bytes, name: name)
                #expect(yaml?.1.isEmpty == true)
                #expect(plain == yaml?.0, "\(String(decoding: bytes, as: UTF8.self))")
            } catch {
                Issue.record("\(session): \(error)")
            }
        }
    }

    /// Files put together from lines shelf writes and near misses of them: whatever the plain
    /// reader reads is what the YAML reading gives, with no problems; both kinds occur.
    @Test func whateverIsReadPlainIsWhatYAMLReads() async throws {
        let name = try #require(Self.name)
        let counts = Counts()
        await propertyCheck(count: 3_000, input: Gen.int(in: 0...Int.max)) { seed in
            var random = SeededGenerator(seed: UInt64(seed))
            let text = Self.nearMiss(&random)
            let bytes = Array(text.utf8)
            guard let plain = PlainSessionFile.read(bytes, path: "finished/dune/x.md", name: name, bookID: "dune") else {
                counts.add(read: false)
                return
            }
            counts.add(read: true)
            let yaml = Self.yamlReading(bytes, name: name)
            #expect(yaml?.1.isEmpty == true, "\(text.debugDescription): \(String(describing: yaml?.1))")
            #expect(yaml?.0 == plain, "\(text.debugDescription)")
        }
        #expect(counts.read > 100 && counts.notRead > 100, "read plain \(counts.read), not \(counts.notRead)")
    }

    @Test func theExampleLibrarysSessionsReadPlainAsYAMLReadsThem() throws {
        let root = PackageFolder.exampleLibrary.path
        let files = (FileManager.default.enumerator(atPath: root)?.allObjects as? [String] ?? []).filter { path in
            SessionFileName((path as NSString).lastPathComponent) != nil && !path.hasPrefix(".")
        }
        var read = 0
        for path in files {
            let name = try #require(SessionFileName((path as NSString).lastPathComponent))
            let bytes = try #require(FileManager.default.contents(atPath: root + "/" + path)).map { $0 }
            guard let plain = PlainSessionFile.read(bytes, path: "finished/dune/x.md", name: name, bookID: "dune") else { continue }
            read += 1
            let yaml = Self.yamlReading(bytes, name: name)
            #expect(yaml?.1.isEmpty == true && yaml?.0 == plain, "\(path)")
        }
        #expect(read > files.count / 2, "\(read) of \(files.count) read plain")
    }

    // MARK: - Generators

    private final class Counts: @unchecked Sendable {
        private let lock = NSLock()
        private var counts = (read: 0, notRead: 0)
        var read: Int { lock.withLock { counts.read } }
        var notRead: Int { lock.withLock { counts.notRead } }
        func add(read: Bool) { lock.withLock { if read { counts.read += 1 } else { counts.notRead += 1 } } }
    }

    private static func maybe<T>(_ random: inout SeededGenerator, _ make: (inout SeededGenerator) -> T) -> T? {
        Bool.random(using: &random) ? make(&random) : nil
    }

    private static func position(_ random: inout SeededGenerator, below limit: Int) -> ReadingPosition {
        switch Int.random(in: 0..<4, using: &random) {
        case 0: .page(Int.random(in: 0..<limit, using: &random))
        case 1: .percent(Int.random(in: 0...min(100, limit), using: &random))
        case 2: .location(Int.random(in: 0..<limit * 10, using: &random))
        default: .time(minutes: Int.random(in: 0..<limit, using: &random))
        }
    }

    private static func position(after from: ReadingPosition, _ random: inout SeededGenerator) -> ReadingPosition {
        switch from {
        case .page(let page): .page(page + Int.random(in: 0...80, using: &random))
        case .percent(let percent): .percent(Int.random(in: percent...100, using: &random))
        case .location(let location): .location(location + Int.random(in: 0...900, using: &random))
        case .time(let minutes): .time(minutes: minutes + Int.random(in: 0...300, using: &random))
        }
    }

    private static let notes = ["", "Good.", "Two lines\nof note.\n", "\nA blank line first.\n", "café ☕ — naïve\n",
                                "Line\r\nwith CRLF\r\n", "---\nA rule in the note.\n", "key: value\n", "  indented\n"]

    private static func note(_ random: inout SeededGenerator) -> String {
        notes[Int.random(in: 0..<notes.count, using: &random)]
    }

    private static let keys = ["from", "to", "pages", "minutes", "from", "to", "pages", "minutes", "From", "note", " pages",
                               "pages ", "title", "to\t", "\"to\""]
    private static let separators = [": ", ": ", ": ", ":", ":  ", ":\t", " : "]
    private static let values = ["0", "1", "12", "120", "017", "0012", "45%", "100%", "101%", "0%", "loc 3400", "location 12",
                                 "loc  34", "Loc 3", "3h20m", "1h", "20m", "1:20", "2h 5m", "true", "null", "~", "", " 12",
                                 "12 ", "\"12\"", "'45%'", "12 # c", "1e3", "0x1F", "0o17", "1_000", "12.5", "-3", "+4",
                                 "123456789", "1234567890", "yes", "on", "no", "inf", ".inf", "nan", "12%%", "%12", "loc", "h",
                                 "m", "0h0m", "99999h", "[1]", "{a: 1}", "|", ">", "&a 1", "*a", "!!int 3", "12\u{00A0}"]
    private static let breaks = ["\n", "\n", "\n", "\r\n", " \n", "\t\n"]
    private static let openings = ["---\n", "---\n", "---\n", "---\r\n", "--- \n", "\u{FEFF}---\n", "", "----\n", "---"]
    private static let closings = ["---\n", "---\n", "---\n", "---", "...\n", "--- \n", "---\r\n", "----\n", "", "- --\n"]

    /// A session file of lines shelf writes and of near misses: other keys, separators,
    /// values, line breaks and delimiter lines.
    private static func nearMiss(_ random: inout SeededGenerator) -> String {
        func pick(_ items: [String], _ random: inout SeededGenerator) -> String {
            items[Int.random(in: 0..<items.count, using: &random)]
        }
        /// Mostly what shelf writes, so that whole files of it occur too.
        func pick(_ items: [String], plain: Int, _ random: inout SeededGenerator) -> String {
            Int.random(in: 0..<4, using: &random) > 0 ? items[Int.random(in: 0..<plain, using: &random)] : pick(items, &random)
        }
        var text = pick(openings, plain: 1, &random)
        for _ in 0..<Int.random(in: 0...5, using: &random) {
            text += pick(keys, plain: 4, &random) + pick(separators, plain: 1, &random) + pick(values, plain: 11, &random)
                + pick(breaks, plain: 1, &random)
        }
        return text + pick(closings, plain: 1, &random) + note(&random)
    }
}
