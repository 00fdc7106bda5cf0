/// A length of time in whole minutes, as people write it: `90`, `45m`, `1h`, `1h30`, `1h30m`,
/// `1:30`. The one parser of minutes (`--minutes`, a book's `duration`, a time into an
/// audiobook) and its one written form, `1h30m` (`45m`, `2h`).
package enum ReadingDuration {
    /// The minutes `text` gives, or `nil` when it is not a duration: a plain whole number (minutes),
    /// `Nh`, `Nm`, `NhM`, `NhMm` (hours, then minutes below 60 when hours are given), or `H:MM`
    /// (minutes two digits). Spaces around the text and between the parts are ignored.
    package static func minutes(_ text: some StringProtocol) -> Int? {
        let bytes = Array(text.utf8).filter { $0 != UInt8(ascii: " ") }
        guard !bytes.isEmpty, bytes.count <= 12 else { return nil }
        func number(_ slice: ArraySlice<UInt8>) -> Int? {
            guard !slice.isEmpty, slice.count <= 9, slice.allSatisfy({ (48...57).contains($0) }) else { return nil }
            return slice.reduce(0) { $0 * 10 + Int($1) - 48 }
        }
        if let colon = bytes.firstIndex(of: UInt8(ascii: ":")) {
            let minutePart = bytes[(colon + 1)...]
            guard minutePart.count == 2, let hours = number(bytes[..<colon]), let minutes = number(minutePart),
                  minutes < 60 else { return nil }
            return hours * 60 + minutes
        }
        if let plain = number(bytes[...]) { return plain }
        var rest = bytes[...]
        if rest.last == UInt8(ascii: "m") { rest = rest.dropLast() }
        if let h = rest.firstIndex(of: UInt8(ascii: "h")) {
            guard let hours = number(rest[..<h]) else { return nil }
            let after = rest[(h + 1)...]
            if after.isEmpty { return bytes.last == UInt8(ascii: "m") ? nil : hours * 60 }
            guard let minutes = number(after), minutes < 60 else { return nil }
            return hours * 60 + minutes
        }
        guard bytes.last == UInt8(ascii: "m") else { return nil }
        return number(rest)
    }

    /// `minutes` written as shelf writes it: `1h30m`, `2h`, `45m`, `0m`.
    package static func text(_ minutes: Int) -> String {
        let (hours, rest) = minutes.quotientAndRemainder(dividingBy: 60)
        if hours == 0 { return "\(rest)m" }
        return rest == 0 ? "\(hours)h" : "\(hours)h\(rest)m"
    }
}
