import Foundation
import ShelfKit
import ShelfTestSupport
import Testing

/// Every field of ``BookSchema`` is set by `shelf set` and printed by JSON and CSV output under
/// its key, in the table's order; the values are made from each field's type.
struct SchemaOutputTests {
    /// A value of `field`'s type as `shelf set` takes it.
    private static func sample(_ field: BookField) -> String {
        if field.isRequired { return "Specimen" }
        // The one text field whose rule refuses most text: an ISBN's length and check digit.
        if field.key == "isbn" { return "978-0-441-17271-9" }
        // An audiobook's length: a length of time.
        if field.key == "duration" { return "11h20m" }
        return switch field.valueType {
        case .text: "\(field.key) text"
        case .textList: "[\(field.key) a, \(field.key) b]"
        case .integer: "321"
        case .number: "2.5"
        case .day: "2024-03-01"
        case .publication: "1965"
        }
    }

    private static let specimen = "to-read/specimen.md"

    private func library() throws -> ExampleLibrary {
        let library = try ExampleLibrary()
        try library.write(Self.specimen, "---\ntitle: Specimen\n---\n")
        let assignments = BookSchema.fields.map { "\($0.key)=\(Self.sample($0))" }
        expectRun(try library.shelf(["set", "specimen"] + assignments), stdout: "\(Self.specimen)\n")
        return library
    }

    @Test func setPrintsEveryFieldInJSONAndCSV() throws {
        let library = try library()
        let json = try library.shelf("list", "title:specimen", "--format", "json")
        #expect(json.status == 0)
        let objects = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        let object = try #require(objects.first)
        #expect(Set(object.keys) == Set(["id", "path", "status", "folder"] + BookSchema.keys + ["progress"]))
        // Keys in the table's order: each one's line comes after the one before.
        let positions = BookSchema.keys.map { json.stdout.range(of: "\n    \"\($0)\": ")?.lowerBound }
        #expect(!positions.contains(nil))
        let found = positions.compactMap(\.self)
        #expect(found == found.sorted())
        #expect(object["series_index"] as? Double == 2.5)
        #expect(object["isbn"] as? String == "978-0-441-17271-9")

        let csv = try library.shelf("list", "title:specimen", "--format", "csv")
        #expect(csv.status == 0)
        let header = csv.stdout.split(separator: "\n").first.map(String.init)
        #expect(header == (["id", "path", "status", "folder"] + BookSchema.keys).joined(separator: ","))
    }

    @Test func eachFieldIsQueryableByItsNames() throws {
        let library = try library()
        for field in BookSchema.fields {
            for name in field.queryNames {
                expectRun(try library.shelf("list", "has:\(name)", "title:specimen", "--format", "paths"),
                          stdout: "\(Self.specimen)\n")
            }
        }
    }
}
