import FrontMatter
import Testing

/// Edits change only the bytes they must; these assert the exact text after each edit.
struct EditingTests {
    private func edited(_ text: String, _ edit: (inout FrontMatterDocument) throws -> Void) throws -> String {
        var document = try FrontMatterDocument(text: text)
        try edit(&document)
        return document.text
    }

    @Test func setReplacesOnlyTheValue() throws {
        let text = "---\ntitle: Dune\nrating: 3 # first read\npages: 412\n---\nBody\n"
        let result = try edited(text) { try $0.setValue(.double(4.5), forKey: "rating") }
        #expect(result == "---\ntitle: Dune\nrating: 4.5 # first read\npages: 412\n---\nBody\n")
    }

    @Test func setKeepsQuotingStyle() throws {
        let double = try edited("---\ntitle: \"Dune\"\n---\n") { try $0.setValue(.string("Dune Messiah"), forKey: "title") }
        #expect(double == "---\ntitle: \"Dune Messiah\"\n---\n")
        let single = try edited("---\ntitle: 'Dune'\n---\n") { try $0.setValue(.string("It's"), forKey: "title") }
        #expect(single == "---\ntitle: 'It''s'\n---\n")
    }

    @Test func setQuotesOnlyWhenNeeded() throws {
        let cases: [(YAMLValue, String)] = [
            (.string("Dune: Part One"), "\"Dune: Part One\""),
            (.string("0441172717"), "\"0441172717\""),
            (.string("yes"), "\"yes\""),
            (.string("null"), "\"null\""),
            (.string("@home"), "\"@home\""),
            (.string("# not a comment"), "\"# not a comment\""),
            (.string("- dash"), "\"- dash\""),
            (.string("The Left Hand of Darkness"), "The Left Hand of Darkness"),
            (.string("García Márquez"), "García Márquez"),
            (.string("He said \"no\""), "He said \"no\""),
            (.string("\"Quoted\" start"), "'\"Quoted\" start'"),
            (.string(""), "\"\""),
            (.int(412), "412"),
            (.bool(true), "true"),
            (.day(Day(year: 2024, month: 3, day: 1)!), "2024-03-01"),
        ]
        for (value, written) in cases {
            let result = try edited("---\nkey: old\n---\n") { try $0.setValue(value, forKey: "key") }
            #expect(result == "---\nkey: \(written)\n---\n", "\(value)")
        }
    }

