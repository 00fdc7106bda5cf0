import FrontMatter
import FrontMatterFuzzing
import Testing

/// A scalar says whether it is null without resolving its value, and says what resolving it
/// would: every way of writing null, tagged or not, quoted or not, against its neighbours.
struct ScalarNullTests {
    static let texts = ["", "~", "null", "Null", "NULL", "nul", "nulls", "NuLL", "~~", "0", "false", "2024-01-05", "x", " ", "''"]
    static let tags = ["", "!!null ", "!!str ", "!!int ", "!!bool ", "!!float ", "!custom "]
    static let quotes = [("", ""), ("'", "'"), ("\"", "\"")]

    @Test func everySpellingOfNullIsNullExactlyWhenItsValueIs() throws {
        var checked = 0
        for text in Self.texts {
            for tag in Self.tags {
                for (open, close) in Self.quotes {
                    let line = "k: \(tag)\(open)\(text)\(close)"
                    guard let document = try? FrontMatterDocument(text: "---\n\(line)\n---\n") else { continue }
                    let node = try #require(document["k"])
                    let resolvedNull = if case .null = node.value { true } else { false }
                    #expect(node.isNull == resolvedNull, "\(line)")
                    checked += 1
                }
            }
        }
        #expect(checked > 200)
    }

    /// In lists too, and after the plain reader or libyaml, whichever read the block.
    @Test(arguments: [UInt64(5), 6])
    func generatedScalarsAgree(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        for _ in 0..<2_000 {
            let items = (0..<Int.random(in: 1...4, using: &random)).map { _ in
                (Self.tags.randomElement(using: &random) ?? "") + (Self.texts.randomElement(using: &random) ?? "")
            }
            guard let document = try? FrontMatterDocument(text: "---\nk:\n" + items.map { "  - \($0)\n" }.joined() + "---\n"),
                  case .sequence(let list)? = document["k"] else { continue }
            for item in list.items {
                let resolvedNull = if case .null = item.value { true } else { false }
                #expect(item.isNull == resolvedNull, "\(items)")
            }
        }
    }
}
