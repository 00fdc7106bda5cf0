import Foundation
import FrontMatter
import Testing

/// The hand-written corpus: every file parses to its expected values, or fails where expected.
struct FixtureCorpusTests {
    @Test func corpusIsComplete() {
        #expect(Fixture.all.count >= 40)
        #expect(Fixture.failing.count >= 8)
    }

    @Test(arguments: Fixture.parsing)
    func parsesToExpectedValues(_ fixture: Fixture) throws {
        guard case .parses(let keys, let values, let body) = fixture.expectation else { return }
        let document = try FrontMatterDocument(bytes: fixture.bytes, path: fixture.name + ".md")
        #expect(document.fields.keys == keys)
        for key in keys {
            let actual = try #require(document[key]).value
            let expected = try #require(values[key])
            #expect(actual.isSameValue(as: expected), "\(key): \(actual) != \(expected)")
        }
        #expect(document.body == body)
    }

    @Test(arguments: Fixture.failing)
    func failsWithLocatedError(_ fixture: Fixture) {
        guard case .fails(let line, let column, let fragment) = fixture.expectation else { return }
        #expect {
            try FrontMatterDocument(bytes: fixture.bytes, path: fixture.name + ".md")
        } throws: { error in
            guard let error = error as? FrontMatterError else { return false }
            let location = error.location
            return location.path == fixture.name + ".md"
                && (line == nil || location.line == line)
                && (column == nil || location.column == column)
                && (fragment.isEmpty || error.message.localizedCaseInsensitiveContains(fragment))
                && error.description.hasPrefix("\(fixture.name).md:\(location.line):\(location.column): ")
        }
    }

    @Test(arguments: Fixture.parsing)
    func rendersUnchangedWithoutEdits(_ fixture: Fixture) throws {
        let document = try FrontMatterDocument(bytes: fixture.bytes)
        #expect(document.bytes == fixture.bytes)
    }
}
