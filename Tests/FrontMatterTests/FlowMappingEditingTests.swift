import Foundation
import FrontMatter
import Testing

/// Front matter written as one `{…}` mapping, JSON or YAML: edits keep its layout, and JSON stays JSON.
struct FlowMappingEditingTests {
    private func edited(_ text: String, _ edit: (inout FrontMatterDocument) throws -> Void) throws -> String {
        var document = try FrontMatterDocument(text: text)
        try edit(&document)
        return document.text
    }

    /// Whether the front matter of `text` is a JSON object, as Foundation reads JSON.
    private func isJSONObject(_ text: String) throws -> Bool {
        let document = try FrontMatterDocument(text: text)
        let json = try JSONSerialization.jsonObject(with: Data(document.bytes[document.frontMatterRange]))
        return json is [String: Any]
    }

    // MARK: - JSON on one line

    @Test func jsonDateIsWrittenAsQuotedText() throws {
        let text = "---\n{\"title\": \"X\", \"started\": \"2024-01-02\"}\n---\n"
        var document = try FrontMatterDocument(text: text)
        try document.setValue(.day(Day(year: 2026, month: 11, day: 23)!), forKey: "started")
        #expect(document.text == "---\n{\"title\": \"X\", \"started\": \"2026-11-23\"}\n---\n")
        #expect(try document.day("started") == Day(year: 2026, month: 11, day: 23))
        #expect(try isJSONObject(document.text))
    }

