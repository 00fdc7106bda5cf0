internal import FrontMatter

/// A way the same note could be saved by another editor or system, made from the original bytes.
///
/// None of them makes a note wrong: a file that reads in one shape must read, and be edited
/// byte for byte, in all of them.
enum Variant: String, CaseIterable, Sendable {
    case original
    case crlf = "CRLF"
    case noFinalNewline = "no final newline"
    case bom = "BOM"
    case bodyAfterFence = "body right after the fence"
    case mixedLineEndings = "mixed line endings"

    /// The note in this shape, or `nil` when the shape is the original's own (a note with no
    /// final newline has no other "no final newline" form) and would only repeat it.
    func apply(to bytes: [UInt8]) -> [UInt8]? {
        let result: [UInt8]
        switch self {
        case .original: return bytes
        case .crlf: result = Self.lineBreaks(bytes) { _ in true }
        case .mixedLineEndings: result = Self.lineBreaks(bytes) { $0 % 2 == 1 }
        case .noFinalNewline:
            var end = bytes.endIndex
            while end > 0, bytes[end - 1] == newline || bytes[end - 1] == carriageReturn { end -= 1 }
            result = Array(bytes[..<end])
        case .bom:
            guard !bytes.starts(with: Self.byteOrderMark) else { return nil }
            result = Self.byteOrderMark + bytes
        case .bodyAfterFence:
            // The closing fence is where the parser says it is; a note it cannot read has none to go by.
            guard let document = try? FrontMatterDocument(bytes: bytes), document.hasFrontMatter else { return nil }
            let bodyStart = document.bodyRange.lowerBound
            var index = bodyStart
            while index < bytes.endIndex {
                if bytes[index] == newline {
                    index += 1
                } else if bytes[index] == carriageReturn, index + 1 < bytes.endIndex, bytes[index + 1] == newline {
                    index += 2
                } else {
                    break
                }
            }
            result = Array(bytes[..<bodyStart] + bytes[index...])
        }
        return result == bytes ? nil : result
    }

    static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// The bytes with `\n` ending the lines `crlf` picks (0-based line numbers) turned into `\r\n`.
    private static func lineBreaks(_ bytes: [UInt8], crlf: (Int) -> Bool) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count + bytes.count / 16)
        var line = 0
        for (index, byte) in bytes.enumerated() {
            if byte == newline {
                if crlf(line), index == 0 || bytes[index - 1] != carriageReturn { result.append(carriageReturn) }
                line += 1
            }
            result.append(byte)
        }
        return result
    }
}

let newline = UInt8(ascii: "\n")
let carriageReturn = UInt8(ascii: "\r")
