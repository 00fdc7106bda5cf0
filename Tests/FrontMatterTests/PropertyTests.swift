import FrontMatter
import FrontMatterFuzzing
import PropertyBased
import Testing

/// Properties over random values and documents. Each check draws a seed with PropertyBased,
/// so a failure prints the seed that reproduces it.
struct PropertyTests {
    static let iterations = 1_000

    @Test func writtenValuesReadBackEqual() async {
        await propertyCheck(count: Self.iterations, input: Gen.int(in: 0...Int.max)) { seed in
            var random = SeededGenerator(seed: UInt64(seed))
            let value = RandomYAML.value(&random)
            var document: FrontMatterDocument
            do {
                document = try FrontMatterDocument(text: "---\ntitle: Dune\n---\nBody\n")
                try document.setValue(value, forKey: "value")

                let reread = try FrontMatterDocument(bytes: document.bytes)
                #expect(reread["value"]?.value.isSameValue(as: value) == true, "\(value) → \(document.text)")
                #expect(reread.body == "Body\n")
            } catch {
                Issue.record("\(value): \(error)")
            }
        }
    }

    @Test func singleKeyEditsLeaveEveryOtherLineUnchanged() async {
        await propertyCheck(count: Self.iterations, input: Gen.int(in: 0...Int.max)) { seed in
            var random = SeededGenerator(seed: UInt64(seed))
            let keys = Int.random(in: 1...8, using: &random)
            let text = RandomYAML.document(&random, keys: keys)
            do {
                var document = try FrontMatterDocument(text: text)
                let before = document
                let key = "key\(Int.random(in: 0..<(keys + 1), using: &random))"
                let remove = Int.random(in: 0..<4, using: &random) == 0
                if remove {
                    try document.removeValue(forKey: key)
                    #expect(document[key] == nil)
                } else {
                    let value = RandomYAML.value(&random)
                    try document.setValue(value, forKey: key)
                    #expect(document[key]?.value.isSameValue(as: value) == true)
                }
                #expect(linesOutside(key, before) == linesOutside(key, document), "\(text)\n→\n\(document.text)")
                #expect(document.body == before.body)
            } catch {
                Issue.record("\(error) in\n\(text)")
            }
        }
    }

    /// The document's text without the lines of one entry (and the comment lines indented under it).
    private func linesOutside(_ key: String, _ document: FrontMatterDocument) -> [UInt8] {
        let bytes = document.bytes
        guard let entry = document.fields.entry(key) else { return bytes }
        let newline = UInt8(ascii: "\n")
        var start = entry.keySpan.start.offset
        while start > 0, bytes[start - 1] != newline { start -= 1 }
        var end = max(entry.value.span.end.offset, entry.keySpan.end.offset)
        if !(end > 0 && bytes[end - 1] == newline) {
            while end < bytes.count, bytes[end] != newline { end += 1 }
            end = min(end + 1, bytes.count)
        }
        func line(at offset: Int) -> ArraySlice<UInt8> {
            var stop = offset
            while stop < bytes.count, bytes[stop] != newline { stop += 1 }
            return bytes[offset..<min(stop + 1, bytes.count)]
        }
        // Blank lines after a block scalar are in its span but stay in the file, unless it keeps
        // them (`|+`, `>+`): then they are the value's own last lines.
        let header = line(at: entry.value.span.start.offset).prefix { $0 != UInt8(ascii: "#") }
        let keepsBlankLines = [ScalarStyle.literal, .folded].contains(entry.value.scalar?.style)
            && header.contains(UInt8(ascii: "+"))
        while !keepsBlankLines, end > start {
            var previous = end - 1
            while previous > start, bytes[previous - 1] != newline { previous -= 1 }
            guard previous > start, line(at: previous).allSatisfy({ $0 == 32 || $0 == 13 || $0 == 10 }) else { break }
            end = previous
        }
        func isIndentedComment(_ line: ArraySlice<UInt8>) -> Bool {
            let text = line.drop { $0 == 32 }
            return text.count < line.count && text.first == UInt8(ascii: "#")
        }
        while end < bytes.count, isIndentedComment(line(at: end)) { end += line(at: end).count }
        return Array(bytes[..<start] + bytes[end...])
    }
}