    @Test func setFillsAnEmptyValue() throws {
        #expect(try edited("---\nrating:\ntitle: X\n---\n") { try $0.setValue(.int(4), forKey: "rating") }
            == "---\nrating: 4\ntitle: X\n---\n")
        #expect(try edited("---\nrating: \ntitle: X\n---\n") { try $0.setValue(.int(4), forKey: "rating") }
            == "---\nrating: 4\ntitle: X\n---\n")
    }

    @Test func aValueEndingInBlankLinesKeepsThemAndItsNeighbours() throws {
        // Text ending in two newlines needs a block that keeps its blank lines (`|+`); the blank
        // line under it is the value's, and the next key's line is untouched.
        let text = "---\nkey3: \"q\" # trailing\nkey4:\nkey5: [a, 'b c', 3]\n---\n"
        let result = try edited(text) { try $0.setValue(.string("%@\n\n"), forKey: "key4") }
        #expect(result == "---\nkey3: \"q\" # trailing\nkey4: |+\n  %@\n\nkey5: [a, 'b c', 3]\n---\n")
        #expect(try FrontMatterDocument(text: result)["key4"]?.value == .string("%@\n\n"))
    }

    @Test func addAppendsBeforeTheClosingLine() throws {
        let result = try edited("---\ntitle: Dune\n# a comment\n---\nBody\n") { try $0.setValue(.int(5), forKey: "rating") }
        #expect(result == "---\ntitle: Dune\n# a comment\nrating: 5\n---\nBody\n")
    }

    @Test func addAfterAGivenKey() throws {
        let text = "---\ntitle: Dune\nauthors:\n  - Frank Herbert\n  # the only one\npages: 412\n---\n"
        let result = try edited(text) { try $0.setValue(.string("Ace"), forKey: "publisher", after: "authors") }
        #expect(result == "---\ntitle: Dune\nauthors:\n  - Frank Herbert\n  # the only one\npublisher: Ace\npages: 412\n---\n")
    }

    @Test func addToAFileWithoutFrontMatter() throws {
        #expect(try edited("Just notes.\n") { try $0.setValue(.string("Dune"), forKey: "title") }
            == "---\ntitle: Dune\n---\nJust notes.\n")
        #expect(try edited("---\n---\nBody\n") { try $0.setValue(.string("Dune"), forKey: "title") }
            == "---\ntitle: Dune\n---\nBody\n")
    }

    @Test func addKeepsCRLF() throws {
        let result = try edited("---\r\ntitle: Dune\r\n---\r\nBody\r\n") { try $0.setValue(.int(4), forKey: "rating") }
        #expect(result == "---\r\ntitle: Dune\r\nrating: 4\r\n---\r\nBody\r\n")
    }

    @Test func removeTakesAllTheEntryLines() throws {
        let text = """
        ---
        title: Dune
        # Tags I use
        tags:
          - sci-fi
          # from the club
          - classic
          # still belongs to tags
        # about pages
        pages: 412
        ---

        """
        let result = try edited(text) { try $0.removeValue(forKey: "tags") }
        #expect(result == "---\ntitle: Dune\n# Tags I use\n# about pages\npages: 412\n---\n")
    }

    @Test func removeLiteralBlock() throws {
        let text = "---\ntitle: Dune\nnote: |\n  line one\n  line two\n\nrating: 4\n---\n"
        #expect(try edited(text) { try $0.removeValue(forKey: "note") } == "---\ntitle: Dune\n\nrating: 4\n---\n")
    }

    @Test func removeMissingKeyChangesNothing() throws {
        var document = try FrontMatterDocument(text: "---\ntitle: Dune\n---\n")
        #expect(try document.removeValue(forKey: "rating") == false)
        #expect(document.text == "---\ntitle: Dune\n---\n")
    }

    @Test func blockListEditsAreLineByLine() throws {
        let text = "---\ntags:\n  - sci-fi # genre\n  - classic\n  - reread\nrating: 4\n---\n"
        let result = try edited(text) {
            try $0.setValue(.list([.string("sci-fi"), .string("favourite"), .string("reread")]), forKey: "tags")
        }
        #expect(result == "---\ntags:\n  - sci-fi # genre\n  - favourite\n  - reread\nrating: 4\n---\n")
    }

    @Test func blockListAppendUsesTheSameIndentation() throws {
        let text = "---\nauthors:\n- Terry Pratchett\n---\n"
        let result = try edited(text) {
            try $0.setValue(.list([.string("Terry Pratchett"), .string("Neil Gaiman")]), forKey: "authors")
        }
        #expect(result == "---\nauthors:\n- Terry Pratchett\n- Neil Gaiman\n---\n")
    }

    @Test func flowListKeepsTheTextOfItemsThatStay() throws {
        let text = "---\ntags: ['sci-fi', classic] # mine\n---\n"
        let result = try edited(text) {
            try $0.setValue(.list([.string("sci-fi"), .string("classic"), .string("to-reread, maybe")]), forKey: "tags")
        }
        #expect(result == "---\ntags: ['sci-fi', classic, \"to-reread, maybe\"] # mine\n---\n")
    }

    @Test func emptyingABlockList() throws {
        let text = "---\ntags:\n  - a\n  - b\npages: 3\n---\n"
        #expect(try edited(text) { try $0.setValue(.list([]), forKey: "tags") } == "---\ntags: []\npages: 3\n---\n")
    }

    @Test func scalarBecomesAListInTheFileStyle() throws {
        let block = "---\nauthors: Frank Herbert\ntags:\n  - sci-fi\n---\n"
        #expect(try edited(block) {
            try $0.setValue(.list([.string("Frank Herbert"), .string("Brian Herbert")]), forKey: "authors")
        } == "---\nauthors:\n  - Frank Herbert\n  - Brian Herbert\ntags:\n  - sci-fi\n---\n")
        let flow = "---\nauthors: Frank Herbert\ntags: [sci-fi]\n---\n"
        #expect(try edited(flow) {
            try $0.setValue(.list([.string("Frank Herbert"), .string("Brian Herbert")]), forKey: "authors")
        } == "---\nauthors: [Frank Herbert, Brian Herbert]\ntags: [sci-fi]\n---\n")
    }

    @Test func multilineTextBecomesALiteralBlock() throws {
        let result = try edited("---\nnote: short\nrating: 4\n---\n") {
            try $0.setValue(.string("First line.\nSecond line.\n"), forKey: "note")
        }
        #expect(result == "---\nnote: |\n  First line.\n  Second line.\nrating: 4\n---\n")
    }

    @Test func replacingALiteralBlock() throws {
        let result = try edited("---\nnote: |\n  old\n  text\nrating: 4\n---\n") {
            try $0.setValue(.string("new"), forKey: "note")
        }
        #expect(result == "---\nnote: new\nrating: 4\n---\n")
    }

    @Test func settingTheSameValueWritesNothing() throws {
        let text = "---\nrating:   4   # odd spacing\n---\n"
        #expect(try edited(text) { try $0.setValue(.int(4), forKey: "rating") } == text)
    }

    @Test func flowRootMappingTakesAdditions() throws {
        var document = try FrontMatterDocument(text: "---\n{title: Dune}\n---\n")
        try document.setValue(.int(4), forKey: "rating")
        #expect(document.text == "---\n{title: Dune, rating: 4}\n---\n")
        try document.setValue(.string("Dune Messiah"), forKey: "title")
        #expect(document.text == "---\n{title: Dune Messiah, rating: 4}\n---\n")
    }

    // MARK: - Explicit keys

    private static let explicitFirst = "---\n? a\n: 1\ntitle: T\n---\n"

    @Test func explicitKeyFirstDoesNotSetTheIndentation() throws {
        #expect(try edited(Self.explicitFirst) { try $0.setValue(.int(4), forKey: "rating") }
            == "---\n? a\n: 1\ntitle: T\nrating: 4\n---\n")
        #expect(try edited(Self.explicitFirst) { try $0.setValue(.int(4), forKey: "rating", after: "a") }
            == "---\n? a\n: 1\nrating: 4\ntitle: T\n---\n")
        #expect(try edited("---\n? a\n: 1\n---\n") { try $0.setValue(.int(4), forKey: "rating") }
            == "---\n? a\n: 1\nrating: 4\n---\n")
    }

    @Test func explicitKeyValueIsReplaced() throws {
        #expect(try edited(Self.explicitFirst) { try $0.setValue(.int(2), forKey: "a") } == "---\n? a\n: 2\ntitle: T\n---\n")
        #expect(try edited(Self.explicitFirst) { try $0.setValue(.string("x\ny\n"), forKey: "a") }
            == "---\n? a\n: |\n  x\n  y\ntitle: T\n---\n")
        let blockLists = "---\n? a\n: 1\ntags:\n  - x\n---\n"
        #expect(try edited(blockLists) { try $0.setValue(.list([.string("p"), .string("q")]), forKey: "a") }
            == "---\n? a\n:\n  - p\n  - q\ntags:\n  - x\n---\n")
    }

    @Test func explicitKeyListIsRewrittenUnderItsKey() throws {
        // A value on the `?` line's entry that cannot be edited in place is written anew on a `:` line.
        let text = "---\n? a\n: [x, y]\ntags:\n  - t\n---\n"
        #expect(try edited(text) { try $0.setValue(.string("one\ntwo"), forKey: "a") }
            == "---\n? a\n: |-\n  one\n  two\ntags:\n  - t\n---\n")
    }

    @Test func explicitKeyIsRemovedWithBothLines() throws {
        #expect(try edited(Self.explicitFirst) { try $0.removeValue(forKey: "a") } == "---\ntitle: T\n---\n")
        #expect(try edited("---\ntitle: T\n? a\n: 1\n# after\n---\n") { try $0.removeValue(forKey: "a") }
            == "---\ntitle: T\n# after\n---\n")
        #expect(try edited("---\ntitle: Why?\n? a\n: 1\n---\n") { try $0.removeValue(forKey: "a") } == "---\ntitle: Why?\n---\n")
        #expect(try edited("---\n? a\ntitle: T\n---\n") { try $0.removeValue(forKey: "a") } == "---\ntitle: T\n---\n")
        #expect(try edited(Self.explicitFirst) { try $0.removeValue(forKey: "title") } == "---\n? a\n: 1\n---\n")
    }

    @Test func explicitKeysWithCRLF() throws {
        let text = "---\r\n? a\r\n: 1\r\ntitle: T\r\n---\r\nBody\r\n"
        #expect(try edited(text) { try $0.setValue(.int(4), forKey: "rating") }
            == "---\r\n? a\r\n: 1\r\ntitle: T\r\nrating: 4\r\n---\r\nBody\r\n")
        #expect(try edited(text) { try $0.setValue(.int(2), forKey: "a") } == "---\r\n? a\r\n: 2\r\ntitle: T\r\n---\r\nBody\r\n")
        #expect(try edited(text) { try $0.removeValue(forKey: "a") } == "---\r\ntitle: T\r\n---\r\nBody\r\n")
    }

    @Test func indentedFrontMatterAfterAnExplicitKey() throws {
        #expect(try edited("---\n  ? a\n  : 1\n  title: T\n---\n") { try $0.setValue(.int(4), forKey: "rating") }
            == "---\n  ? a\n  : 1\n  title: T\n  rating: 4\n---\n")
    }

    // MARK: - CRLF files

    @Test func literalBlockInACRLFFile() throws {
        let text = "---\r\nnote: short\r\nrating: 4\r\n---\r\n"
        #expect(try edited(text) { try $0.setValue(.string("First.\n\nSecond.\n"), forKey: "note") }
            == "---\r\nnote: |\r\n  First.\r\n\r\n  Second.\r\nrating: 4\r\n---\r\n")
        #expect(try edited(text) { try $0.setValue(.string("a\nb\n\n"), forKey: "added") }
            == "---\r\nnote: short\r\nrating: 4\r\nadded: |+\r\n  a\r\n  b\r\n\r\n---\r\n")
    }

    @Test func blockListInACRLFFile() throws {
        let text = "---\r\nauthors: A\r\ntags:\r\n- x\r\n---\r\n"
        #expect(try edited(text) { try $0.setValue(.list([.string("A"), .string("B")]), forKey: "authors") }
            == "---\r\nauthors:\r\n- A\r\n- B\r\ntags:\r\n- x\r\n---\r\n")
        #expect(try edited(text) { try $0.setValue(.list([.string("x"), .string("w")]), forKey: "tags") }
            == "---\r\nauthors: A\r\ntags:\r\n- x\r\n- w\r\n---\r\n")
    }

    // MARK: - Text compared by Unicode scalar, not by grapheme

    @Test func quotesFollowedByCombiningMarks() throws {
        // `'` + U+0301 is one Character; the quote must still be doubled.
        #expect(try edited("---\nkey: old\n---\n") { try $0.setValue(.string("\"x\" it'\u{301}s"), forKey: "key") }
            == "---\nkey: '\"x\" it''\u{301}s'\n---\n")
        // ` #` + U+0301 still starts a comment.
        #expect(try edited("---\nkey: old\n---\n") { try $0.setValue(.string("a #\u{301}"), forKey: "key") }
            == "---\nkey: \"a #\u{301}\"\n---\n")
    }

    @Test func hexNumberWithACombiningMarkIsText() throws {
        let document = try FrontMatterDocument(text: "---\nv: 0x\u{301}1F\nw: 0x1F\n---\n")
        #expect(document["v"]?.value == .string("0x\u{301}1F"))
        #expect(document["w"]?.value == .int(31))
    }

    @Test func configFilesWithoutDelimiters() throws {
        var document = try FrontMatterDocument(yamlBytes: Array("# statuses\nstatuses: [to-read, finished]\n".utf8))
        #expect(document["statuses"]?.strings == ["to-read", "finished"])
        try document.setValue(.int(52), forKey: "goal")
        #expect(document.text == "# statuses\nstatuses: [to-read, finished]\ngoal: 52\n")
    }

    @Test func bodyIsNeverTouched() throws {
        let body = "\n---\ntitle: not front matter\n---\n\r\nTrailing spaces   \n"
        let result = try edited("---\ntitle: Dune\n---" + "\n" + body) { try $0.setValue(.int(1), forKey: "rating") }
        #expect(result.hasSuffix("---\n" + body))
    }
}
