/// A session file's name: the day, the time the session began when it is known, a number for a
/// second session this device logged in the same minute, and a few letters that keep it apart
/// from a session another device logged in that minute.
///
/// - `2026-11-20-0930-kbxt.md`: began at 09:30 (what shelf writes: the letters are drawn at
///   random, so two devices logging the same book in the same minute write two files, which a
///   merge keeps as two sessions);
/// - `2026-11-20-0930-2-hmqd.md`: a second one this library logged in the same minute, read after
///   the first;
/// - `2026-11-20-0930.md`, `2026-11-20-0930-2.md`, `2026-11-20.md`, `2026-11-20-2.md`: without
///   letters, or without a time (what older libraries and people writing by hand have).
///
/// Four digits after the day are a time, one to three a sequence number and letters the suffix,
/// so the three never mix.
struct SessionFileName: Sendable, Hashable, Comparable {
    var day: Day
    var time: TimeOfDay?
    var sequence: Int
    /// The letters that keep the name apart from another device's (``ReadingSession/suffix``).
    var suffix: String?

    /// Parses a file name; `nil` when it is not a session name.
    init?(_ name: String) {
        guard name.hasSuffix(".md") else { return nil }
        let stem = name.dropLast(3)
        guard stem.utf8.count >= 10, let day = Day(stem.prefix(10)) else { return nil }
        guard stem.utf8.count == 10 || stem.dropFirst(10).first == "-" else { return nil }
        var parts = stem.dropFirst(10).split(separator: "-", omittingEmptySubsequences: false).dropFirst()
        var time: TimeOfDay?
        if let first = parts.first, first.utf8.count == 4, first.utf8.allSatisfy(Self.isDigit) {
            guard let parsed = TimeOfDay(first) else { return nil }
            time = parsed
            parts = parts.dropFirst()
        }
        var sequence = 1
        if let next = parts.first, next.utf8.first.map(Self.isDigit) == true {
            guard (1...3).contains(next.utf8.count), let number = Int(next), number >= 2, String(number) == next else { return nil }
            sequence = number
            parts = parts.dropFirst()
        }
        var suffix: String?
        if let last = parts.first {
            guard Self.isSuffix(last) else { return nil }
            suffix = String(last)
            parts = parts.dropFirst()
        }
        guard parts.isEmpty else { return nil }
        self.init(day: day, time: time, sequence: sequence, suffix: suffix)
    }

    init(day: Day, time: TimeOfDay? = nil, sequence: Int, suffix: String? = nil) {
        self.day = day
        self.time = time
        self.sequence = sequence
        self.suffix = suffix
    }

    var name: String { stem + ".md" }

    /// The name without `.md`: what `shelf` shows and takes to point at a session.
    var stem: String {
        var stem = day.description
        if let time { stem += "-" + time.compact }
        if sequence > 1 { stem += "-\(sequence)" }
        if let suffix { stem += "-" + suffix }
        return stem
    }

    /// Day, then untimed sessions before timed ones, then time, then sequence, then suffix.
    static func < (lhs: SessionFileName, rhs: SessionFileName) -> Bool {
        (lhs.day, lhs.time?.minutes ?? -1, lhs.sequence, lhs.suffix ?? "")
            < (rhs.day, rhs.time?.minutes ?? -1, rhs.sequence, rhs.suffix ?? "")
    }

    /// Whether `text` can be a suffix: 2 to 12 lowercase ASCII letters.
    static func isSuffix(_ text: Substring) -> Bool {
        (2...12).contains(text.utf8.count) && text.utf8.allSatisfy { (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0) }
    }

    /// The letters a new suffix is drawn from: consonants, so that no suffix spells a word, and
    /// none that reads as a digit (`l`).
    static let suffixLetters = Array("bcdfghjkmnpqrstvwxz")

    /// A new suffix of four letters (19⁴ = 130,321 of them), other than those in `taken`: drawn at
    /// random, or from ``ShelfSeed`` when one is set.
    static func newSuffix(avoiding taken: Set<String> = []) -> String {
        var generator = SystemRandomNumberGenerator()
        let seed = ShelfSeed.override
        var draw: UInt64 = 0
        while true {
            let number = seed.map { ShelfSeed.number(draw, seed: $0) } ?? generator.next()
            draw += 1
            var rest = number
            var letters: [Character] = []
            for _ in 0..<4 {
                letters.append(suffixLetters[Int(rest % UInt64(suffixLetters.count))])
                rest /= UInt64(suffixLetters.count)
            }
            let suffix = String(letters)
            if !taken.contains(suffix) { return suffix }
        }
    }

    private static func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }
}
