import Foundation
import FrontMatter
import Testing

/// The one YAML-to-JSON writer behind JSON front matter, the index and `--format json`.
struct JSONValueTests {
    /// The three writers it replaces disagreed on strings: the index and the command line left
    /// NEL, U+FEFF and C1 controls raw and wrote lowercase `\u001b`; JSON front matter escaped
    /// them in uppercase, as YAML needs. That answer is kept: it is valid JSON for all three.
    @Test func stringsUseTheEscapesJSONAndYAMLShare() {
        let text = JSONValue(.string("tab\t\"q\" \\ \u{1B}\u{85}\u{2028}\u{FEFF}é")).text(.compact)
        #expect(text == #""tab\t\"q\" \\ \u001B\u0085\u2028\uFEFFé""#)
        let decoded = try? JSONDecoder().decode(String.self, from: Data(text.utf8))
        #expect(decoded == "tab\t\"q\" \\ \u{1B}\u{85}\u{2028}\u{FEFF}é")
    }

    @Test func layouts() throws {
        let day = try #require(Day("2024-01-02"))
        let value = JSONValue(.mapping([.init("a", .int(1)), .init("b", .list([.double(4.5), .day(day)])), .init("c", .list([]))]))
        #expect(value.text(.compact) == #"{"a":1,"b":[4.5,"2024-01-02"],"c":[]}"#)
        #expect(value.text(.flow) == #"{"a": 1, "b": [4.5, "2024-01-02"], "c": []}"#)
        #expect(value.text(.pretty) == """
            {
              "a": 1,
              "b": [
                4.5,
                "2024-01-02"
              ],
              "c": []
            }
            """)
    }

    /// Output writes NaN as null; a writer that must keep the value gets nothing.
    @Test func nonFiniteNumbers() {
        #expect(JSONValue(.list([.double(.nan), .double(-0.0)])).text(.compact) == "[null,-0.0]")
        #expect(JSONValue(exactly: .list([.double(.infinity)])) == nil)
    }
}