    @Test func jsonAddsAtTheEndOrAfterAKey() throws {
        let text = "---\n{\"title\": \"X\", \"started\": \"2024-01-02\"}\n---\nBody\n"
        #expect(try edited(text) { try $0.setValue(.int(4), forKey: "rating") }
            == "---\n{\"title\": \"X\", \"started\": \"2024-01-02\", \"rating\": 4}\n---\nBody\n")
        #expect(try edited(text) { try $0.setValue(.list([.string("a"), .string("b")]), forKey: "tags", after: "title") }
            == "---\n{\"title\": \"X\", \"tags\": [\"a\", \"b\"], \"started\": \"2024-01-02\"}\n---\nBody\n")
    }

    @Test(arguments: [
        (YAMLValue.string("He said \"no\"\nbye\\"), #""He said \"no\"\nbye\\""#),
        (.string("tab\there"), #""tab\there""#),
        (.string("\u{1}\u{7F}\u{85}\u{2028}\u{FEFF}"), #""\u0001\u007F\u0085\u2028\uFEFF""#),
        (.string("yes"), #""yes""#),
        (.string("Dune: Part One"), #""Dune: Part One""#),
        (.string("café 📚"), #""café 📚""#),
        (.string(""), #""""#),
        (.bool(true), "true"),
        (.null, "null"),
        (.int(-3), "-3"),
        (.double(4.5), "4.5"),
        (.double(1e300), "1e+300"),
        (.list([.string("a"), .int(1), .day(Day(year: 2024, month: 3, day: 1)!)]), #"["a", 1, "2024-03-01"]"#),
        (.list([]), "[]"),
        (.mapping([.init("k", .string("v")), .init("n", .null)]), #"{"k": "v", "n": null}"#),
    ])
    func jsonValues(value: YAMLValue, written: String) throws {
        let result = try edited("---\n{\"title\": \"X\", \"v\": 0}\n---\n") { try $0.setValue(value, forKey: "v") }
        #expect(result == "---\n{\"title\": \"X\", \"v\": \(written)}\n---\n")
        #expect(try isJSONObject(result))
    }

    @Test func jsonRefusesWhatJSONCannotWrite() throws {
        var document = try FrontMatterDocument(text: "---\n{\"a\": 1}\n---\n")
        #expect(throws: FrontMatterError.self) { try document.setValue(.double(.nan), forKey: "a") }
        #expect(throws: FrontMatterError.self) { try document.setValue(.list([.double(.infinity)]), forKey: "b") }
        #expect(document.text == "---\n{\"a\": 1}\n---\n")
    }

    @Test func jsonRemovesTheEntryAndOneComma() throws {
        let text = "---\n{\"a\": 1, \"b\": 2, \"c\": 3}\n---\n"
        #expect(try edited(text) { try $0.removeValue(forKey: "a") } == "---\n{\"b\": 2, \"c\": 3}\n---\n")
        #expect(try edited(text) { try $0.removeValue(forKey: "b") } == "---\n{\"a\": 1, \"c\": 3}\n---\n")
        #expect(try edited(text) { try $0.removeValue(forKey: "c") } == "---\n{\"a\": 1, \"b\": 2}\n---\n")
        #expect(try edited("---\n{\"a\": 1}\n---\n") { try $0.removeValue(forKey: "a") } == "---\n{}\n---\n")
    }

    @Test func compactJSONStaysCompact() throws {
        let text = "---\n{\"a\":1,\"b\":2}\n---\n"
        #expect(try edited(text) { try $0.setValue(.int(3), forKey: "c") } == "---\n{\"a\":1,\"b\":2,\"c\":3}\n---\n")
        #expect(try edited(text) { try $0.removeValue(forKey: "a") } == "---\n{\"b\":2}\n---\n")
        #expect(try edited(text) { try $0.setValue(.string("x"), forKey: "a") } == "---\n{\"a\":\"x\",\"b\":2}\n---\n")
    }

    // MARK: - JSON on many lines

    private static let multiLine = "---\n{\n  \"title\": \"X\",\n  \"tags\": [\"a\", \"b\"]\n}\n---\nBody\n"

    @Test func multiLineJSONAddsALineLikeTheOthers() throws {
        #expect(try edited(Self.multiLine) { try $0.setValue(.int(4), forKey: "rating") }
            == "---\n{\n  \"title\": \"X\",\n  \"tags\": [\"a\", \"b\"],\n  \"rating\": 4\n}\n---\nBody\n")
        #expect(try edited(Self.multiLine) { try $0.setValue(.int(4), forKey: "rating", after: "title") }
            == "---\n{\n  \"title\": \"X\",\n  \"rating\": 4,\n  \"tags\": [\"a\", \"b\"]\n}\n---\nBody\n")
    }

    @Test func multiLineJSONRemovesWholeLines() throws {
        #expect(try edited(Self.multiLine) { try $0.removeValue(forKey: "title") }
            == "---\n{\n  \"tags\": [\"a\", \"b\"]\n}\n---\nBody\n")
        #expect(try edited(Self.multiLine) { try $0.removeValue(forKey: "tags") }
            == "---\n{\n  \"title\": \"X\"\n}\n---\nBody\n")
    }

    @Test func multiLineJSONListKeepsItsItems() throws {
        #expect(try edited(Self.multiLine) { try $0.setValue(.list([.string("a"), .string("c")]), forKey: "tags") }
            == "---\n{\n  \"title\": \"X\",\n  \"tags\": [\"a\", \"c\"]\n}\n---\nBody\n")
    }

    @Test func multiLineJSONWithOneEntry() throws {
        var document = try FrontMatterDocument(text: "---\n{\n    \"title\": \"X\"\n}\n---\n")
        try document.setValue(.int(4), forKey: "rating")
        #expect(document.text == "---\n{\n    \"title\": \"X\",\n    \"rating\": 4\n}\n---\n")
        try document.removeValue(forKey: "title")
        try document.removeValue(forKey: "rating")
        #expect(document.text == "---\n{\n}\n---\n")
        try document.setValue(.string("Y"), forKey: "title")
        #expect(document.text == "---\n{\n  \"title\": \"Y\"\n}\n---\n")
    }

    @Test func multiLineJSONWithAListOverManyLines() throws {
        let text = "---\n{\n  \"title\": \"X\",\n  \"tags\": [\n    \"a\",\n    \"b\"\n  ]\n}\n---\n"
        #expect(try edited(text) { try $0.setValue(.int(4), forKey: "rating") }
            == "---\n{\n  \"title\": \"X\",\n  \"tags\": [\n    \"a\",\n    \"b\"\n  ],\n  \"rating\": 4\n}\n---\n")
        #expect(try edited(text) { try $0.removeValue(forKey: "tags") } == "---\n{\n  \"title\": \"X\"\n}\n---\n")
    }

    @Test func multiLineJSONWithCRLF() throws {
        let text = "---\r\n{\r\n  \"title\": \"X\",\r\n  \"tags\": [\"a\", \"b\"]\r\n}\r\n---\r\nBody\r\n"
        #expect(try edited(text) { try $0.setValue(.string("line\r\nbreak"), forKey: "note", after: "title") }
            == "---\r\n{\r\n  \"title\": \"X\",\r\n  \"note\": \"line\\r\\nbreak\",\r\n  \"tags\": [\"a\", \"b\"]\r\n}\r\n---\r\nBody\r\n")
        #expect(try edited(text) { try $0.removeValue(forKey: "title") }
            == "---\r\n{\r\n  \"tags\": [\"a\", \"b\"]\r\n}\r\n---\r\nBody\r\n")
        #expect(try edited(text) { try $0.removeValue(forKey: "tags") } == "---\r\n{\r\n  \"title\": \"X\"\r\n}\r\n---\r\nBody\r\n")
        let single = "---\r\n{\r\n  \"title\": \"X\"\r\n}\r\n---\r\n"
        #expect(try edited(single) { try $0.setValue(.int(4), forKey: "rating") }
            == "---\r\n{\r\n  \"title\": \"X\",\r\n  \"rating\": 4\r\n}\r\n---\r\n")
        #expect(try edited(single) { try $0.removeValue(forKey: "title") } == "---\r\n{\r\n}\r\n---\r\n")
    }

    @Test func emptyMappings() throws {
        #expect(try edited("---\n{}\n---\n") { try $0.setValue(.int(4), forKey: "rating") } == "---\n{\"rating\": 4}\n---\n")
        #expect(try edited("---\n{ }\n---\n") { try $0.setValue(.int(4), forKey: "rating") } == "---\n{\"rating\": 4 }\n---\n")
        #expect(try edited("---\r\n{\r\n}\r\n---\r\n") { try $0.setValue(.int(4), forKey: "rating") }
            == "---\r\n{\r\n  \"rating\": 4\r\n}\r\n---\r\n")
    }

    // MARK: - YAML flow mappings

    @Test func yamlFlowMappingUsesFlowScalars() throws {
        let text = "---\n{title: X, rating: 3}\n---\n"
        #expect(try edited(text) { try $0.setValue(.string("a, b"), forKey: "title") } == "---\n{title: \"a, b\", rating: 3}\n---\n")
        #expect(try edited(text) { try $0.setValue(.string("Dune Messiah"), forKey: "title") }
            == "---\n{title: Dune Messiah, rating: 3}\n---\n")
        #expect(try edited(text) { try $0.setValue(.day(Day(year: 2024, month: 1, day: 2)!), forKey: "started") }
            == "---\n{title: X, rating: 3, started: 2024-01-02}\n---\n")
        #expect(try edited(text) { try $0.setValue(.list([.string("a"), .string("b c")]), forKey: "tags", after: "title") }
            == "---\n{title: X, tags: [a, b c], rating: 3}\n---\n")
        #expect(try edited(text) { try $0.setValue(.string("x"), forKey: "a: b") } == "---\n{title: X, rating: 3, \"a: b\": x}\n---\n")
        #expect(try edited(text) { try $0.removeValue(forKey: "title") } == "---\n{rating: 3}\n---\n")
        #expect(try edited(text) { try $0.removeValue(forKey: "rating") } == "---\n{title: X}\n---\n")
    }

    @Test func yamlFlowMappingKeepsQuoting() throws {
        #expect(try edited("---\n{title: 'X', n: 1}\n---\n") { try $0.setValue(.string("It's"), forKey: "title") }
            == "---\n{title: 'It''s', n: 1}\n---\n")
    }

    @Test func yamlFlowMappingFillsEmptyValues() throws {
        #expect(try edited("---\n{a: , b: 1}\n---\n") { try $0.setValue(.int(4), forKey: "a") } == "---\n{a: 4, b: 1}\n---\n")
        #expect(try edited("---\n{a, b: 1}\n---\n") { try $0.setValue(.int(4), forKey: "a") } == "---\n{a: 4, b: 1}\n---\n")
    }

    @Test func yamlFlowMappingWithATrailingComma() throws {
        let text = "---\n{a: 1, b: 2,}\n---\n"
        #expect(try edited(text) { try $0.removeValue(forKey: "b") } == "---\n{a: 1,}\n---\n")
        #expect(try edited(text) { try $0.setValue(.int(3), forKey: "c") } == "---\n{a: 1, b: 2, c: 3,}\n---\n")
    }

    @Test func yamlFlowMappingOverManyLinesWithComments() throws {
        let text = "---\n{\n  title: X,  # the title\n  # about the rating\n  rating: 3\n}\n---\n"
        #expect(try edited(text) { try $0.removeValue(forKey: "title") } == "---\n{\n  # about the rating\n  rating: 3\n}\n---\n")
        #expect(try edited(text) { try $0.removeValue(forKey: "rating") }
            == "---\n{\n  title: X  # the title\n  # about the rating\n}\n---\n")
        #expect(try edited(text) { try $0.setValue(.int(4), forKey: "rating") }
            == "---\n{\n  title: X,  # the title\n  # about the rating\n  rating: 4\n}\n---\n")
        #expect(try edited(text) { try $0.setValue(.int(4), forKey: "pages") }
            == "---\n{\n  title: X,  # the title\n  # about the rating\n  rating: 3,\n  pages: 4\n}\n---\n")
    }

    @Test func flowConfigFileWithoutDelimiters() throws {
        var document = try FrontMatterDocument(yamlBytes: Array("{statuses: [to-read, finished]}\n".utf8))
        try document.setValue(.int(52), forKey: "goal")
        #expect(document.text == "{statuses: [to-read, finished], goal: 52}\n")
    }
}
