import Foundation
import FrontMatter
import FrontMatterFuzzing
import Testing

/// The plain reader against libyaml: where it reads a block, the tree is libyaml's to the
/// byte; where it is unsure, it declines. The shapes notes are written in must be read by it,
/// or it saves nothing.
struct PlainFrontMatterParserTests {
    /// Blocks in the shapes shelf writes and people keep: the plain reader reads each.
    static let plainShapes: [String] = [
        "title: \"Machine Fire\"\nauthors:\n  - Ursula Morrison\nisbn: \"9788799136186\"\npublished: 1947\npages: 120\npublisher: \"O'Reilly Media\"\nlanguage: en\ntags: [non-fiction]\nadded: 2024-09-16\n",
        "title: \"A Labyrinth for the Song: Mirror Stories\"\nauthors: Mary Murakami\ntags: [\"award-winner\", série-noire, kindle, reread]\n",
        "title: Harvest Harvest\nauthors: [Annie Calvino]\nseries: Fire Cycle\nseries_index: 4\n",
        "title: Dune\nauthors:\n- Frank Herbert\n- Brian Herbert\nrating: 4.5\n",
        "title: Dune # the first one\n# a comment line\n\nrating: 4\n  # an indented comment\nowned: true\n",
        "series:\ntitle: Dune\n",
        "title: Dune\nseries:\n",
        "title: Dune\nseries: # none yet\nsubtitle:   \n",
        "title: 'It''s Dune'\nsubtitle: ''\nnote: \"\"\n",
        "title: Les Misérables\nauthors: [Victor Hugo, \"Émile Zola\", 'Jules Verne']\n",
        "title: 📚 and 村上春樹 a:b\n",
        "title: Dune [Book 1], part 2 {draft}\n",
        "url: https://example.org/a:b?c=d#top\n",
        "date read: 2024-01-01\nmy rating: 3\n",
        "tags: []\nshelves: [ a , b  c ]\n",
        "authors:\n    - \"Frank Herbert\"   # quoted\n\n    - 'Kevin J. Anderson'\n    # between\n    - Plain Name\ntitle: x\n",
        "rating: -5\nprogress: 12%\nisbn: 0441172717\nseries: ~\nlent: null\nread: yes\n",
        "title: Learn C# fast\ntitle2: a#b\n",
        "title: \"  spaces kept  \"\n",
        "tags: [O'Reilly, a\"b]\n",
    ]

    @Test(arguments: plainShapes)
    func readsThePlainShapesAsLibyamlDoes(_ yaml: String) throws {
        let bytes = Array("---\n\(yaml)---\nThe body.\n".utf8)
        let readings = try #require(FrontMatterDocument.bothReadings(of: bytes))
        let plain = try #require(readings.plain, "the plain reader declined")
        #expect(try readings.libyaml.get() == plain)
    }

    /// Blocks it must leave to libyaml: libyaml reads them differently, or refuses them.
    static let nearMisses: [String] = [
        "title:\tDune\n", "title: Dune\r\n", "title: |\n  Dune\n", "title: >\n  Dune\n", "title: Dune\n  Messiah\n",
        "title: Dune\n\n  Messiah\n", "series:\n  name: Dune\n", "title: &a Dune\n", "other: *a\n", "title: !!str 5\n",
        "title: \"Dune\\nMessiah\"\n", "tags: [a: b]\n", "authors: [[Frank Herbert]]\n", "title: Dune\ntitle: Dune\n",
        "\"title\": Dune\n", "title: 'Dune' Messiah\n", "title: a: b\n", "title: a:\n", "- Dune\n", "tags: [a,\n  b]\n",
        "tags: [a, ]\n", "tags: [a,, b]\n", "? title\n: Dune\n", "title:Dune\n", "authors:\n  -\n", "authors:\n  - a\n   - b\n",
        "authors:\n  - a\n- b\n", "title #x: Dune\n", "title : Dune\n", "a:b: c\n", "tags: {a: b}\n", "title: 'Dune\n",
        "title: \"Dune\n", "authors:\n  - [a, b]\n", "authors:\n  - - a\n", "authors:\n  - a: b\n", "title: Dune\n--- x\n",
        "title: Dune\n... x\n", "%YAML 1.2\n", "title: @home\n", "title: `x`\n", "title: Dune\u{2028}Messiah\n",
        "title: \u{FEFF}Dune\n", "title: 'Dune'#x\n", "tags: [a #b]\n", "tags: [a] b\n", "# only a comment\n",
    ]

    @Test(arguments: nearMisses)
    func leavesTheNearMissesToLibyaml(_ yaml: String) throws {
        let readings = try #require(FrontMatterDocument.bothReadings(of: Array("---\n\(yaml)---\n".utf8)))
        #expect(readings.plain == nil)
    }

    /// Front matter made of the pieces that change how YAML reads a line — quotes, colons,
    /// hashes, brackets, dashes, indicators, spaces, tabs, letters beyond ASCII — in the
    /// shapes of a note: the plain reader reads a good share of them, and each one it reads
    /// is libyaml's tree.
    @Test(arguments: [UInt64(1), 2, 3])
    func generatedBlocksReadAsLibyamlReadsThem(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        var read = 0
        var declined = 0
        for run in 0..<Self.generatedPerSeed {
            let bytes = Array(Self.block(using: &random).utf8)
            if let violation = FuzzCheck.compareReaders(bytes) {
                Issue.record("seed \(seed), block \(run): \(violation)\n\(String(decoding: bytes, as: UTF8.self))")
                return
            }
            if FrontMatterDocument.bothReadings(of: bytes)?.plain != nil { read += 1 } else { declined += 1 }
        }
        #expect(read > Self.generatedPerSeed / 20, "read \(read), declined \(declined)")
        #expect(declined > Self.generatedPerSeed / 5, "read \(read), declined \(declined)")
    }

