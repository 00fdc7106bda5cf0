import FrontMatterFuzzing
@testable import ShelfKit
import ShelfTestSupport
import Testing

/// Random front matter and body bytes — LF, CRLF and mixed line breaks, with and without a final
/// line break or a blank line after the fence, combining marks, emoji and `\r\n` at every
/// boundary — under random sequences of edits through the API. After each edit, the bytes outside
/// the lines of the keys edited are the bytes before it, and what the library reads back is what
/// the file holds.
struct ByteExactEditPropertyTests {
    /// The pieces body lines are made of: what breaks code that treats `\r\n` as text.
    static let pieces = ["word", "e\u{301}", "👩‍👩‍👧", "\r", " ", "#", "---", "ß", "\u{200D}", ""]
    static let breaks = ["\n", "\r\n"]

    /// A random file: `title` first, some book and custom keys, then maybe a body.
    static func file(_ random: inout SeededGenerator) -> [UInt8] {
        func pick<T>(_ items: [T]) -> T { items[Int(random.next() % UInt64(items.count))] }
        let lineBreak = pick(breaks)
        let mixed = random.next() % 4 == 0
        func next() -> String { mixed ? pick(breaks) : lineBreak }
        var text = "---" + lineBreak + "title: T" + pick(["", "e\u{301}", "👩‍👩‍👧"]) + next()
        if random.next() % 2 == 0 { text += "pages: \(random.next() % 900)" + next() }
        if random.next() % 2 == 0 { text += "# a comment" + next() }
        if random.next() % 2 == 0 { text += "tags: [a, b]" + next() }
        if random.next() % 2 == 0 { text += "mood: calm" + next() }
        text += "---"
        let hasBody = random.next() % 4 != 0
        guard hasBody else { return Array((text + (random.next() % 2 == 0 ? next() : "")).utf8) }
        text += next()
        if random.next() % 2 == 0 { text += next() }
        let lines = Int(random.next() % 5) + 1
        for line in 0..<lines {
            text += (0..<Int(random.next() % 4)).map { _ in pick(pieces) }.joined()
            if line < lines - 1 || random.next() % 2 == 0 { text += next() }
        }
        return Array(text.utf8)
    }

    /// The lines of `bytes` (each with its line break) that are not lines of the front matter
    /// entries of `keys`.
    static func linesOutside(_ keys: Set<String>, in bytes: [UInt8]) throws -> [ArraySlice<UInt8>] {
        let document = try FrontMatterDocument(bytes: bytes)
        var skipped = Set<Int>()
        for entry in document.fields.entries where keys.contains(entry.key) {
            let end = entry.value.span.end
            let last = end.offset > 0 && end.offset <= bytes.count && bytes[end.offset - 1] == UInt8(ascii: "\n") ? end.line - 1 : end.line
            for line in entry.keySpan.start.line...max(entry.keySpan.start.line, last) { skipped.insert(line) }
        }
        var lines: [ArraySlice<UInt8>] = []
        var start = 0
        var number = 1
        for index in bytes.indices where bytes[index] == UInt8(ascii: "\n") {
            if !skipped.contains(number) { lines.append(bytes[start...index]) }
            start = index + 1
            number += 1
        }
        if start < bytes.count, !skipped.contains(number) { lines.append(bytes[start...]) }
        return lines
    }

    @Test(arguments: LibraryKind.allCases)
    func editsChangeOnlyTheirKeys(_ kind: LibraryKind) async throws {
        let seeds: ClosedRange<UInt64> = kind == .inMemory ? 1...400 : 1...60
        for seed in seeds {
            var random = SeededGenerator(seed: seed)
            let test = try TestLibrary.make(kind)
            defer { test.remove() }
            let path = "finished/book.md"
            let original = Self.file(&random)
            try await test.write(String(decoding: original, as: UTF8.self), to: path)
            var book = try await test.library.book("book")
            for _ in 0..<4 {
                let before = try #require(await test.bytes(path))
                var edited = book
                let key: String
                switch random.next() % 5 {
                case 0: key = "rating"; edited.rating = Double(1 + random.next() % 5)
                case 1: key = "pages"; edited.pages = edited.pages == nil || random.next() % 2 == 0 ? Int(random.next() % 999) : nil
                case 2: key = "mood"; edited.extra.removeAll { $0.key == "mood" }
                    if random.next() % 2 == 0 { edited.extra.append(.init("mood", .string("e\u{301}👩‍👩‍👧"))) }
                case 3: key = "tags"; edited.tags = random.next() % 2 == 0 ? [] : ["x", "y"]
                default: key = "finished"; edited.finished = testToday
                }
                book = try await test.library.update(edited)
                let after = try #require(await test.bytes(path))
                #expect(try Self.linesOutside([key], in: before) == Self.linesOutside([key], in: after),
                        "seed \(seed), \(key): \(String(decoding: before, as: UTF8.self).debugDescription) → \(String(decoding: after, as: UTF8.self).debugDescription)")
                let reread = try await test.library.book("book")
                #expect(reread == book, "seed \(seed)")
                let document = try FrontMatterDocument(bytes: after)
                let separator = FieldReader.separatorLength(after, at: document.bodyRange.lowerBound)
                #expect(Array(reread.body.utf8) == Array(after[(document.bodyRange.lowerBound + separator)...]), "seed \(seed)")
                // A line an edit adds uses a line break the file already has.
                let added = Set(try Self.linesOutside([], in: after)).subtracting(try Self.linesOutside([], in: before))
                let breaksBefore = Set(try Self.linesOutside([], in: before).map { $0.dropLast(1).last == 13 && $0.last == 10 })
                for line in added where line.last == 10 {
                    #expect(breaksBefore.contains(line.dropLast(1).last == 13), "seed \(seed): \(String(decoding: line, as: UTF8.self).debugDescription)")
                }
            }
        }
    }
}
