/// "Did you mean …?": the names close to what someone typed, and how a message lists them.
/// Unknown slugs and unknown query fields suggest alike, and an app or the CLI suggests its own
/// names (commands, output fields) the same way.
package enum Suggestions {
    /// Up to three of `candidates` within a few edits of `typed` (a third of its length, at
    /// least 1 and at most 3; case ignored), nearest first, then by name.
    package static func closeMatches(to typed: String, among candidates: some Sequence<String>) -> [String] {
        let wanted = typed.lowercased()
        let limit = editLimit(wanted)
        let length = wanted.count
        // Lengths further apart than the limit are further apart in edits too: among 100,000
        // slugs, most are left out before the distance is worked out.
        return candidates
            .compactMap { name -> (name: String, distance: Int)? in
                let folded = name.lowercased()
                guard abs(folded.count - length) <= limit else { return nil }
                return (name, EditDistance.between(wanted, folded))
            }
            .filter { $0.distance <= limit }
            .sorted { ($0.distance, $0.name) < ($1.distance, $1.name) }
            .prefix(3).map(\.name)
    }

    /// The lengths of the names ``closeMatches(to:among:)`` can suggest for `typed`, lowercased:
    /// a name further in length is further in edits too.
    package static func lengths(near typed: String) -> ClosedRange<Int> {
        let wanted = typed.lowercased()
        let limit = editLimit(wanted)
        return max(0, wanted.count - limit)...(wanted.count + limit)
    }

    /// The edits a suggestion may be away from `wanted`: a third of its length, at least 1 and at most 3.
    private static func editLimit(_ wanted: String) -> Int { max(1, min(3, wanted.count / 3)) }

    /// `a`, `a or b`, `a, b or c`.
    package static func alternatives(_ names: [String]) -> String {
        guard names.count > 1, let last = names.last else { return names.first ?? "" }
        return names.dropLast().joined(separator: ", ") + " or " + last
    }
}
