import Foundation
@testable import ShelfKit
import ShelfTestSupport
import Testing

/// Every field of ``BookSchema`` goes everywhere a book goes, and the names the table gives it
/// never clash. The values are made from each field's type, so a new field is tested here as soon
/// as it is in the table.
struct BookSchemaTests {
    /// A value of `field`'s type that its rule accepts; `variant` gives another one.
    static func sample(_ field: BookField, variant: Int = 0) -> BookValue {
        // The one text field whose rule refuses most text: an ISBN's length and check digit.
        if field.key == "isbn" { return .text(variant == 0 ? "9780441172719" : "0-441-17271-7") }
        if field.key == "duration" { return .text(variant == 0 ? "11h20m" : "45m") }
        return switch field.valueType {
        case .text: .text("\(field.key) \(variant)")
        case .textList: .textList(["\(field.key) a\(variant)", "\(field.key) b"])
        case .integer: .integer(100 + variant)
        case .number: .number(1.5 + Double(variant))
        case .day: .day(testToday.adding(days: -variant) ?? testToday)
        case .publication: variant == 0 ? .publication(.year(1965)) : .publication(.day(testToday.adding(days: -20_000) ?? testToday))
        }
    }

    /// A book with every field set.
    static func specimen(variant: Int = 0) -> Book {
        var book = Book(title: "")
        for field in BookSchema.fields { field.set(&book, sample(field, variant: variant)) }
        return book
    }

    static let keys = BookSchema.keys

    @Test func namesAreUnique() {
        func expectUnique(_ names: [String], _ what: Comment, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
            let repeated = Dictionary(grouping: names, by: { $0.lowercased() }).filter { $0.value.count > 1 }.keys.sorted()
            #expect(repeated.isEmpty, "\(what) repeated: \(repeated)", sourceLocation: sourceLocation)
        }
        expectUnique(BookSchema.fields.flatMap { [$0.key] + $0.alternativeKeys }, "file keys")
        expectUnique(BookSchema.fields.map(\.propertyName), "property names")
        expectUnique(BookSchema.queryFields.flatMap(\.names), "query names")
        expectUnique(IndexRows.bookColumns, "columns of books")
        expectUnique(IndexColumns.slots.map(\.column) + IndexListColumns.names, "columns of book_facts")
        expectUnique(IndexSchema.textColumns, "full-text columns")
        for field in BookSchema.fields {
            #expect(QueryField(name: field.queryName).name == field.queryName)
            #expect(!QueryField(name: field.queryName).isCustom)
        }
    }

