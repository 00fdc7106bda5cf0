import Foundation
import FrontMatter
import FrontMatterFuzzing
import PropertyBased
import Testing

/// Random `{…}` front matter under random sequences of edits: each edit reads back as asked,
/// leaves every other key and the body alone, and JSON stays JSON.
struct FlowMappingPropertyTests {
    static let iterations = 1_000

    @Test func editsOfFlowMappingsReadBackAndKeepTheRest() async {
        await propertyCheck(count: Self.iterations, input: Gen.int(in: 0...Int.max)) { seed in
            var random = SeededGenerator(seed: UInt64(seed))
            let start = RandomFlowMapping.make(&random)
            var document: FrontMatterDocument
            do {
                document = try FrontMatterDocument(text: start.text)
            } catch {
                Issue.record("seed \(seed): the generated file does not parse: \(error)\n\(start.text)")
                return
            }
            if start.isJSON { expectJSON(document, seed: seed) }
            for _ in 0..<Int.random(in: 1...6, using: &random) {
                let before = document
                let key = RandomFlowMapping.key(in: document, &random)
                let remove = Int.random(in: 0..<3, using: &random) == 0
                let value = RandomYAML.value(&random)
                let writesJSON = isJSONShaped(document)
                do {
                    if remove {
                        try document.removeValue(forKey: key)
                    } else {
                        try document.setValue(value, forKey: key)
                    }
                } catch {
                    // JSON cannot write NaN or the infinities; nothing else may be refused.
                    if !(writesJSON && !value.isJSONWritable) {
                        Issue.record("seed \(seed): \(remove ? "removing" : "setting \(value) for") \(key) failed: \(error)\n\(before.text)")
                    }
                    #expect(document.bytes == before.bytes)
                    continue
                }
                guard let reread = try? FrontMatterDocument(bytes: document.bytes) else {
                    Issue.record("seed \(seed): the edit does not parse:\n\(document.text)")
                    return
                }
                let context = "seed \(seed), key \(key):\n\(before.text)\n→\n\(document.text)"
                if remove {
                    #expect(reread[key] == nil, "\(context)")
                } else {
                    let expected = writesJSON ? value.readFromJSON : value
                    #expect(reread[key]?.value.isSameValue(as: expected) == true, "\(value): \(context)")
                }
                let others = before.fields.entries.filter { $0.key != key }
                let kept = reread.fields.entries.filter { $0.key != key }
                #expect(others.map(\.key) == kept.map(\.key), "\(context)")
                for (old, new) in zip(others, kept) {
                    #expect(old.value.value.isSameValue(as: new.value.value), "\(old.key): \(context)")
                }
                #expect(reread.body == before.body, "\(context)")
                if start.isJSON { expectJSON(reread, seed: seed) }
            }
        }
    }

    private func isJSONShaped(_ document: FrontMatterDocument) -> Bool {
        document.fields.isFlow && document.fields.entries.allSatisfy { document.bytes[$0.keySpan.start.offset] == UInt8(ascii: "\"") }
    }

    /// The front matter is a JSON object, as Foundation reads it, with the document's keys.
    private func expectJSON(_ document: FrontMatterDocument, seed: Int, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        let bytes = Data(document.bytes[document.frontMatterRange])
        guard let object = try? JSONSerialization.jsonObject(with: bytes) as? [String: Any] else {
            Issue.record("seed \(seed): not JSON:\n\(document.text)", sourceLocation: sourceLocation)
            return
        }
        #expect(Set(object.keys) == Set(document.fields.keys), "seed \(seed):\n\(document.text)", sourceLocation: sourceLocation)
    }
}
