@testable import FrontMatter
import Testing

/// Three-way merges of front matter: the exact bytes of each result.
struct MergeTests {
    private let base = """
        ---
        title: Dune
        authors: [Frank Herbert]
        # how I felt
        rating: 4
        tags: [sci-fi, classic]
        format: paperback
        ---
        Body.

        """

    private func merged(base: String?, ours: String, theirs: String) throws -> FrontMatterMerge {
        try FrontMatterMerge(base: base.map { try FrontMatterDocument(text: $0) },
                             ours: try FrontMatterDocument(text: ours),
                             theirs: try FrontMatterDocument(text: theirs))
    }

    private func replacing(_ text: String, _ old: String, _ new: String) -> String {
        text.replacing(old, with: new)
    }

    @Test func neighbouringKeysChangedOnEachSideBothStay() throws {
        let ours = replacing(base, "rating: 4", "rating: 5")
        let theirs = replacing(replacing(base, "tags: [sci-fi, classic]", "tags: [sci-fi, classic, reread]"),
                               "format: paperback", "format: ebook")
        let result = try merged(base: base, ours: ours, theirs: theirs)
        #expect(result.conflicts.isEmpty)
        #expect(result.document.text == replacing(replacing(ours, "classic]", "classic, reread]"), "paperback", "ebook"))
    }

    @Test func theirChangeKeepsTheirQuotingAndComment() throws {
        let theirs = replacing(base, "format: paperback", "format: 'ebook' # kindle")
        let result = try merged(base: base, ours: base, theirs: theirs)
        #expect(result.document.text == theirs)
    }

    @Test func theSameChangeOnBothSidesIsNoConflict() throws {
        let ours = replacing(base, "rating: 4", "rating: 5")
        let theirs = replacing(base, "rating: 4", "rating: 5.0")
        let result = try merged(base: base, ours: ours, theirs: theirs)
        #expect(result.conflicts.isEmpty)
        #expect(result.document.text == ours)
    }

    @Test func theSameKeyChangedToDifferentValuesIsAConflictWrittenAsBothValues() throws {
        let ours = replacing(base, "rating: 4", "rating: 5")
        let theirs = replacing(base, "rating: 4", "rating: 3")
        let result = try merged(base: base, ours: ours, theirs: theirs)
        #expect(result.conflicts == [.init(key: "rating", ours: .int(5), theirs: .int(3))])
        #expect(result.document.text == replacing(base, "rating: 4", "rating: {ours: 5, theirs: 3}"))
        let value = try #require(result.document.fields["rating"]).value
        #expect(FrontMatterMerge.isConflict(value))
    }

    @Test func listsChangedOnBothSidesMergeAsOrderedSets() throws {
        let ours = replacing(base, "tags: [sci-fi, classic]", "tags: [to-reread, sci-fi]")
        let theirs = replacing(base, "tags: [sci-fi, classic]", "tags: [sci-fi, classic, desert, ecology]")
        let result = try merged(base: base, ours: ours, theirs: theirs)
        #expect(result.conflicts.isEmpty)
        #expect(result.document.text == replacing(base, "tags: [sci-fi, classic]", "tags: [to-reread, sci-fi, desert, ecology]"))
    }

    @Test func blockListsKeepTheirLines() throws {
        let block = "---\ntitle: Dune\ntags:\n  - sci-fi # genre\n  - classic\n---\n"
        let ours = "---\ntitle: Dune\ntags:\n  - sci-fi # genre\n  - classic\n  - mine\n---\n"
        let theirs = "---\ntitle: Dune\ntags:\n  - theirs\n  - sci-fi\n  - classic\n---\n"
        let result = try merged(base: block, ours: ours, theirs: theirs)
        #expect(result.document.text == "---\ntitle: Dune\ntags:\n  - theirs\n  - sci-fi # genre\n  - classic\n  - mine\n---\n")
    }

