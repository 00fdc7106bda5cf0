/// A replacement of a range of a file's bytes.
struct ByteSplice: Sendable, Hashable {
    var range: Range<Int>
    var replacement: [UInt8]

    init(_ range: Range<Int>, _ replacement: [UInt8]) {
        self.range = range
        self.replacement = replacement
    }

    init(_ range: Range<Int>, _ replacement: String) {
        self.init(range, Array(replacement.utf8))
    }

    /// Applies non-overlapping splices, in any order, to `bytes`. An insertion at the start of
    /// a replaced range lands before the replacement.
    static func apply(_ splices: [ByteSplice], to bytes: [UInt8]) -> [UInt8] {
        var result = bytes
        let ordered = splices.sorted {
            ($0.range.lowerBound, $0.range.upperBound) > ($1.range.lowerBound, $1.range.upperBound)
        }
        for splice in ordered {
            result.replaceSubrange(splice.range, with: splice.replacement)
        }
        return result
    }
}
