/// Finds the first byte that is not part of well-formed UTF-8, and where it is; shared with
/// ShelfKit, which reads export files.
package enum UTF8Validator {
    /// The offset of the first invalid byte, or `nil` when all of `bytes[range]` is valid UTF-8.
    package static func firstInvalidByte(in bytes: [UInt8], range: Range<Int>) -> Int? {
        var index = range.lowerBound
        let end = range.upperBound
        while index < end {
            let lead = bytes[index]
            if lead < 0x80 {
                index += 1
                continue
            }
            let length: Int
            var minimumSecond: UInt8 = 0x80
            var maximumSecond: UInt8 = 0xBF
            switch lead {
            case 0xC2...0xDF: length = 2
            case 0xE0: length = 3; minimumSecond = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED: length = 3; maximumSecond = 0x9F
            case 0xF0: length = 4; minimumSecond = 0x90
            case 0xF1...0xF3: length = 4
            case 0xF4: length = 4; maximumSecond = 0x8F
            default: return index
            }
            guard index + length <= end else { return index }
            guard (minimumSecond...maximumSecond).contains(bytes[index + 1]) else { return index }
            for continuation in (index + 2)..<(index + length) where bytes[continuation] & 0xC0 != 0x80 {
                return index
            }
            index += length
        }
        return nil
    }

    /// The 1-based line and column (in characters) of `offset`.
    package static func lineAndColumn(of offset: Int, in bytes: [UInt8]) -> (line: Int, column: Int) {
        var line = 1
        var lineStart = 0
        for index in 0..<min(offset, bytes.count) where bytes[index] == UInt8(ascii: "\n") {
            line += 1
            lineStart = index + 1
        }
        let column = bytes[lineStart..<min(offset, bytes.count)].reduce(1) { count, byte in
            byte & 0xC0 == 0x80 ? count : count + 1
        }
        return (line, column)
    }
}
