import FrontMatter
import Testing

/// The messages people read, word for word.
struct ErrorMessageTests {
    @Test(arguments: [
        ("---\ntitle: Dune\n", "dune.md:1:1: front matter is not closed: the opening --- has no closing --- line"),
        ("---\ntitle: Dune\ntitle: Dune Messiah\n---\n", "dune.md:3:1: duplicate key \"title\" (first on line 2)"),
        ("---\ntitle: Dune\nauthors:\n\t- Frank Herbert\n---\n", "dune.md:4:1: tab used for indentation; YAML indents with spaces only"),
        ("---\n- Dune\n- Emma\n---\n", "dune.md:2:1: front matter must be a mapping of `key: value` lines, found a list"),
        ("---\njust a sentence\n---\n", "dune.md:2:1: front matter must be a mapping of `key: value` lines, found the text \"just a sentence\""),
        ("---\ntitle: Dune\nrating: *r\n---\n", "dune.md:3:9: YAML anchors and aliases (&name, *name) are not allowed in front matter"),
        ("---\ntitle: Dune: Part One\n---\n", "dune.md:2:12: invalid YAML: mapping values are not allowed in this context"),
        ("---\ntitle: \"Dune\n---\n", "dune.md:3:1: invalid YAML: found unexpected end of stream while scanning a quoted scalar (started on line 2)"),
        ("---\ntitle: Garc\u{FFFD}\n---\n", nil),
    ] as [(String, String?)])
    func messages(text: String, expected: String?) {
        let result = Result { try FrontMatterDocument(text: text, path: "dune.md") }
        switch (result, expected) {
        case (.success, nil):
            break
        case (.failure(let error), let expected?):
            #expect("\(error)" == expected)
        default:
            Issue.record("unexpected \(result) for \(text)")
        }
    }

    /// Small mappings are searched for a repeated key and large ones hashed: both find it,
    /// whichever comes first, and name the first line.
    @Test(arguments: [3, 31, 32, 33, 100])
    func duplicateKeysInMappingsOfAnySize(keys: Int) {
        let lines = (1...keys).map { "key\($0): \($0)" } + ["key2: again", "later: 1"]
        let text = "---\n" + lines.joined(separator: "\n") + "\n---\n"
        #expect(throws: FrontMatterError.duplicateKey("key2", firstLine: 3, SourceLocation(path: "big.md", line: keys + 2, column: 1))) {
            try FrontMatterDocument(text: text, path: "big.md")
        }
        let unique = "---\n" + (1...keys).map { "key\($0): \($0)" }.joined(separator: "\n") + "\n---\n"
        #expect((try? FrontMatterDocument(text: unique, path: "big.md"))?.fields.entries.count == keys)
    }

    @Test func invalidUTF8PointsAtTheByte() {
        var bytes = Array("---\ntitle: Garc".utf8)
        bytes.append(0xED)
        bytes += Array("a\n---\n".utf8)
        #expect(throws: FrontMatterError.invalidUTF8(SourceLocation(path: "x.md", line: 2, column: 12))) {
            try FrontMatterDocument(bytes: bytes, path: "x.md")
        }
    }

    @Test func typeMismatchNamesKeyAndPosition() throws {
        let document = try FrontMatterDocument(text: "---\ntitle: Dune\npages: many\n---\n", path: "dune.md")
        #expect(throws: FrontMatterError.typeMismatch(key: "pages", expected: "a whole number", found: "\"many\"",
                                                      SourceLocation(path: "dune.md", line: 3, column: 8))) {
            try document.int("pages")
        }
        #expect("\(FrontMatterError.typeMismatch(key: "pages", expected: "a whole number", found: "\"many\"", SourceLocation(path: "dune.md", line: 3, column: 8)))"
            == "dune.md:3:8: pages should be a whole number, found \"many\"")
    }

    @Test func typedAccessors() throws {
        let document = try FrontMatterDocument(text: """
        ---
        isbn: 0441172717
        pages: "412"
        rating: 4
        finished: '2024-03-01'
        authors: Frank Herbert
        tags: [sci-fi, classic]
        reread: true
        language: no
        note: ~
        ---

        """)
        #expect(try document.string("isbn") == "0441172717")
        #expect(try document.int("pages") == 412)
        #expect(try document.double("rating") == 4)
        #expect(try document.day("finished") == Day(year: 2024, month: 3, day: 1))
        #expect(try document.strings("authors") == ["Frank Herbert"])
        #expect(try document.strings("tags") == ["sci-fi", "classic"])
        #expect(try document.bool("reread") == true)
        #expect(try document.string("language") == "no")
        #expect(try document.string("note") == nil)
        #expect(try document.string("missing") == nil)
        #expect(throws: FrontMatterError.self) { try document.string("tags") }
    }

    @Test func whatOtherToolsWriteStillReads() throws {
        let document = try FrontMatterDocument(text: """
        ---
        started: 2024-03-01T21:15:00Z
        finished: 2024-03-09 08:30
        added: "2024-02-28T23:59:59+01:00"
        authors: [[Frank Herbert]]
        tags: [[sci-fi], classic]
        bad: 2024-03-01x
        ---

        """)
        #expect(try document.day("started") == Day(year: 2024, month: 3, day: 1))
        #expect(try document.day("finished") == Day(year: 2024, month: 3, day: 9))
        #expect(try document.day("added") == Day(year: 2024, month: 2, day: 28))
        #expect(try document.strings("authors") == ["Frank Herbert"])
        #expect(try document.strings("tags") == ["sci-fi", "classic"])
        #expect(throws: FrontMatterError.self) { try document.day("bad") }
    }
}
