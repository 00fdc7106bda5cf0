import FrontMatter
import Foundation
@testable import ShelfKit
import Testing

/// Custom keys go into the index as JSON written by hand; they must read back exactly, through
/// `JSONSerialization` as listings read them and as the Codable form reads.
struct IndexedValueTests {
    static let values: [YAMLValue] = [
        .null, .bool(true), .bool(false), .int(0), .int(-42), .int(Int.max), .double(4.5), .double(-0.0), .double(.infinity),
        .string(""), .string("club \"Dune\" \\ path/to\ttab\nline\u{1}\u{1F}"), .string("García Márquez 三体 😀"),
        .int(Int.min), .int(1), .double(1), .string("1"), .string("true"), .string("2024-02-29"),
        .day(Day(year: 2024, month: 2, day: 29) ?? Day.today()),
        .list([.string("a"), .int(1), .list([.bool(true)]), .null]),
        .mapping([YAMLValue.Entry("recommended_by", .string("book club")), YAMLValue.Entry("edition", .int(3)),
                  YAMLValue.Entry("nested", .mapping([YAMLValue.Entry("z", .double(1.5)), YAMLValue.Entry("a", .list([]))]))]),
    ]

    @Test(arguments: values)
    func handWrittenJSONReadsBackExactly(_ value: YAMLValue) throws {
        let json = IndexedYAMLValue(value).json
        let decoded = try JSONDecoder().decode(IndexedYAMLValue.self, from: Data(json.utf8))
        #expect(decoded.value == value, "\(json)")
        #expect(IndexedYAMLValue(json: json)?.value == value, "\(json)")
        let encoded = try JSONEncoder().encode(IndexedYAMLValue(value))
        #expect(try JSONDecoder().decode(IndexedYAMLValue.self, from: encoded).value == decoded.value)
    }
}

/// Text in the index that is not the tagged JSON reads as nothing rather than trapping.
@Test(arguments: ["", "{", "[]", "{\"s\":1}", "{\"x\":\"a\"}", "{\"m\":[[\"k\"]]}", "{\"i\":1.5}", "{\"s\":\"a\",\"i\":1}",
                  "{\"b\":\"yes\"}", "{\"l\":[{\"s\":\"a\"},1]}"])
func malformedIndexedJSONReadsAsNothing(_ json: String) {
    #expect(IndexedYAMLValue(json: json) == nil)
}
