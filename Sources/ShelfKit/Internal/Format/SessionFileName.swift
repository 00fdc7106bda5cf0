/// A session file's name: `YYYY-MM-DD.md` for the first of a day, `YYYY-MM-DD-N.md` after.
struct SessionFileName: Sendable, Hashable, Comparable {
    var day: Day
    var sequence: Int

    /// Parses a file name; `nil` when it is not a session name.
    init?(_ name: String) {
        guard name.hasSuffix(".md") else { return nil }
        let stem = name.dropLast(3)
        guard stem.utf8.count >= 10, let day = Day(stem.prefix(10)) else { return nil }
        let rest = stem.dropFirst(10)
        if rest.isEmpty {
            self.init(day: day, sequence: 1)
            return
        }
        guard rest.first == "-", let sequence = Int(rest.dropFirst()), sequence >= 2,
              String(sequence) == rest.dropFirst() else { return nil }
        self.init(day: day, sequence: sequence)
    }

    init(day: Day, sequence: Int) {
        self.day = day
        self.sequence = sequence
    }

    var name: String { sequence == 1 ? "\(day).md" : "\(day)-\(sequence).md" }

    static func < (lhs: SessionFileName, rhs: SessionFileName) -> Bool {
        (lhs.day, lhs.sequence) < (rhs.day, rhs.sequence)
    }
}
