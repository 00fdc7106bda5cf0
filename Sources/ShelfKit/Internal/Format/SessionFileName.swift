/// A session file's name: the day, the time the session began when it is known, and a number
/// for a second session with the same day and time.
///
/// - `2026-11-20-0930.md`: began at 09:30 (what shelf writes: two devices logging the same book
///   on the same day get different names, so git never sees them collide);
/// - `2026-11-20-0930-2.md`: a second one that began in the same minute;
/// - `2026-11-20.md`, `2026-11-20-2.md`: no time, first and second of the day (what older
///   libraries and people writing by hand have).
///
/// Four digits after the day are a time, one to three a sequence number, so the two never mix.
struct SessionFileName: Sendable, Hashable, Comparable {
    var day: Day
    var time: TimeOfDay?
    var sequence: Int

    /// Parses a file name; `nil` when it is not a session name.
    init?(_ name: String) {
        guard name.hasSuffix(".md") else { return nil }
        let stem = name.dropLast(3)
        guard stem.utf8.count >= 10, let day = Day(stem.prefix(10)) else { return nil }
        var parts = stem.dropFirst(10).split(separator: "-", omittingEmptySubsequences: false).dropFirst()
        guard stem.utf8.count == 10 || stem.dropFirst(10).first == "-" else { return nil }
        var time: TimeOfDay?
        if let first = parts.first, first.utf8.count == 4 {
            guard let parsed = TimeOfDay(first) else { return nil }
            time = parsed
            parts = parts.dropFirst()
        }
        var sequence = 1
        if let last = parts.first {
            guard parts.count == 1, (1...3).contains(last.utf8.count), let number = Int(last), number >= 2,
                  String(number) == last else { return nil }
            sequence = number
        }
        self.init(day: day, time: time, sequence: sequence)
    }

    init(day: Day, time: TimeOfDay? = nil, sequence: Int) {
        self.day = day
        self.time = time
        self.sequence = sequence
    }

    var name: String { stem + ".md" }

    /// The name without `.md`: what `shelf` shows and takes to point at a session.
    var stem: String {
        var stem = day.description
        if let time { stem += "-" + time.compact }
        if sequence > 1 { stem += "-\(sequence)" }
        return stem
    }

    /// Day, then untimed sessions before timed ones, then time, then sequence.
    static func < (lhs: SessionFileName, rhs: SessionFileName) -> Bool {
        (lhs.day, lhs.time?.minutes ?? -1, lhs.sequence) < (rhs.day, rhs.time?.minutes ?? -1, rhs.sequence)
    }
}