    @Test func keysAddedOnBothSidesBothStayWhereEachSidePutThem() throws {
        let ours = replacing(base, "rating: 4\n", "rating: 4\nstarted: 2026-11-01\n")
        let theirs = replacing(base, "title: Dune\n", "title: Dune\nsubtitle: Book One\n")
        let result = try merged(base: base, ours: ours, theirs: theirs)
        #expect(result.conflicts.isEmpty)
        #expect(result.document.text == replacing(ours, "title: Dune\n", "title: Dune\nsubtitle: Book One\n"))
    }

    @Test func aKeyAddedOnBothSidesWithDifferentValuesConflicts() throws {
        let ours = replacing(base, "format: paperback\n", "format: paperback\nplace: train\n")
        let theirs = replacing(base, "format: paperback\n", "format: paperback\nplace: home\n")
        let result = try merged(base: base, ours: ours, theirs: theirs)
        #expect(result.conflicts.map(\.key) == ["place"])
        #expect(result.document.text == replacing(base, "format: paperback\n", "format: paperback\nplace: {ours: train, theirs: home}\n"))
    }

    @Test func aKeyRemovedOnOneSideAndUnchangedOnTheOtherGoes() throws {
        let theirs = replacing(base, "# how I felt\nrating: 4\n", "")
        let result = try merged(base: base, ours: base, theirs: theirs)
        #expect(result.conflicts.isEmpty)
        #expect(result.document.text == replacing(base, "rating: 4\n", ""))
    }

    @Test func aKeyRemovedOnOneSideAndChangedOnTheOtherConflicts() throws {
        let ours = replacing(base, "rating: 4", "rating: 5")
        let theirs = replacing(base, "rating: 4\n", "")
        let result = try merged(base: base, ours: ours, theirs: theirs)
        #expect(result.conflicts == [.init(key: "rating", ours: .int(5), theirs: nil)])
        #expect(result.document.text.contains("rating: {ours: 5, theirs: null}\n"))
    }

    @Test func crlfFilesGetTheirLineBreaks() throws {
        let crlfBase = "---\r\ntitle: Dune\r\nrating: 4\r\n---\r\nBody\r\n"
        let ours = "---\r\ntitle: Dune\r\nrating: 5\r\n---\r\nBody\r\n"
        // Their side was saved with LF: the entry taken from it gets ours' CRLF.
        let theirs = "---\ntitle: Dune\nrating: 4\nformat: ebook\n---\nBody\n"
        let result = try merged(base: crlfBase, ours: ours, theirs: theirs)
        #expect(Array(result.document.bytes) == Array("---\r\ntitle: Dune\r\nrating: 5\r\nformat: ebook\r\n---\r\nBody\r\n".utf8))
    }

    @Test func withoutABaseEqualKeysAgreeAndListsUnite() throws {
        let ours = "---\ntitle: Dune\ntags: [a]\n---\n"
        let theirs = "---\ntitle: Dune\ntags: [b]\n---\n"
        let result = try merged(base: nil, ours: ours, theirs: theirs)
        #expect(result.conflicts.isEmpty)
        #expect(result.document.text == "---\ntitle: Dune\ntags: [a, b]\n---\n")
    }

    @Test func listMergeRules() {
        func list(_ items: String...) -> YAMLValue { .list(items.map { .string($0) }) }
        func strings(_ values: [YAMLValue]?) -> [String]? { values?.compactMap(\.text) }
        #expect(strings(FrontMatterMerge.mergedList(base: list("a", "b"), ours: list("b"), theirs: list("a", "b", "c"))) == ["b", "c"])
        #expect(strings(FrontMatterMerge.mergedList(base: list("a"), ours: list("a", "x"), theirs: list("y", "a"))) == ["y", "a", "x"])
        #expect(FrontMatterMerge.mergedList(base: .string("a"), ours: list("a"), theirs: list("b")) == nil)
        #expect(FrontMatterMerge.mergedList(base: nil, ours: .string("a"), theirs: list("b")) == nil)
    }
}