    /// Every note of the corpus and every fixture: read as libyaml reads it, or declined.
    @Test func realNotesReadAsLibyamlReadsThem() throws {
        var files = Fixture.all.map(\.bytes)
        let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../../shared/corpus/frontmatter")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: corpus.path)) ?? []
        for name in names.sorted() where name.hasSuffix(".md") {
            files.append(Array(try Data(contentsOf: corpus.appendingPathComponent(name))))
        }
        var read = 0
        for bytes in files {
            if let violation = FuzzCheck.compareReaders(bytes) { Issue.record("\(violation)") }
            if FrontMatterDocument.bothReadings(of: bytes)?.plain != nil { read += 1 }
        }
        #expect(read > files.count / 4, "read \(read) of \(files.count)")
        print("plain reader: \(read) of \(files.count)")
    }

    /// Blocks a review of the reader against libyaml's scanner wrote as the likeliest to part
    /// the two (`Fixtures/plain-reader-probes.txt`, separated by `=====` lines): characters at
    /// the edges of what YAML prints, markers and indicators inside values and keys, keys that
    /// read as numbers, long keys and values, spaces at the ends of lines.
    @Test func theProbesOfAReviewReadAsLibyamlReadsThem() throws {
        let text = try String(contentsOf: Fixture.directory.appendingPathComponent("plain-reader-probes.txt"), encoding: .utf8)
        let probes = text.components(separatedBy: "\n=====\n")
        #expect(probes.count > 40)
        var read = 0
        for probe in probes {
            let bytes = Array("---\n\(probe.hasSuffix("\n") ? probe : probe + "\n")---\n".utf8)
            if let violation = FuzzCheck.compareReaders(bytes) { Issue.record("\(violation)\n\(probe)") }
            if FrontMatterDocument.bothReadings(of: bytes)?.plain != nil { read += 1 }
        }
        #expect(read > probes.count / 3, "read \(read) of \(probes.count)")
    }

    static let generatedPerSeed = 20_000

    private static let keys = ["title", "authors", "tags", "date read", "series", "a", "ünï", "url", "x-y", "rating"]
    private static let pieces = [
        "Dune", "Frank Herbert", "4", "-5", "2024-01-05", "é", "📚", " ", "  ", ":", ": ", "#", " #", " # c", "'", "''",
        "\"", "\\", "[", "]", ",", ", ", "{", "}", "-", "- ", "?", "&a", "*a", "!", "|", ">", "%", "@", "`", "~", "null",
        "\t", "\r", "C#", "a:b", "https://x.org", "\u{A0}", "\u{A0}#", "\u{85}", "\u{2028}", "\u{FEFF}", "\u{FFFE}", "\u{3000}",
        "?", "a?b", "---", "...", "-.5", "'x''y'",
    ]

    /// One front matter block from `random`, with a body.
    private static func block(using random: inout some RandomNumberGenerator) -> String {
        var lines: [String] = []
        for _ in 0..<Int.random(in: 1...6, using: &random) {
            let key = keys.randomElement(using: &random) ?? "title"
            switch Int.random(in: 0..<10, using: &random) {
            case 0:
                lines.append([" ", "# " + value(using: &random), "---", "... x", "%YAML 1.2", "  # c"].randomElement(using: &random) ?? "")
            case 1, 2:
                let indent = String(repeating: " ", count: [0, 1, 2, 2, 3, 4].randomElement(using: &random) ?? 2)
                lines.append(key + ":" + (Bool.random(using: &random) ? "" : " # list"))
                for _ in 0..<Int.random(in: 1...3, using: &random) {
                    let shift = Int.random(in: 0..<12, using: &random) == 0 ? " " : ""
                    lines.append(indent + shift + "- " + value(using: &random))
                }
            case 3:
                let items = (0..<Int.random(in: 0...3, using: &random)).map { _ in value(using: &random) }
                lines.append(key + ": [" + items.joined(separator: ", ") + "]")
            case 4:
                lines.append(key + ":" + (Bool.random(using: &random) ? "" : " "))
            case 5:
                let open = Bool.random(using: &random) ? "'" : "\"", close = Bool.random(using: &random) ? "'" : "\""
                lines.append(key + ": " + open + value(using: &random) + close + (Bool.random(using: &random) ? "" : value(using: &random)))
            case 6:
                lines.append(value(using: &random) + ": " + value(using: &random))
            default:
                lines.append(key + ": " + value(using: &random))
            }
            if Int.random(in: 0..<15, using: &random) == 0 { lines.append("  " + value(using: &random)) }
        }
        return "---\n" + lines.joined(separator: "\n") + "\n---\nbody\n"
    }

    private static func value(using random: inout some RandomNumberGenerator) -> String {
        (0..<Int.random(in: 1...3, using: &random)).map { _ in pieces.randomElement(using: &random) ?? "" }.joined()
    }
}