    @Test func theTableKeepsTheFileFormat() {
        #expect(Self.keys == ["title", "subtitle", "authors", "isbn", "published", "pages", "duration", "locations", "publisher",
                              "language", "series", "series_index", "tags", "rating", "added", "started", "finished", "stopped", "stopped_page", "next", "cover"])
        #expect(BookSchema.fields.map(\.propertyName).contains("seriesIndex"))
        #expect(QueryField.builtInNames.sorted() == [
            "added", "author", "cover", "duration", "finished", "folder", "isbn", "language", "locations", "minutes", "next", "pages", "progress", "published",
            "publisher", "rating", "read", "reads", "series", "series_index", "sessions", "started", "status", "stopped", "stopped_page", "subtitle", "tag",
            "title", "year",
        ])
        #expect(IndexSchema.textColumns == ["title", "subtitle", "authors", "series", "tags", "body"])
    }

    @Test(arguments: keys)
    func roundTripsThroughAFile(key: String) throws {
        let field = try #require(BookSchema.field(forKey: key))
        for variant in 0..<2 {
            var book = Book(title: "Dune", body: "Spice.\n")
            field.set(&book, Self.sample(field, variant: variant))
            let location = BookLocation(status: .toRead, folder: "", slug: "dune")
            let document = try BookFormat.newFile(book, path: "to-read/dune.md")
            let (read, problems) = BookFormat.read(document, at: location)
            #expect(problems.isEmpty)
            #expect(field.get(read) == Self.sample(field, variant: variant))
            #expect(read.bookFields == book.bookFields)
            #expect(read.extra.isEmpty)
            let again = try BookFormat.newFile(read, path: "to-read/dune.md")
            #expect(again.bytes == document.bytes)
        }
    }

    @Test func everyFieldRoundTripsThroughAFileAtOnce() throws {
        let book = Self.specimen()
        let document = try BookFormat.newFile(book, path: "to-read/x.md")
        let (read, problems) = BookFormat.read(document, at: BookLocation(status: .toRead, folder: "", slug: "x"))
        #expect(problems.isEmpty)
        #expect(read.bookFields == book.bookFields)
        #expect(read.bookFields.map(\.key) == Self.keys)
    }

    @Test(arguments: keys)
    func setsAsAFileReads(key: String) throws {
        let field = try #require(BookSchema.field(forKey: key))
        let value = Self.sample(field, variant: 1)
        let yaml = try #require(value.yamlValue)
        let set = try Book(title: "Dune").setting(key, to: yaml)
        #expect(field.get(set) == value)
        // Every type reads its value from text too, as a quoted value in a file does.
        if field.valueType != .textList {
            #expect(field.get(try Book(title: "Dune").setting(key, to: .string(value.messageText))) == value)
        }
        if !field.isRequired {
            #expect(field.get(try set.setting(key, to: nil)) == nil)
        }
    }

    /// A value of the wrong type is refused by ``Book/setting(_:to:)`` with the words and value
    /// that reading it from a file reports.
    @Test(arguments: keys)
    func refusesAWrongTypeAsAFileDoes(key: String) throws {
        let field = try #require(BookSchema.field(forKey: key))
        let wrong: YAMLValue = field.valueType == .text ? .list([.string("a")]) : .mapping([.init("a", .int(1))])
        let text = "---\n" + (field.isRequired ? "" : "title: Dune\n") + "\(key): \(wrong)\n---\n"
        let document = try FrontMatterDocument(bytes: Array(text.utf8), path: "to-read/dune.md")
        let (_, problems) = BookFormat.read(document, at: BookLocation(status: .toRead, folder: "", slug: "dune"))
        let problem = try #require(problems.first)
        guard case .invalidValue(_, _, let fileValue, let fileReason, _) = problem else {
            Issue.record("not an invalid value: \(problem)")
            return
        }
        #expect(throws: ShelfError.invalidValue(path: "", key: key, value: fileValue, reason: fileReason, at: nil)) {
            try Book(title: "Dune").setting(key, to: wrong)
        }
    }

    @Test func survivesJSON() throws {
        let book = Self.specimen()
        let data = try JSONEncoder().encode(book)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(Set(object.keys) == Set(["id", "status", "folder", "path", "extra", "body"] + BookSchema.fields.map(\.propertyName)))
        #expect(try JSONDecoder().decode(Book.self, from: data) == book)
    }

    @Test(arguments: [IndexOptions.enabled, .disabled])
    func readsTheSameWithAndWithoutTheIndex(index: IndexOptions) async throws {
        let root = try TemporaryFolder.make()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let writer = try FileLibrary.create(at: root, today: { testToday })
        var specimen = Self.specimen()
        specimen.title = "Specimen"
        // In finished, where its `finished` date counts as `year`.
        let added = try await writer.add(specimen, to: .finished, in: "sci-fi")
        let library = try FileLibrary(root: root, index: index, today: { testToday })
        let books = try await library.books(matching: Query.all)
        #expect(books.map(\.bookFields) == [added.bookFields])
        #expect(books.first?.bookFields.map(\.key) == Self.keys)
        // Each field is queryable by each of its names, in the index's SQL as in Swift.
        for definition in BookSchema.queryFields where !definition.field.needsSessions {
            for name in definition.names {
                #expect(try await library.books(matching: "has:\(name)").map(\.title) == ["Specimen"], "has:\(name)")
            }
        }
    }
}
